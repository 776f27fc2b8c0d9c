import { mulDiv } from '../money';
import { modelPrice, type OptionRight, optionPrice, premiumMinor, yearFraction } from './black-scholes';

/*
 * The listed option series (DESIGN.md §7, docs/decisions/015-stock-options.md): which strikes and expiries
 * `/stock/option/rule` offers on an underlying, how many units of it one contract covers, and the premium of
 * a contract at the mark. Pure: the exchange calendar comes in as a predicate over day numbers (days since
 * 1970-01-01, the server's market/calendar convention), prices as bigint minor units.
 */

/** How many units of the underlying one contract covers: 100 shares of a stock, 1 point of an index. */
export function contractSizeOf(kind: 'stock' | 'index'): bigint {
  return kind === 'stock' ? 100n : 1n;
}

/** Strikes listed on each side of the one nearest the spot, so 17 per expiry when none falls below zero. */
export const strikesEachSide = 8;

/** Listed expiries per underlying: the next monthly ones. */
export const expiriesListed = 3;

/** The strike step aims at 2% of the spot: eight steps cover about ±16%, a few standard deviations a month. */
const stepPercent = 2n;

/**
 * The strike interval for a spot price: the smallest "round" step (1, 2, 2.5 or 5 times a power of ten, in
 * price minor units) that is at least 2% of the spot. ENI at 16.500 (scale 3) gets 0.500, UniCredit at
 * 70.000 gets 2.000, the FTSE MIB at 45500.00 gets 1000.00.
 */
export function strikeStep(spot: bigint): bigint {
  if (spot <= 0n) throw new RangeError('strikeStep: the spot is positive');
  const target = mulDiv(spot, stepPercent, 100n, 'ceil');
  for (let power = 1n; ; power *= 10n) {
    // 2.5 of a minor unit is not a price, so 2.5 times a power of ten starts at 25.
    const candidates = power >= 10n ? [power, 2n * power, (5n * power) / 2n, 5n * power] : [1n, 2n, 5n];
    const step = candidates.find((c) => c >= target);
    if (step !== undefined) return step;
  }
}

/**
 * The strikes listed around a spot, lowest first: the multiple of the step nearest the spot (halves up) and
 * `strikesEachSide` steps either side, leaving out any at or below zero.
 */
export function strikesAround(spot: bigint): bigint[] {
  const step = strikeStep(spot);
  const atTheMoney = mulDiv(spot, 1n, step, 'halfEven') * step;
  const strikes: bigint[] = [];
  for (let i = -strikesEachSide; i <= strikesEachSide; i++) {
    const strike = atTheMoney + BigInt(i) * step;
    if (strike > 0n) strikes.push(strike);
  }
  return strikes;
}

const dayMs = 86_400_000;

/** The day number of the third Friday of a month (1–12). */
export function thirdFriday(year: number, month: number): number {
  const first = Math.floor(Date.UTC(year, month - 1, 1) / dayMs);
  // 1970-01-01 was a Thursday: (day + 4) mod 7 is 0 on Sundays, 5 on Fridays.
  const weekday = (((first + 4) % 7) + 7) % 7;
  const firstFriday = first + ((5 - weekday + 7) % 7);
  return firstFriday + 14;
}

/**
 * The expiry dates listed on a day: the third Friday of each month, moved back to the trading day before
 * when the exchange is closed that day (as IDEM does on a holiday), counting only those after `today`, so
 * an option is never bought on its last day. The first `count` of them, soonest first.
 */
export function expiryDays(today: number, isTradingDay: (day: number) => boolean, count = expiriesListed) {
  const date = new Date(today * dayMs);
  let year = date.getUTCFullYear();
  let month = date.getUTCMonth() + 1;
  const days: number[] = [];
  while (days.length < count) {
    let day = thirdFriday(year, month);
    for (let back = 0; back < 10 && !isTradingDay(day); back++) day -= 1;
    if (day > today && isTradingDay(day)) days.push(day);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return days;
}

/** One contract's market: the underlying's last price and the strike in price minor units, expiry in ms. */
export interface SeriesMarket {
  right: OptionRight;
  spot: bigint;
  strike: bigint;
  priceScale: number;
  volatility: number;
  rate: number;
  nowMs: number;
  expiresAtMs: number;
}

/** The model's value of one unit of the underlying (a plain number, never money). */
export function unitValue(m: SeriesMarket): number {
  return optionPrice(m.right, {
    spot: modelPrice(m.spot, m.priceScale),
    strike: modelPrice(m.strike, m.priceScale),
    rate: m.rate,
    dividendYield: 0,
    volatility: m.volatility,
    years: yearFraction(m.nowMs, m.expiresAtMs),
  });
}

/**
 * The premium of `contracts` contracts at the mark in the currency's minor units, rounded once on the total:
 * up when the investor buys, down when they close (black-scholes.ts `premiumMinor`). The same function
 * prices the ticket's preview, the purchase and the close.
 */
export function seriesPremium(
  m: SeriesMarket,
  contracts: bigint,
  contractSize: bigint,
  currencyScale: number,
  side: 'buy' | 'sell',
): bigint {
  return premiumMinor(unitValue(m), contracts * contractSize, currencyScale, side);
}
