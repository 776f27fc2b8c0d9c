import type { adminFundInfo } from '@piazza/contract/calls/fund-admin';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { formatDay, formatLedgerAmount } from '../../shared/format';
import styles from './funds.module.css';

/**
 * A fund's book as the server measured it: cash and holdings, the book's fills (newest first), the NAV of each
 * close (newest first) and every follower's order with its investor.
 */
export function FundBook({ info }: { info: CallOutput<typeof adminFundInfo> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { fund, cash, holdings, trades, orders } = info;
  // Days are YYYY-MM-DD, so the text order is the calendar's.
  const navs = [...info.navs].sort((a, b) => b.day.localeCompare(a.day));
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${fund.currency}`;
  const empty = <p className="muted">{t('common.empty')}</p>;
  return (
    <>
      <h2>{t('fundsAdmin.book')}</h2>
      <dl className={styles.terms}>
        <div>
          <dt className="muted">{t('fundsAdmin.cash')}</dt>
          <dd data-testid="fund-cash">{money(cash)}</dd>
        </div>
        <div>
          <dt className="muted">{t('fundsAdmin.bookValue')}</dt>
          <dd>{money(fund.bookValue)}</dd>
        </div>
      </dl>
      <h3>{t('fundsAdmin.holdings')}</h3>
      {holdings.length === 0 ? (
        empty
      ) : (
        <div className={styles.scroll}>
          <table data-testid="fund-holdings">
            <thead>
              <tr>
                <th scope="col">{t('fundsAdmin.symbol')}</th>
                <th scope="col">{t('fundsAdmin.security')}</th>
                <th scope="col">{t('fundsAdmin.quantity')}</th>
                <th scope="col">{t('fundsAdmin.lastPrice')}</th>
                <th scope="col">{t('fundsAdmin.value')}</th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => (
                <tr key={h.symbol}>
                  <td>{h.symbol}</td>
                  <td>{h.name}</td>
                  <td className={styles.figures}>{formatLedgerAmount(h.quantity, lang)}</td>
                  <td className={styles.figures}>{money(h.lastPrice)}</td>
                  <td className={styles.figures}>{money(h.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t('fundsAdmin.trades')}</h3>
      {trades.length === 0 ? (
        empty
      ) : (
        <div className={styles.scroll}>
          <table data-testid="fund-trades">
            <thead>
              <tr>
                <th scope="col">{t('fundsAdmin.at')}</th>
                <th scope="col">{t('fundsAdmin.symbol')}</th>
                <th scope="col">{t('fundsAdmin.side')}</th>
                <th scope="col">{t('fundsAdmin.quantity')}</th>
                <th scope="col">{t('fundsAdmin.price')}</th>
                <th scope="col">{t('fundsAdmin.value')}</th>
                <th scope="col">{t('fundsAdmin.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {trades.map((x, i) => (
                // A fill has no id on the wire; the list is the server's, newest first, and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={i}>
                  <td className="nowrap">{formatDateTime(x.at)}</td>
                  <td>{x.symbol}</td>
                  <td>{t(`fundsAdmin.side.${x.side}`)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(x.quantity, lang)}</td>
                  <td className={styles.figures}>{money(x.price)}</td>
                  <td className={styles.figures}>{money(x.value)}</td>
                  <td className={styles.figures}>{money(x.fee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('fundsAdmin.navHistory')}</h2>
      {navs.length === 0 ? (
        empty
      ) : (
        <div className={styles.scroll}>
          <table data-testid="fund-navs">
            <thead>
              <tr>
                <th scope="col">{t('fundsAdmin.day')}</th>
                <th scope="col">{t('fundsAdmin.nav')}</th>
                <th scope="col">{t('fundsAdmin.value')}</th>
                <th scope="col">{t('fundsAdmin.units')}</th>
                <th scope="col">{t('fundsAdmin.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {navs.map((n) => (
                <tr key={n.day}>
                  <td className="nowrap">{formatDay(n.day)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(n.nav, lang)}</td>
                  <td className={styles.figures}>{money(n.value)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(n.units, lang)}</td>
                  <td className={styles.figures}>{money(n.fee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('fundsAdmin.followers')}</h2>
      {orders.length === 0 ? (
        empty
      ) : (
        <div className={styles.scroll}>
          <table data-testid="fund-orders">
            <thead>
              <tr>
                <th scope="col">{t('fundsAdmin.investor')}</th>
                <th scope="col">{t('fundsAdmin.state')}</th>
                <th scope="col">{t('fundsAdmin.invested')}</th>
                <th scope="col">{t('fundsAdmin.units')}</th>
                <th scope="col">{t('fundsAdmin.value')}</th>
                <th scope="col">{t('fundsAdmin.since')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid={`fund-order-${o.id}`}>
                  <td>{o.investor}</td>
                  <td>{t(`fundsAdmin.order.${o.state}`)}</td>
                  <td className={styles.figures}>{money(o.invested)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(o.units, lang)}</td>
                  <td className={styles.figures}>{money(o.value)}</td>
                  <td className="nowrap">{formatDate(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
