import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { Pager } from '../../shared/pager';
import styles from './news.module.css';

interface ContentRecord {
  id: number;
  withdrawnAt?: number | null;
}

/**
 * The content screens' one shape (articles, feeds, banners, polls): a title and hint, "new" for operators who
 * may write, the records as a table whose last column edits or withdraws a record, and the form opened in place
 * for a new record or the one being edited — one at a time.
 */
export function EditableRecords<Row extends ContentRecord>(props: {
  /** The section's name: its heading is `{name}-title`. */
  name: string;
  title: string;
  hint: ReactNode;
  writable: boolean;
  create: { label: string; testId: string };
  query: UseQueryResult<{ list: Row[]; total?: number }>;
  table: {
    testId: string;
    head: readonly string[];
    rowTestId: (row: Row) => string;
    cells: (row: Row) => ReactNode;
  };
  /** The form for `row`, or for a new record when it is undefined; `done` closes it and refreshes the list. */
  form: (row: Row | undefined, done: () => void) => ReactNode;
  refresh: () => void;
  /** Whether a record may be edited (imported articles may not); every one may by default. */
  editable?: (row: Row) => boolean;
  editTestId?: (row: Row) => string;
  withdraw?: { run: (row: Row) => Promise<unknown>; testId?: (row: Row) => string };
  /** More actions after edit and withdraw (a feed's "import now"). */
  actions?: (row: Row) => ReactNode;
  pager?: { page: number; size: number; onPage: (page: number) => void };
}) {
  const {
    name,
    title,
    hint,
    writable,
    create,
    query,
    table,
    form,
    refresh,
    editable,
    withdraw,
    actions,
    pager,
  } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const withdrawing = useMutation({
    mutationFn: (row: Row) => (withdraw ? withdraw.run(row) : Promise.resolve()),
    onSuccess: () => {
      showNotice('success', t('newsAdmin.withdrawn'));
      refresh();
    },
  });
  const list = query.data?.list ?? [];
  const done = () => {
    setEditing(null);
    refresh();
  };
  return (
    <section aria-labelledby={`${name}-title`}>
      <h1 id={`${name}-title`}>{title}</h1>
      <p className="muted">{hint}</p>
      {writable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid={create.testId}>
          {create.label}
        </button>
      )}
      {editing !== null && (
        <div key={editing}>
          {form(
            list.find((row) => row.id === editing),
            done,
          )}
        </div>
      )}
      {query.isPending && <p className="muted">{t('common.loading')}</p>}
      {query.data && list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid={table.testId}>
            <thead>
              <tr>
                {[...table.head, t('newsAdmin.actions')].map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row.id} data-testid={table.rowTestId(row)}>
                  {table.cells(row)}
                  <td className="row">
                    {writable && (editable?.(row) ?? true) && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(row.id)}
                        data-testid={props.editTestId?.(row)}
                      >
                        {t('newsAdmin.edit')}
                      </button>
                    )}
                    {writable && withdraw && !row.withdrawnAt && (
                      <button
                        type="button"
                        className="danger"
                        disabled={withdrawing.isPending}
                        onClick={() => withdrawing.mutate(row)}
                        data-testid={withdraw.testId?.(row)}
                      >
                        {t('newsAdmin.withdraw')}
                      </button>
                    )}
                    {writable && actions?.(row)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pager && (
            <Pager page={pager.page} size={pager.size} total={query.data?.total ?? 0} onPage={pager.onPage} />
          )}
        </div>
      )}
    </section>
  );
}
