import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { seriesPremium } from '@piazza/core/trading/option-series';

/** What the ticket has chosen of a series. */
export interface OptionChoice {
  right: 'call' | 'put';
  expiresAt: number;
  strike: string;
  contracts: number;
}

export interface OptionPreview {
  /** What one contract costs, as the series lists it. */
  perContract: string;
  /** What the whole purchase costs: core's rule on the same inputs the server used, rounded once on the total. */
  total: string;
  belowMinimum: boolean;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

/**
 * The premium of the ticket's choice, by the server's own function (packages/core option-series) on the
 * inputs the series answered with: its spot, volatility, rate and the instant it was quoted. Null when the
 * choice is not one of the series' strikes and expiries.
 */
export function previewOption(series: OptionSeries, choice: OptionChoice): OptionPreview | null {
  const expiry = series.expiries.find((e) => e.expiresAt === choice.expiresAt);
  const quote = expiry?.strikes.find((s) => s.strike === choice.strike);
  if (!expiry || !quote || !Number.isInteger(choice.contracts) || choice.contracts < 1) return null;
  const priceScale = decimalsOf(series.spot);
  const currencyScale = decimalsOf(series.minimumAmount);
  const spot = parseAmount(series.spot, priceScale);
  const strike = parseAmount(choice.strike, priceScale);
  const minimum = parseAmount(series.minimumAmount, currencyScale);
  if (spot === null || strike === null || minimum === null) return null;
  const total = seriesPremium(
    {
      right: choice.right,
      spot,
      strike,
      priceScale,
      volatility: Number(series.volatility),
      rate: Number(series.rate),
      nowMs: series.quotedAt,
      expiresAtMs: expiry.expiresAt,
    },
    BigInt(choice.contracts),
    BigInt(series.contractSize),
    currencyScale,
    'buy',
  );
  return {
    perContract: choice.right === 'call' ? quote.call : quote.put,
    total: formatAmount(total, currencyScale),
    belowMinimum: total < minimum,
  };
}

/** A yearly fraction as the wire sends it ("0.22") shown as a percentage ("22%"), without float arithmetic. */
export function percentText(fraction: string, lang: Language): string {
  const minor = parseAmount(fraction, 6);
  return minor === null ? '--' : `${formatNumber({ minor, scale: 4 }, lang, 0)}%`;
}
