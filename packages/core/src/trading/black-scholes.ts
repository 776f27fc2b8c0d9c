import { mulDiv } from '../money';

/*
 * European options priced by Black–Scholes–Merton with a continuous dividend yield (DESIGN.md §7: real
 * calls and puts, never binary options). The model works in JS numbers, like every published table it is
 * checked against; only `premiumMinor` and `intrinsicMinor` turn a figure into money, as bigint minor units
 * with a named rounding.
 */

export const optionRights = ['call', 'put'] as const;
export type OptionRight = (typeof optionRights)[number];

/**
 * One option's market, in plain units: spot and strike in the underlying's currency per unit of the
 * underlying, rates and volatility as annual fractions (0.05 is 5%) continuously compounded, years to
 * expiry on an ACT/365 clock (see `yearFraction`).
 */
export interface OptionInputs {
  spot: number;
  strike: number;
  rate: number;
  dividendYield: number;
  volatility: number;
  years: number;
}

/** Sensitivities shown beside a quote; display figures, never money. */
export interface Greeks {
  /** ∂V/∂S: change in value per 1 unit of the underlying's price. */
  delta: number;
  /** ∂²V/∂S². */
  gamma: number;
  /** ∂V/∂σ per 1.00 of volatility (Hull's convention); divide by 100 for a one-point move. */
  vega: number;
  /** −∂V/∂T per year, so the decay of a bought option is negative; divide by 365 for a calendar day. */
  theta: number;
  /** ∂V/∂r per 1.00 of the rate. */
  rho: number;
}

const msPerYear = 365 * 24 * 60 * 60 * 1000;
const sqrtTwoPi = Math.sqrt(2 * Math.PI);

/**
 * Years from one instant to another counted ACT/365, the calendar-time convention of Hull's examples;
 * zero once the later instant has passed, since an expired option has no time value left.
 */
export function yearFraction(fromMs: number, toMs: number): number {
  return Math.max(0, toMs - fromMs) / msPerYear;
}

/** The standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp((-x * x) / 2) / sqrtTwoPi;
}

/**
 * The standard normal distribution function Φ(x), by Hart's double-precision algorithm 5666 (J. F. Hart,
 * Computer Approximations, 1968) in the form Graeme West gives (Better approximations to cumulative normal
 * functions, Wilmott Magazine, 2005): a rational approximation in |x| below 7.07 and a continued fraction
 * beyond. Against mpmath at 50 digits on a grid of 200,001 points over [−38, 38] its absolute error is at
 * most 2.3e-16 (one unit of double rounding near 1) and its relative error in the lower tail at most 9e-9;
 * both far below what moves a premium by a cent. The lower tail is computed directly and reflected for
 * x > 0, so a small probability is never found as 1 minus a number near 1.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else {
    const e = Math.exp((-z * z) / 2);
    if (z < 7.07106781186547) {
      let n = 3.52624965998911e-2 * z + 0.700383064443688;
      n = n * z + 6.37396220353165;
      n = n * z + 33.912866078383;
      n = n * z + 112.079291497871;
      n = n * z + 221.213596169931;
      n = n * z + 220.206867912376;
      let d = 8.83883476483184e-2 * z + 1.75566716318264;
      d = d * z + 16.064177579207;
      d = d * z + 86.7807322029461;
      d = d * z + 296.564248779674;
      d = d * z + 637.333633378831;
      d = d * z + 793.826512519948;
      d = d * z + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let f = z + 0.65;
      f = z + 4 / f;
      f = z + 3 / f;
      f = z + 2 / f;
      f = z + 1 / f;
      tail = e / f / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

/**
 * d1 = (ln(S/K) + (r − q + σ²/2)T) / (σ√T) and d2 = d1 − σ√T. Only defined with time and volatility left;
 * `optionPrice` and `greeks` handle the limits T = 0 and σ = 0 themselves.
 */
export function d1d2(inputs: OptionInputs): { d1: number; d2: number } {
  checkInputs(inputs);
  const { spot, strike, rate, dividendYield, volatility, years } = inputs;
  if (years === 0 || volatility === 0) throw new RangeError('d1d2: needs time and volatility left');
  const sigmaRootT = volatility * Math.sqrt(years);
  const d1 =
    (Math.log(spot / strike) + (rate - dividendYield + (volatility * volatility) / 2) * years) / sigmaRootT;
  return { d1, d2: d1 - sigmaRootT };
}

/**
 * The Black–Scholes–Merton value of one unit:
 *   call = S·e^(−qT)·Φ(d1) − K·e^(−rT)·Φ(d2),   put = K·e^(−rT)·Φ(−d2) − S·e^(−qT)·Φ(−d1).
 * With no time or no volatility left the option is worth its discounted forward intrinsic value,
 * max(±(S·e^(−qT) − K·e^(−rT)), 0), which at expiry is max(±(S − K), 0).
 */
export function optionPrice(right: OptionRight, inputs: OptionInputs): number {
  checkInputs(inputs);
  const { spot, strike, rate, dividendYield, volatility, years } = inputs;
  const forwardSpot = spot * Math.exp(-dividendYield * years);
  const presentStrike = strike * Math.exp(-rate * years);
  if (years === 0 || volatility === 0) {
    const sign = right === 'call' ? 1 : -1;
    return Math.max(sign * (forwardSpot - presentStrike), 0);
  }
  const { d1, d2 } = d1d2(inputs);
  const value =
    right === 'call'
      ? forwardSpot * normalCdf(d1) - presentStrike * normalCdf(d2)
      : presentStrike * normalCdf(-d2) - forwardSpot * normalCdf(-d1);
  // Subtraction of two nearly equal terms can dip a hair below zero far out of the money.
  return Math.max(value, 0);
}

