import { userDocumentGenerate, userDocuments } from '@piazza/contract/calls/documents';
import type { DocumentKind, DocumentView } from '@piazza/contract/calls/documents-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { PagedList, usePagedFilter } from '../../shared/ui/paged-list';
import styles from './documents.module.css';
import { downloadDocument } from './download-document';

const kinds: readonly DocumentKind[] = ['statement', 'tax', 'costs'];

/** The year and month in Italy now: documents' periods are Italian calendar months and years. */
function romeNow(): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
  })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** The periods offered for a kind, newest first: the last twelve months, or this year and the three before. */
function periodsOf(kind: DocumentKind): string[] {
  const { year, month } = romeNow();
  if (kind !== 'statement') return [0, 1, 2, 3].map((back) => String(year - back));
  return Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** Makes one document of a chosen kind and period; the list shows it when ready. */
function MakeDocument() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DocumentKind>('statement');
  const periods = periodsOf(kind);
  const [period, setPeriod] = useState(periods[0] ?? '');
  const kindId = useId();
  const periodId = useId();
  const make = useMutation({
    mutationFn: () => api(userDocumentGenerate, { kind, period }),
    onSuccess: () => {
      Toast.show({ content: t('docs.made') });
      void queryClient.invalidateQueries({ queryKey: [userDocuments.path] });
    },
  });
  return (
    <Card testId="documents-make">
      <p className={styles.intro}>{t('docs.intro')}</p>
      <div className={styles.form}>
        <label className={styles.field} htmlFor={kindId}>
          {t('docs.kindLabel')}
          <select
            id={kindId}
            value={kind}
            data-testid="documents-kind"
            onChange={(e) => {
              const next = e.target.value as DocumentKind;
              setKind(next);
              setPeriod(periodsOf(next)[0] ?? '');
            }}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`docs.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field} htmlFor={periodId}>
          {t('docs.periodLabel')}
          <select
            id={periodId}
            value={period}
            data-testid="documents-period"
            onChange={(e) => setPeriod(e.target.value)}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <Button
          color="primary"
          block
          loading={make.isPending}
          onClick={() => make.mutate()}
          data-testid="documents-make-button"
        >
          {t('docs.make')}
        </Button>
      </div>
    </Card>
  );
}

function DocumentRow({ doc }: { doc: DocumentView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const save = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadDocument(doc.id, format, `piazza-${doc.kind}-${doc.period}.${format}`);
    } catch {
      Toast.show({ content: t('docs.downloadFailed') });
    } finally {
      setBusy(null);
    }
  };
  const spot = doc.closing.filter((c) => c.purpose === 'spot');
  return (
    <article className={styles.row} data-testid={`document-${doc.kind}-${doc.period}-${doc.language}`}>
      <div className={styles.head}>
        <span>
          {t(`docs.kind.${doc.kind}`)} {doc.period}
        </span>
        <span className={styles.tag}>{t(doc.final ? 'docs.final' : 'docs.provisional')}</span>
      </div>
      {spot.map((c) => (
        <p key={c.asset} className={styles.meta} data-testid={`document-closing-${c.asset}`}>
          {t('docs.closing', { 0: moneyText(c.balance, c.asset, lang) })}
        </p>
      ))}
      <p className={styles.meta}>
        {t('docs.madeAt', { 0: formatDateTime(doc.createdAt) })} · {t(`docs.language.${doc.language}`)}
      </p>
      <div className={styles.actions}>
        <Button
          size="small"
          loading={busy === 'pdf'}
          onClick={() => void save('pdf')}
          data-testid="document-pdf"
        >
          {t('docs.pdf')}
        </Button>
        <Button
          size="small"
          loading={busy === 'csv'}
          onClick={() => void save('csv')}
          data-testid="document-csv"
        >
          {t('docs.csv')}
        </Button>
      </div>
    </article>
  );
}

/**
 * user/documents: make a statement, a tax certificate or a costs report of a period, and the documents made
 * (by the month's and the year's jobs, or on request), each saved as PDF or CSV. Test ids: `documents-make`,
 * `documents-kind`, `documents-period`, `documents-make-button`, `document-{kind}-{period}-{language}`, `document-pdf`,
 * `document-csv`, `document-closing-{asset}`, `documents-empty`.
 */
export function DocumentsPanel() {
  const { t } = useTranslation();
  const { size, more } = usePagedFilter('all');
  const list = useApiQuery(userDocuments, { page: 1, size }, { staleTime: 0 });
  return (
    <>
      <MakeDocument />
      <PagedList
        query={list}
        size={size}
        onMore={more}
        moreLabel={t('docs.more')}
        empty={t('docs.empty')}
        emptyTestId="documents-empty"
        row={(d: DocumentView) => <DocumentRow key={d.id} doc={d} />}
      />
    </>
  );
}
