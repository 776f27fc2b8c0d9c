import type { adminFundInfo } from '@piazza/contract/calls/fund-admin';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/data-table';
import { formatLedgerAmount } from '../../shared/format';
import { NavHistory } from '../../shared/nav-history';
import { TermsList } from '../../shared/terms-list';
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
      <h2>{t('fundsAdmin.book')}</h2>
      <TermsList
        terms={[
          [t('fundsAdmin.cash'), money(cash), 'fund-cash'],
          [t('fundsAdmin.bookValue'), money(fund.bookValue)],
        ]}
      />
      <h3>{t('fundsAdmin.holdings')}</h3>
      <DataTable
        rows={holdings}
        testId="fund-holdings"
        head={[
          t('fundsAdmin.symbol'),
          t('fundsAdmin.security'),
          t('fundsAdmin.quantity'),
          t('fundsAdmin.lastPrice'),
          t('fundsAdmin.value'),
        ]}
        row={(h) => (
          <tr key={h.symbol}>
            <td>{h.symbol}</td>
            <td>{h.name}</td>
            <td className={styles.figures}>{formatLedgerAmount(h.quantity, lang)}</td>
            <td className={styles.figures}>{money(h.lastPrice)}</td>
            <td className={styles.figures}>{money(h.value)}</td>
          </tr>
        )}
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

      <h2>{t('fundsAdmin.followers')}</h2>
      <DataTable
        rows={orders}
        testId="fund-orders"
        head={[
          t('fundsAdmin.investor'),
          t('fundsAdmin.state'),
          t('fundsAdmin.invested'),
          t('fundsAdmin.units'),
          t('fundsAdmin.value'),
          t('fundsAdmin.since'),
        ]}
        row={(o) => (
          <tr key={o.id} data-testid={`fund-order-${o.id}`}>
            <td>{o.investor}</td>
            <td>{t(`fundsAdmin.order.${o.state}`)}</td>
            <td className={styles.figures}>{money(o.invested)}</td>
            <td className={styles.figures}>{formatLedgerAmount(o.units, lang)}</td>
            <td className={styles.figures}>{money(o.value)}</td>
            <td className="nowrap">{formatDate(o.createdAt)}</td>
          </tr>
        )}
      />
    </>
  );
}
