import type { Language } from '@piazza/contract/wire';
import { useTranslation } from 'react-i18next';
import { DataTable } from './data-table';
import figureStyles from './data-table.module.css';
import { formatDay, formatLedgerAmount } from './format';

interface NavClose {
  day: string;
  nav: string;
  value: string;
  units: string;
  fee: string;
}

/**
 * A managed product's NAV at each close, newest first: the NAV, the book's value, the units out and the fee
 * taken. The same table for a fund and an AI product; `texts` names the catalogue section of its heads.
 */
export function NavHistory({
  navs,
  texts,
  testId,
  money,
}: {
  navs: readonly NavClose[];
  texts: 'fundsAdmin' | 'robotsAdmin';
  testId: string;
  money: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  // Days are YYYY-MM-DD, so the text order is the calendar's.
  const newestFirst = [...navs].sort((a, b) => b.day.localeCompare(a.day));
  return (
    <>
      <h2>{t(`${texts}.navHistory`)}</h2>
      <DataTable
        rows={newestFirst}
        testId={testId}
        head={[
          t(`${texts}.day`),
          t(`${texts}.nav`),
          t(`${texts}.value`),
          t(`${texts}.units`),
          t(`${texts}.fee`),
        ]}
        row={(n) => (
          <tr key={n.day}>
            <td className="nowrap">{formatDay(n.day)}</td>
            <td className={figureStyles.figures}>{formatLedgerAmount(n.nav, lang)}</td>
            <td className={figureStyles.figures}>{money(n.value)}</td>
            <td className={figureStyles.figures}>{formatLedgerAmount(n.units, lang)}</td>
            <td className={figureStyles.figures}>{money(n.fee)}</td>
          </tr>
        )}
      />
    </>
  );
}
