import { formatAmount, parseAmount } from '@piazza/core/money';
import { seriesPremium } from '@piazza/core/trading/option-series';

/*
 * A held option valued at a live price of its underlying, as the server values it
 * (apps/server/src/modules/options/option-rows.ts markValueOf): core's seriesPremium on the sell side,
 * rounded once on the total, with the volatility and rate the server sent, the strike's price decimals and
 * the premium's money decimals, at the instant of the quote.
 */

/** What of a held option its live mark needs, as the server sends it. */
export interface LiveOptionInput {
  right: 'call' | 'put';
  strike: string;
  expiresAt: number;
  contracts: number;
  contractSize: string;
  premium: string;
  volatility: string;
  rate: string;
}

export interface LiveOptionValue {
  markValue: string;
  pnl: string;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

/** What closing would pay at `last` quoted at `atMs`, and the P&L against the premium; null if unparsable. */
export function liveOptionValue(option: LiveOptionInput, last: string, atMs: number): LiveOptionValue | null {
  const priceScale = decimalsOf(option.strike);
  const currencyScale = decimalsOf(option.premium);
  const spot = parseAmount(last, priceScale);
  const strike = parseAmount(option.strike, priceScale);
  const premium = parseAmount(option.premium, currencyScale);
  const contractSize = parseAmount(option.contractSize, 0);
  const volatility = Number(option.volatility);
  const rate = Number(option.rate);
  if (spot === null || strike === null || premium === null || contractSize === null) return null;
  if (!Number.isFinite(volatility) || !Number.isFinite(rate) || !Number.isInteger(option.contracts))
    return null;
  const value = seriesPremium(
    {
      right: option.right,
      spot,
      strike,
      priceScale,
      volatility,
      rate,
      nowMs: atMs,
      expiresAtMs: option.expiresAt,
    },
    BigInt(option.contracts),
    contractSize,
    currencyScale,
    'sell',
  );
  return { markValue: formatAmount(value, currencyScale), pnl: formatAmount(value - premium, currencyScale) };
}
