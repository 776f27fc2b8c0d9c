import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from './data-table';
import { usePageParams } from './page-params';
import { Pager } from './pager';

const listSize = 20;

interface Page<Row> {
  list: Row[];
  total: number;
}

/** A list's page as the address names it (?page=2), fetched under `[key, page]`, 20 rows a page. */
export function usePagedList<Row>(
  key: string,
  fetch: (p: { page: number; size: number }) => Promise<Page<Row>>,
) {
  const { page, update } = usePageParams([] as const);
  const query = useQuery({ queryKey: [key, page], queryFn: () => fetch({ page, size: listSize }) });
  return { query, page, size: listSize, onPage: (p: number) => update({ page: p }) };
}

/**
 * A back-office list screen: its title and hint, a button that opens the form for a new record (for operators
 * allowed to save one), and the records' page as a table with the pager under it. The form is given `close`.
 */
export function ListScreen<Row>({
  name,
  title,
  hint,
  create,
  paged,
  table,
}: {
  /** The section's name: its heading is `{name}-title`. */
  name: string;
  title: string;
  hint: string;
  create: { allowed: boolean; label: string; testId: string; form: (close: () => void) => ReactNode };
  paged: { query: UseQueryResult<Page<Row>>; page: number; size: number; onPage: (page: number) => void };
  table: { testId: string; head: readonly string[]; row: (row: Row) => ReactNode };
}) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState(false);
  const { query, page, size, onPage } = paged;
  return (
    <section aria-labelledby={`${name}-title`}>
      <h1 id={`${name}-title`}>{title}</h1>
      <p className="muted">{hint}</p>
      {create.allowed && !writing && (
        <button type="button" onClick={() => setWriting(true)} data-testid={create.testId}>
          {create.label}
        </button>
      )}
      {writing && create.form(() => setWriting(false))}
      {query.isPending && <p className="muted">{t('common.loading')}</p>}
      {query.data && <DataTable rows={query.data.list} {...table} />}
      {query.data && query.data.list.length > 0 && (
        <Pager page={page} size={size} total={query.data.total} onPage={onPage} />
      )}
    </section>
  );
}
