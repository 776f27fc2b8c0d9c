import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../shared/session';
import styles from './kyc-review.module.css';

interface KycDocumentProps {
  label: string;
  /** The operator-only document path the server gave (GET with the access-token header). */
  url: string;
  kind: 'jpeg' | 'png' | 'pdf';
  testId: string;
}

/** The bytes of a document as a local object URL: the server hands them only to a request with the token. */
async function fetchDocument(url: string): Promise<string> {
  const res = await fetch(url, { headers: { 'access-token': session.token() ?? '' } });
  if (!res.ok) throw new Error(`document HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/** One side of a KYC document: an image inline, a PDF behind a button that opens it in a new tab. */
export function KycDocument({ label, url, kind, testId }: KycDocumentProps) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let made: string | null = null;
    let live = true;
    setObjectUrl(null);
    setFailed(false);
    fetchDocument(url)
      .then((u) => {
        made = u;
        if (live) setObjectUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);

  return (
    <figure className={styles.kycDocument} data-testid={testId}>
      <figcaption>{label}</figcaption>
      {failed && <p className="muted">{t('kycReview.docFailed')}</p>}
      {!failed && !objectUrl && <p className="muted">{t('common.loading')}</p>}
      {objectUrl && kind !== 'pdf' && <img src={objectUrl} alt={label} data-testid={`${testId}-image`} />}
      {objectUrl && kind === 'pdf' && (
        <a href={objectUrl} target="_blank" rel="noopener noreferrer" data-testid={`${testId}-pdf`}>
          {t('kycReview.openPdf')}
        </a>
      )}
    </figure>
  );
}
