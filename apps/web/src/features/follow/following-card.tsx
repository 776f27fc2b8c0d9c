import type { FundOrderView } from '@piazza/contract/calls/fund-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { profitTone, signedMoney } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { shareCount } from '../../shared/ticket/order-figures';
import listing from '../../shared/ui/listing.module.css';
import productStyles from '../../shared/ui/products.module.css';
import { followingTone, type ProfitLine } from './fund-figures';

/** A following's state as a badge. */
export function FollowingState({ order }: { order: FundOrderView }) {
  const { t } = useTranslation();
  return (
    <span className={productStyles[followingTone(order.state)]} data-testid={`following-state-${order.id}`}>
      {t(`follow.state.${order.state}`)}
    </span>
  );
}

/**
 * One following: what went in, the units and what they are worth at the last NAV (or what came back), its
 * profit as the server measured it (unrealised while held, realised once paid back), its dates, and what may
 * be done with it (`children`). The title opens the fund when `onOpen` is given.
 */
export function FollowingCard({
  order: o,
  profit,
  onOpen,
  children,
}: {
  order: FundOrderView;
  profit: ProfitLine | undefined;
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const money = (amount: string) => moneyText(amount, o.currency, lang);
  const returned = o.state === 'returned';
  const figures: Figure[] = [
    [t('follow.invested'), money(o.invested), `following-invested-${o.id}`],
    returned && o.returned !== null
      ? [t('follow.returned'), money(o.returned), `following-returned-${o.id}`]
      : [t('follow.value'), money(o.value), `following-value-${o.id}`],
  ];
  if (profit) {
    const amount = returned ? profit.realised : profit.unrealised;
    figures.push([
      t(returned ? 'follow.realised' : 'follow.unrealised'),
      signedMoney(amount, o.currency, lang),
      `following-profit-${o.id}`,
      toneClass(profitTone(amount)),
    ]);
  }
  if (!returned) figures.push([t('follow.units'), shareCount(o.units, lang), `following-units-${o.id}`]);
  figures.push([t('follow.since'), formatDateTime(o.createdAt), `following-since-${o.id}`]);
  if (o.redeemAt !== null) {
    figures.push([t('follow.redeemAsked'), formatDateTime(o.redeemAt), `following-redeem-at-${o.id}`]);
  }
  if (o.returnedAt !== null) {
    figures.push([t('follow.returnedAt'), formatDateTime(o.returnedAt), `following-returned-at-${o.id}`]);
  }
  return (
    <section className={productStyles.panel} data-testid={`following-${o.id}`}>
      {onOpen ? (
        <button
          type="button"
          className={productStyles.titleButton}
          onClick={onOpen}
          data-testid={`following-open-${o.id}`}
        >
          <span className={listing.name}>{o.fundName}</span>
          <span className={listing.symbol}>{t('follow.toFund')}</span>
        </button>
      ) : (
        <h2 className={listing.name}>{t('follow.yourFollowing')}</h2>
      )}
      <div className={listing.badges}>
        <FollowingState order={o} />
      </div>
      <FigureList figures={figures} />
      {o.state === 'redeeming' && <p className={listing.note}>{t('follow.redeemingNote')}</p>}
      {children}
    </section>
  );
}
