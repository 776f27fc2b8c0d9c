import { kycUpload } from '@piazza/contract/calls/kyc';
import type { CallOutput } from '@piazza/contract/define';
import { DotLoading } from 'antd-mobile';
import { CameraOutline, FileOutline, FolderOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRefusal } from '../../shared/api/failures';
import { upload } from '../../shared/api/upload';
import { checkFile, documentMaxMb } from './document-file';
import styles from './kyc.module.css';

export type UploadedDocument = CallOutput<typeof kycUpload> & {
  /**
   * A local object URL to show the image (null for a PDF, or while a stored one is being fetched); whoever
   * keeps the draft releases it.
   */
  preview: string | null;
};

interface DocumentInputProps {
  label: string;
  value: UploadedDocument | null;
  onChange: (doc: UploadedDocument | null) => void;
  testId: string;
}

/**
 * One side of the document: the phone's camera or a file, checked here for type and size, uploaded at once,
 * then shown as a preview. A refusal (ours or the server's) is said under the box and nothing is kept.
 */
export function DocumentInput({ label, value, onChange, testId }: DocumentInputProps) {
  const { t } = useTranslation();
  const cameraId = useId();
  const filesId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const check = await checkFile(file);
    if (!check.ok) {
      setProblem(
        check.problem === 'type' ? t('kycPage.file.type') : t('kycPage.file.size', { 0: documentMaxMb }),
      );
      return;
    }
    setBusy(true);
    try {
      const stored = await upload(kycUpload, file, file.name);
      onChange({ ...stored, preview: stored.kind === 'pdf' ? null : URL.createObjectURL(file) });
    } catch (err) {
      // The wrapper toasted it; it stays under the box too, since a toast lasts a second.
      if (err instanceof ApiRefusal) setProblem(err.msg);
    } finally {
      setBusy(false);
    }
  };

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    void choose(e.target.files?.[0]);
    // The same file may be chosen again after a refusal.
    e.target.value = '';
  };

  return (
    <div className={styles.document} data-testid={testId}>
      <span className={styles.documentLabel}>{label}</span>
      <label htmlFor={filesId} className={styles.documentBox} data-testid={`${testId}-box`}>
        {busy ? (
          <span className={styles.documentHint}>
            <DotLoading /> {t('kycPage.uploading')}
          </span>
        ) : value ? (
          value.kind === 'pdf' ? (
            <span className={styles.documentHint}>
              <FileOutline fontSize={32} />
              {t('kycPage.pdf')}
            </span>
          ) : value.preview ? (
            <img
              className={styles.preview}
              src={value.preview}
              alt={label}
              data-testid={`${testId}-preview`}
            />
          ) : (
            <DotLoading />
          )
        ) : (
          <span className={styles.documentHint}>
            <CameraOutline fontSize={32} />
            {t('kycPage.pick')}
          </span>
        )}
      </label>
      <div className={styles.documentActions}>
        <label htmlFor={cameraId} className={styles.documentAction} data-testid={`${testId}-camera`}>
          <CameraOutline /> {t('kycPage.camera')}
        </label>
        <label htmlFor={filesId} className={styles.documentAction} data-testid={`${testId}-files`}>
          <FolderOutline /> {t('kycPage.files')}
        </label>
      </div>
      {value && !busy && (
        <span className={styles.documentDone} data-testid={`${testId}-done`}>
          {t('kycPage.uploaded')}
        </span>
      )}
      {problem && (
        <p className={styles.problem} role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      )}
      {/* On a phone the first opens the back camera at once; the second offers the gallery and files. */}
      <input
        id={cameraId}
        className={styles.fileInput}
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        onChange={picked}
        data-testid={`${testId}-camera-input`}
      />
      <input
        id={filesId}
        className={styles.fileInput}
        type="file"
        accept="image/*,application/pdf"
        onChange={picked}
        data-testid={`${testId}-input`}
      />
    </div>
  );
}
