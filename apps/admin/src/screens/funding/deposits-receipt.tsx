import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { session } from '../../shared/session';
import styles from './deposits-receipt.module.css';

/** Operators read uploads at this path with their access-token header (never a public address). */
const documentPath = '/ipcg-api/admin/kyc/document';

interface Receipt {
  kind: 'image' | 'pdf';
  blob: Blob;
}

/**
 * Fetches the receipt with the operator's token (an <img src> cannot send one); it is shown from an object
 * URL: images inline, a PDF as a download. An answer that is not a document (another role's refusal, a
 * missing file) says so in a line instead of a broken image.
 */
async function fetchReceipt(id: string): Promise<Receipt | null> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = session.token();
  if (token) headers['access-token'] = token;
  const res = await fetch(`${documentPath}?id=${encodeURIComponent(id)}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !(type.startsWith('image/') || type === 'application/pdf')) return null;
  return { kind: type === 'application/pdf' ? 'pdf' : 'image', blob: await res.blob() };
}

export function DepositReceipt({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  const receipt = useQuery({
    queryKey: ['receipt', receiptId],
    queryFn: () => fetchReceipt(receiptId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const blob = receipt.data?.blob;
  const [url, setUrl] = useState<string | null>(null);
  // The object URL holds the bytes in memory until it is revoked, so it lives exactly as long as this view.
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);

  if (receipt.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!receipt.data) {
    return (
      <p className="muted" data-testid="deposit-receipt-missing">
        {t('deposits.receiptUnavailable')}
      </p>
    );
  }
  if (!url) return null;
  if (receipt.data.kind === 'pdf') {
    return (
      <a href={url} download={`receipt-${receiptId}.pdf`} data-testid="deposit-receipt-pdf">
        {t('deposits.receiptPdf')}
      </a>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer" className={styles.receipt}>
      <img src={url} alt={t('deposits.receiptAlt')} data-testid="deposit-receipt-image" />
    </a>
  );
}
