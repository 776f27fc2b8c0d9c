import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import formCard from './form-card.module.css';

/**
 * A table that scrolls inside its card on a phone, or the muted "empty" line when it has no rows. The screen
 * writes each row (its key, its test id, its cells); the table writes the heads.
 */
export function DataTable<Row>({
  rows,
  head,
  testId,
  row,
}: {
  rows: readonly Row[];
  head: readonly string[];
  testId: string;
  row: (row: Row, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t('common.empty')}</p>;
  return (
    <div className={formCard.scroll}>
      <table data-testid={testId}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
