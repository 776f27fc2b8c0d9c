import { formatNumber } from '@piazza/core/format-number';
import type { Side } from '@piazza/core/trading/fills';
import { useTranslation } from 'react-i18next';
import { usePersisted } from '../storage/persisted';
import { NumberField } from './ticket-confirm';

/** Where a ticket's stop and limit prices stand, as the ticket measured them against its instrument. */
export interface TriggerPrices {
  side: Side;
  /** A stop or stop-limit order: the stop price is asked. */
  stopped: boolean;
  /** A limit or stop-limit order: the limit price is asked. */
  limited: boolean;
  stopText: string;
  limitText: string;
  /** The stop price is not on the instrument's tick. */
  stopOffTick: boolean;
  /** The stop price is on the wrong side of the last price (SPEC §5: a buy stop above it, a sell stop below). */
  stopWrong: boolean;
  /** The limit price is not on the instrument's tick. */
  limitOffTick: boolean;
  /** The last price as the wire writes it, or null before the first quote. */
  last: string | null;
  tickSize: string;
  priceScale: number;
}

/**
 * The stop and limit price boxes of a share or coin ticket, each with the hint that says what the price does or
 * why it cannot be sent. Ids and test ids are `{prefix}-stop-price`, `{prefix}-stop-hint`, `{prefix}-limit-price`
 * and `{prefix}-limit-hint`.
 */
export function TriggerPriceFields({
  prefix,
  limitLabel,
  prices: p,
  onStop,
  onLimit,
}: {
  prefix: string;
  limitLabel: string;
  prices: TriggerPrices;
  onStop: (stopPrice: string) => void;
  onLimit: (limitPrice: string) => void;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const tick = formatNumber(p.tickSize, lang, p.priceScale);
  const stopHint = p.stopWrong
    ? p.side === 'buy'
      ? 'trade.stopWrong.buy'
      : 'trade.stopWrong.sell'
    : p.side === 'buy'
      ? 'trade.stopHint.buy'
      : 'trade.stopHint.sell';
  return (
    <>
      {p.stopped && (
        <NumberField
          id={`${prefix}-stop-price`}
          label={t('trade.stopPrice')}
          value={p.stopText}
          scale={p.priceScale}
          onChange={onStop}
          hint={{
            text: p.stopOffTick
              ? t('trade.offTick', { 0: tick })
              : t(stopHint, { 0: p.last === null ? '--' : formatNumber(p.last, lang, p.priceScale) }),
            error: p.stopOffTick || p.stopWrong,
            testId: `${prefix}-stop-hint`,
          }}
        />
      )}
      {p.limited && (
        <NumberField
          id={`${prefix}-limit-price`}
          label={limitLabel}
          value={p.limitText}
          scale={p.priceScale}
          onChange={onLimit}
          hint={{
            text: t(p.limitOffTick ? 'trade.offTick' : 'trade.limitHint', { 0: tick }),
            error: p.limitOffTick,
            testId: `${prefix}-limit-hint`,
          }}
        />
      )}
    </>
  );
}
