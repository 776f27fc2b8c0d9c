import { adminBond } from '@piazza/contract/calls/bonds';
import type { Language } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '../../shared/data-table';
import { formatDay, formatLedgerAmount } from '../../shared/format';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { type Term, TermsList } from '../../shared/terms-list';
import { bondCoupon, shownEur, shownPrice, shownYield } from './bond-figures';
import styles from './bonds.module.css';

/**
 * One government bond (decision 064): its terms and today's quote, the investors holding it, what the next coupon
 * and the redemption will pay on today's holdings, and the coupons and redemptions the jobs paid.
 */
export default function BondScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const isin = useParams().isin ?? '';
  const info = useQuery({ queryKey: ['admin-bond', isin], queryFn: () => request(adminBond, { isin }) });
  const back = (
    <p>
      <Link to="/bonds">← {t('bondsAdmin.back')}</Link>
    </p>
  );

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data)
    return (
      <section aria-labelledby="bond-title">
        {back}
        <h1 id="bond-title">{t('bondsAdmin.title')}</h1>
        <RefusalLine error={info.error} testId="bond-refusal" alert />
      </section>
    );
  const { bond: b, holders, payments, nextCoupon, redemption } = info.data;
  const terms: Term[] = [
    [t('bondsAdmin.isin'), b.isin, 'bond-isin'],
    [t('bondsAdmin.state'), t(`bondsAdmin.state.${b.state}`), 'bond-state'],
    [t('bondsAdmin.coupon'), bondCoupon(b, t, lang), 'bond-coupon'],
    [t('bondsAdmin.issue'), formatDay(b.issueDate)],
    [t('bondsAdmin.maturity'), formatDay(b.maturityDate), 'bond-maturity'],
    [t('bondsAdmin.price'), shownPrice(b.price, lang), 'bond-price'],
    [t('bondsAdmin.bidAsk'), `${shownPrice(b.bid, lang)} / ${shownPrice(b.ask, lang)}`],
    [t('bondsAdmin.accrued'), shownPrice(b.accruedPer100, lang), 'bond-accrued'],
    [t('bondsAdmin.yieldGross'), shownYield(b.yieldGross, lang), 'bond-yield-gross'],
    [t('bondsAdmin.yieldNet'), shownYield(b.yieldNet, lang), 'bond-yield-net'],
    [t('bondsAdmin.valueDate'), formatDay(b.valueDate), 'bond-value-date'],
  ];

  return (
    <section aria-labelledby="bond-title">
      {back}
      <h1 id="bond-title">
        {t(`bondsAdmin.kind.${b.kind}`)} {bondCoupon(b, t, lang)} {formatDay(b.maturityDate)}
      </h1>
      <TermsList terms={terms} testId="bond-terms" />

      <h2>{t('bondsAdmin.nextTitle')}</h2>
      <p className={styles.next} data-testid="bond-next-coupon">
        {nextCoupon
          ? t('bondsAdmin.nextCoupon', {
              date: formatDay(nextCoupon.date),
              gross: formatLedgerAmount(nextCoupon.gross, lang),
              investors: nextCoupon.investors,
              nominal: formatLedgerAmount(nextCoupon.nominal, lang),
              withheld: formatLedgerAmount(nextCoupon.withheld, lang),
              net: formatLedgerAmount(nextCoupon.net, lang),
            })
          : t('bondsAdmin.noCoupon')}
      </p>
      {b.state !== 'matured' && (
        <p className={styles.next} data-testid="bond-redemption">
          {t('bondsAdmin.redemption', {
            date: formatDay(redemption.date),
            nominal: formatLedgerAmount(redemption.nominal, lang),
            investors: redemption.investors,
          })}
        </p>
      )}

      <h2>{t('bondsAdmin.holdersTitle')}</h2>
      <DataTable
        rows={holders}
        testId="bond-holders"
        head={[t('bondsAdmin.investor'), t('bondsAdmin.nominal'), t('bondsAdmin.cost')]}
        row={(h) => (
          <tr key={h.userId} data-testid={`bond-holder-${h.userId}`}>
            <td>
              <Link to={`/users/${h.userId}`}>{h.account}</Link>
            </td>
            <td className="num">{shownEur(h.nominal, lang)}</td>
            <td className="num">{shownEur(h.cost, lang)}</td>
          </tr>
        )}
      />

      <h2>{t('bondsAdmin.paymentsTitle')}</h2>
      <DataTable
        rows={payments}
        testId="bond-payments"
        head={[
          t('bondsAdmin.paymentKind'),
          t('bondsAdmin.date'),
          t('bondsAdmin.holders'),
          t('bondsAdmin.nominal'),
          t('bondsAdmin.gross'),
          t('bondsAdmin.withheld'),
          t('bondsAdmin.net'),
        ]}
        row={(p) => (
          <tr key={`${p.kind}:${p.date}`} data-testid={`bond-payment-${p.kind}-${p.date}`}>
            <td>{t(`bondsAdmin.paymentKind.${p.kind}`)}</td>
            <td>{formatDay(p.date)}</td>
            <td className="num">{p.investors}</td>
            <td className="num">{shownEur(p.nominal, lang)}</td>
            <td className="num">{shownEur(p.gross, lang)}</td>
            <td className="num">{shownEur(p.withheld, lang)}</td>
            <td className="num">{shownEur(p.net, lang)}</td>
          </tr>
        )}
      />
    </section>
  );
}