/** Delta, gamma, vega, theta and rho of one unit, in Hull's conventions (see `Greeks`). */
export function greeks(right: OptionRight, inputs: OptionInputs): Greeks {
  checkInputs(inputs);
  const { spot, strike, rate, dividendYield, volatility, years } = inputs;
  const carrySpot = Math.exp(-dividendYield * years);
  const discount = Math.exp(-rate * years);
  if (years === 0 || volatility === 0) {
    // The value is the deterministic max(±(S·e^(−qT) − K·e^(−rT)), 0): linear where in the money, flat where not.
    const sign = right === 'call' ? 1 : -1;
    const inTheMoney = sign * (spot * carrySpot - strike * discount) > 0;
    if (!inTheMoney) return { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
    return {
      delta: sign * carrySpot,
      gamma: 0,
      vega: 0,
      theta: sign * (dividendYield * spot * carrySpot - rate * strike * discount),
      rho: sign * strike * years * discount,
    };
  }
  const { d1, d2 } = d1d2(inputs);
  const rootT = Math.sqrt(years);
  const density = normalPdf(d1);
  const gamma = (carrySpot * density) / (spot * volatility * rootT);
  const vega = spot * carrySpot * density * rootT;
  const decay = (-spot * carrySpot * density * volatility) / (2 * rootT);
  if (right === 'call') {
    return {
      delta: carrySpot * normalCdf(d1),
      gamma,
      vega,
      theta:
        decay + dividendYield * spot * carrySpot * normalCdf(d1) - rate * strike * discount * normalCdf(d2),
      rho: strike * years * discount * normalCdf(d2),
    };
  }
  return {
    delta: carrySpot * (normalCdf(d1) - 1),
    gamma,
    vega,
    theta:
      decay - dividendYield * spot * carrySpot * normalCdf(-d1) + rate * strike * discount * normalCdf(-d2),
    rho: -strike * years * discount * normalCdf(-d2),
  };
}

/** Which way the premium moves: the investor buys to open and pays it, or sells to close and receives it. */
export type PremiumSide = 'buy' | 'sell';

/**
 * The premium of `units` units of the underlying (contracts × contract size) in the currency's minor units,
 * from the model's value of one unit, rounded once on the total. A buy rounds up and a sell to close rounds
 * down: the platform writes every option, so it never sells one below its model value nor buys one back
 * above it, and no sequence of buys and closes at an unchanged mark can earn the investor the rounding
 * (the difference is under one minor unit per trade). The figure is read as the decimal it prints as,
 * so the named rounding is the only one.
 */
export function premiumMinor(
  premiumPerUnit: number,
  units: bigint,
  currencyScale: number,
  side: PremiumSide,
): bigint {
  if (!Number.isFinite(premiumPerUnit) || premiumPerUnit < 0) {
    throw new RangeError(`premiumMinor: a premium is finite and not negative, not ${premiumPerUnit}`);
  }
  if (units <= 0n) throw new RangeError('premiumMinor: units are positive');
  const { num, den } = decimalFraction(premiumPerUnit);
  return mulDiv(num * units, 10n ** BigInt(currencyScale), den, side === 'buy' ? 'ceil' : 'floor');
}

/**
 * What a cash-settled option pays at expiry, in the currency's minor units: max(S − K, 0) for a call,
 * max(K − S, 0) for a put, times the units, with S and K in the underlying's price minor units. Never
 * negative, so the most a buyer loses is the premium paid. A remainder below one minor unit (a price
 * scale finer than the currency's) is kept by the platform, as when closing at the mark.
 */
export function intrinsicMinor(
  right: OptionRight,
  settlementPrice: bigint,
  strikePrice: bigint,
  units: bigint,
  priceScale: number,
  currencyScale: number,
): bigint {
  if (units <= 0n) throw new RangeError('intrinsicMinor: units are positive');
  const difference = right === 'call' ? settlementPrice - strikePrice : strikePrice - settlementPrice;
  if (difference <= 0n) return 0n;
  return mulDiv(difference * units, 10n ** BigInt(currencyScale), 10n ** BigInt(priceScale), 'floor');
}

/** A price in minor units as the model's plain number: 16480n at scale 3 is 16.48. */
export function modelPrice(minor: bigint, priceScale: number): number {
  return Number(minor) / 10 ** priceScale;
}

function checkInputs({ spot, strike, rate, dividendYield, volatility, years }: OptionInputs): void {
  const finite = [spot, strike, rate, dividendYield, volatility, years].every(Number.isFinite);
  if (!finite || spot <= 0 || strike <= 0 || volatility < 0 || years < 0) {
    throw new RangeError(
      'option inputs: spot and strike positive, volatility and years not negative, all finite',
    );
  }
}

/**
 * A finite non-negative double as the decimal it prints as (the shortest that reads back as the same
 * double), so 0.001 is one thousandth and not the binary fraction just above it that the double holds.
 */
function decimalFraction(x: number): { num: bigint; den: bigint } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!match) throw new RangeError(`not a plain non-negative number: ${x}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole! + fraction);
  return shift >= 0
    ? { num: digits * 10n ** BigInt(shift), den: 1n }
    : { num: digits, den: 10n ** BigInt(-shift) };
}
