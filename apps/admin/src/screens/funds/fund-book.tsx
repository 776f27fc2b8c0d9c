import type { adminFundInfo } from '@piazza/contract/calls/fund-admin';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatDateTime } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/data-table';
import { formatLedgerAmount } from '../../shared/format';
import { NavHistory } from '../../shared/nav-history';
import { BookHoldings, BookOrders } from '../../shared/product-book';
import styles from './funds.module.css';

/**
 * A fund's book as the server measured it: cash and holdings, the book's fills (newest first), the NAV of each
 * close (newest first) and every follower's order with its investor.
 */
export function FundBook({ info }: { info: CallOutput<typeof adminFundInfo> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { fund, cash, holdings, trades, orders } = info;
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${fund.currency}`;
  return (
    <>
      <BookHoldings
        kind="fund"
        cash={cash}
        more={[[t('fundsAdmin.bookValue'), money(fund.bookValue)]]}
        holdings={holdings}
        money={money}
      />

      <h3>{t('fundsAdmin.trades')}</h3>
      <DataTable
        rows={trades}
        testId="fund-trades"
        head={[
          t('fundsAdmin.at'),
          t('fundsAdmin.symbol'),
          t('fundsAdmin.side'),
          t('fundsAdmin.quantity'),
          t('fundsAdmin.price'),
          t('fundsAdmin.value'),
          t('fundsAdmin.fee'),
        ]}
        row={(x, i) => (
          // A fill has no id on the wire; the list is the server's, newest first, and never reordered.
          <tr key={i}>
            <td className="nowrap">{formatDateTime(x.at)}</td>
            <td>{x.symbol}</td>
            <td>{t(`fundsAdmin.side.${x.side}`)}</td>
            <td className={styles.figures}>{formatLedgerAmount(x.quantity, lang)}</td>
            <td className={styles.figures}>{money(x.price)}</td>
            <td className={styles.figures}>{money(x.value)}</td>
            <td className={styles.figures}>{money(x.fee)}</td>
          </tr>
        )}
      />

      <NavHistory navs={info.navs} texts="fundsAdmin" testId="fund-navs" money={money} />

      <BookOrders kind="fund" orders={orders} money={money} dateOf={(o) => o.createdAt} />
    </>
  );
}
