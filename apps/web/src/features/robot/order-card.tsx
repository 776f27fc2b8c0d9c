import type { RobotOrderView } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { profitTone, signedMoney } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import listing from '../../shared/ui/listing.module.css';
import productStyles from '../../shared/ui/products.module.css';
import { orderTone } from './robot-figures';

/** A subscription's state as a badge; a redeeming one says whether it matured or the investor asked out. */
export function OrderState({ order: o }: { order: RobotOrderView }) {
  const { t } = useTranslation();
  return (
    <span className={productStyles[orderTone(o.state)]} data-testid={`robot-order-state-${o.id}`}>
      {o.state === 'redeeming' && o.redeemReason
        ? t(`robot.redeem.${o.redeemReason}`)
        : t(`robot.state.${o.state}`)}
    </span>
  );
}

/** What the investor put in, what it is worth (or what came back) and the difference, coloured. */
export function orderFigures(o: RobotOrderView, t: TFunction, lang: Language): Figure[] {
  const money = (amount: string) => moneyText(amount, o.currency, lang);
  return [
    [t('robot.invested'), money(o.invested), `robot-order-invested-${o.id}`],
    o.state === 'returned' && o.returned !== null
      ? [t('robot.returned'), money(o.returned), `robot-order-returned-${o.id}`]
      : [t('robot.value'), money(o.value), `robot-order-value-${o.id}`],
    [
      t('robot.profit'),
      signedMoney(o.profit, o.currency, lang),
      `robot-order-profit-${o.id}`,
      toneClass(profitTone(o.profit)),
    ],
  ];
}

/** One subscription in the list; the whole card opens it. */
export function OrderCard({ order: o, onOpen }: { order: RobotOrderView; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <section className={productStyles.panel} data-testid={`robot-order-${o.id}`}>
      <button
        type="button"
        className={productStyles.titleButton}
        onClick={onOpen}
        data-testid={`robot-order-open-${o.id}`}
      >
        <span className={listing.name}>{o.robotName}</span>
        <span className={listing.symbol}>{t('robot.endsShort', { 0: formatDate(o.endsAt) })}</span>
      </button>
      <div className={listing.badges}>
        <OrderState order={o} />
      </div>
      <FigureList figures={orderFigures(o, t, lang)} />
    </section>
  );
}
