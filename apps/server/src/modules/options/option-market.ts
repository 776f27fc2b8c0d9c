import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import { type AppropriatenessProfile, verdictFor } from '@piazza/core/appropriateness';
import { formatAmount } from '@piazza/core/money';
import {
  contractSizeOf,
  expiryDays,
  type SeriesMarket,
  seriesPremium,
  strikesAround,
} from '@piazza/core/trading/option-series';
import type { Queryable } from '../../db/db';
import { calendarFor } from '../../market/calendar/calendar-for';
import { localDayOf } from '../../market/calendar/zoned-time';
import type { Quote } from '../../market/feed';
import type { Instrument } from '../../market/instrument';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { readProfile } from '../kyc';
import { currencyScaleOf, optionAmountMinOf, tradingSettingsFor } from '../trading';

/*
 * What the option calls share: which instruments carry options, the listed series of one of them now, the
 * model's inputs and the investor's appropriateness verdict (docs/decisions/015-stock-options.md).
 */

/** The risk-free rate per currency, continuously compounded: about the ECB deposit rate and the Fed funds rate. */
export const riskFreeRates: Readonly<Record<string, number>> = { EUR: 0.02, USD: 0.04 };

/** The most contracts one order may buy. */
export const optionContractsMax = 1000;

export type OptionUnderlying = Instrument & { kind: 'stock' | 'index' };

// A share listed after start (an IPO) has no price history for the model's volatility to stand on, and an
// exchange lists options on a new share only after months of trading: none on them.
const carriesOptions = (i: Instrument): i is OptionUnderlying =>
  (i.kind === 'stock' && i.listed && i.firstDay === undefined) || i.kind === 'index';

export function optionUnderlyings(services: Services): OptionUnderlying[] {
  return services.market.instruments.filter(carriesOptions);
}

/** A listed stock or an index of the catalogue, or a refusal naming the symbol. */
export function underlyingOf(services: Services, symbol: string): OptionUnderlying {
  const instrument = services.market.instrument(symbol);
  if (!instrument || !carriesOptions(instrument)) throw new Refusal('option.unknownUnderlying', [symbol]);
  return instrument;
}

export function rateOf(currency: string): number {
  return riskFreeRates[currency] ?? 0;
}

/** The underlying's quote at an instant, or the market's refusal when the feed cannot answer. */
export async function quoteOf(services: Services, symbol: string, atMs: number): Promise<Quote> {
  try {
    return await services.market.quote(symbol, atMs);
  } catch (err) {
    if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
    throw err;
  }
}

/** The expiry instants listed now: the session close of each expiry day on the underlying's calendar. */
export function expiriesOf(instrument: Instrument, nowMs: number): number[] {
  const calendar = calendarFor(instrument.calendar);
  const today = localDayOf(calendar.timeZone, nowMs);
  return expiryDays(today, (day) => calendar.sessionOnDay(day) !== null).map(
    (day) => (calendar.sessionOnDay(day) as { close: number }).close,
  );
}

export type OptionVerdict = 'fit' | 'warn' | 'refuse' | 'none';

/** The investor's appropriateness verdict for options; 'none' before the questionnaire. */
export async function optionVerdictOf(q: Queryable, userId: number): Promise<OptionVerdict> {
  const profile = await readProfile(q, userId);
  if (!profile) return 'none';
  const answers: AppropriatenessProfile = {
    experience: profile.experience,
    risk: profile.riskPreference,
    objective: profile.objective,
  };
  return verdictFor(answers, 'options');
}

/** The model's inputs for one contract of a series at an instant. */
export function seriesMarket(
  instrument: Instrument,
  right: 'call' | 'put',
  spot: bigint,
  strike: bigint,
  expiresAtMs: number,
  nowMs: number,
): SeriesMarket {
  return {
    right,
    spot,
    strike,
    priceScale: instrument.priceScale,
    volatility: instrument.volatility,
    rate: rateOf(instrument.currency),
    nowMs,
    expiresAtMs,
  };
}

/**
 * SPEC §5 "minimum options purchase amount": the operator's, per market (trading settings, decision 021;
 * 50.00 EUR or USD as installed), in minor units of the underlying's currency.
 */
export async function minimumAmountOf(q: Queryable, instrument: Instrument): Promise<bigint> {
  return optionAmountMinOf(await tradingSettingsFor(q, instrument));
}

/** The listed series of an underlying now: expiries, strikes and what a call and a put contract cost to buy. */
export async function seriesOf(
  q: Queryable,
  services: Services,
  instrument: OptionUnderlying,
  verdict: OptionVerdict,
  nowMs: number,
): Promise<OptionSeries> {
  const quote = await quoteOf(services, instrument.symbol, nowMs);
  const currencyScale = await currencyScaleOf(q, instrument.currency);
  const contractSize = contractSizeOf(instrument.kind);
  const price = (minor: bigint) => formatAmount(minor, instrument.priceScale);
  const money = (minor: bigint) => formatAmount(minor, currencyScale);
  const strikes = strikesAround(quote.last);
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    kind: instrument.kind,
    currency: instrument.currency,
    marketOpen: quote.status === 'open',
    spot: price(quote.last),
    volatility: String(instrument.volatility),
    rate: String(rateOf(instrument.currency)),
    contractSize: String(contractSize),
    minimumAmount: money(await minimumAmountOf(q, instrument)),
    contractsMax: optionContractsMax,
    verdict,
    expiries: expiriesOf(instrument, nowMs).map((expiresAt) => ({
      expiresAt,
      strikes: strikes.map((strike) => {
        const contract = (right: 'call' | 'put') =>
          money(
            seriesPremium(
              seriesMarket(instrument, right, quote.last, strike, expiresAt, nowMs),
              1n,
              contractSize,
              currencyScale,
              'buy',
            ),
          );
        return { strike: price(strike), call: contract('call'), put: contract('put') };
      }),
    })),
    quotedAt: nowMs,
  };
}
