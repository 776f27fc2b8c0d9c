import { adminDocumentGenerate, adminDocuments } from '@piazza/contract/calls/documents-admin';
import {
  adminDocumentFilePath,
  type DocumentKind,
  documentKinds,
} from '@piazza/contract/calls/documents-shapes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { Field } from '../../shared/field';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { session } from '../../shared/session';
import { useMe } from '../../shared/use-me';
import { UserLookup } from '../../shared/user-lookup';
import styles from './documents.module.css';

/** Saves a document's bytes: the server hands them only to a request with the operator's token. */
async function download(id: string, format: 'pdf' | 'csv', fileName: string): Promise<void> {
  const query = new URLSearchParams({ id, format }).toString();
  const res = await fetch(`/ipcg-api${adminDocumentFilePath}?${query}`, {
    headers: { 'access-token': session.token() ?? '' },
  });
  if (!res.ok) throw new Error(`document HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Documents (issue 19, decision 050): an investor's statements, tax certificates and costs reports, made by the
 * jobs at each period's end; an operator can make one again for them (audited), in the investor's language.
 */
export default function DocumentsScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const [kind, setKind] = useState<DocumentKind>('statement');
  const [period, setPeriod] = useState('');
  const list = useQuery({
    queryKey: ['documents', userId],
    queryFn: () => request(adminDocuments, { userId: userId ?? 0, size: 50 }),
    enabled: userId !== null,
    retry: false,
  });
  const make = useMutation({
    mutationFn: () => request(adminDocumentGenerate, { userId: userId ?? 0, kind, period }),
    onSuccess: (doc) => {
      showNotice(
        'success',
        t('documentsAdmin.made', { kind: t(`documentsAdmin.kind.${doc.kind}`), period: doc.period }),
      );
      void queryClient.invalidateQueries({ queryKey: ['documents', userId] });
    },
  });
  const load = (id: number | null) => {
    make.reset();
    setUserId(id);
  };
  const save = (id: string, format: 'pdf' | 'csv', name: string) =>
    download(id, format, name).catch(() => showNotice('error', t('documentsAdmin.downloadFailed')));
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">{t('documentsAdmin.title')}</h1>
      <p className="muted">{t('documentsAdmin.hint')}</p>
      <UserLookup
        testId="documents"
        texts={{ field: t('documentsAdmin.userId'), button: t('documentsAdmin.load') }}
        onLoad={load}
      />
      <RefusalLine error={list.error} testId="documents-refusal" />
      {userId !== null && can(role, adminDocumentGenerate) && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            make.mutate();
          }}
        >
          <Field label={t('documentsAdmin.kind')}>
            <select
              value={kind}
              onChange={(e) => setKind(e.target.value as DocumentKind)}
              data-testid="documents-kind"
            >
              {documentKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`documentsAdmin.kind.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('documentsAdmin.period')}>
            <input
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              data-testid="documents-period"
            />
          </Field>
          <button type="submit" disabled={make.isPending} data-testid="documents-make">
            {t('documentsAdmin.make')}
          </button>
        </form>
      )}
      <RefusalLine error={make.error} testId="documents-make-refusal" />
      {list.data && list.data.list.length === 0 && (
        <p className="muted" data-testid="documents-none">
          {t('documentsAdmin.none')}
        </p>
      )}
      {list.data && list.data.list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="documents-table">
            <thead>
              <tr>
                <th scope="col">{t('documentsAdmin.col.kind')}</th>
                <th scope="col">{t('documentsAdmin.col.period')}</th>
                <th scope="col">{t('documentsAdmin.col.language')}</th>
                <th scope="col">{t('documentsAdmin.col.state')}</th>
                <th scope="col">{t('documentsAdmin.col.madeAt')}</th>
                <th scope="col">{t('documentsAdmin.col.files')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((d) => (
                <tr key={d.id} data-testid={`documents-row-${d.kind}-${d.period}-${d.language}`}>
                  <td>{t(`documentsAdmin.kind.${d.kind}`)}</td>
                  <td>{d.period}</td>
                  <td>{d.language}</td>
                  <td>{t(d.final ? 'documentsAdmin.final' : 'documentsAdmin.provisional')}</td>
                  <td>{formatTime(d.createdAt, '--')}</td>
                  <td className={styles.files}>
                    <button type="button" onClick={() => void save(d.id, 'pdf', `${d.kind}-${d.period}.pdf`)}>
                      PDF
                    </button>
                    <button type="button" onClick={() => void save(d.id, 'csv', `${d.kind}-${d.period}.csv`)}>
                      CSV
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
