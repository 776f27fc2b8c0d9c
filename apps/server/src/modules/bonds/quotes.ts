import {
  accruedInterestMinor,
  cleanPriceAt,
  couponDays,
  couponPeriod,
  curveYield,
  yieldToMaturity,
} from '@piazza/core/bonds/bond-math';
import { settlementDay } from '@piazza/core/trading/settlement';
import { calendarFor } from '../../market/calendar/calendar-for';
import { isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf } from '../../market/calendar/zoned-time';
import {
  btpCurve,
  type GovernmentBond,
  governmentBondTaxBpOn,
} from '../../market/catalogue/government-bonds';
import { marketFactors } from '../../market/instrument';
import { createMarketFactors, type MarketFactors } from '../../market/sim/market-factors';
import { simulatorSeedDefault } from '../../market/sim/simulator';
import { Refusal } from '../../platform/refusal';

/*
 * Today's dealer quote of a government bond (decision 053): the BTP curve, moved in parallel by the market's
 * rates factor, gives the yield at the bond's maturity; the clean price is what discounts its coupons and
 * redemption at that yield, rounded to MOT's tick; the dealer sells at the mid plus half its spread and buys at
 * the mid less it. A pure function of the seed and the day: the same after a restart, on every instance.
 */

export const bondZone = 'Europe/Rome';
export const romeDay = (ms: number): number => localDayOf(bondZone, ms);

/** MOT settles T+2 business days (decision 064), the days Borsa Italiana trades (TARGET2's closures). */
export const bondSettlementDays = 2;
const mot = calendarFor('XMIL');

/** The value date of a trade made on a Rome day: two business days later (Thursday's is the Monday). */
export function bondValueDay(tradeDay: number): number {
  return settlementDay(tradeDay, bondSettlementDays, (d) => mot.sessionOnDay(d) !== null);
}

// The curve's shift: an AR(1) of the rates factor's daily draws (yields up on a positive draw), 4 bp a day
// decaying by 1.5% a day, summed over a year of look-back (0.985^250 ≈ 2% of a draw is left out): about 23 bp
// of standard deviation around the curve, as the 10-year BTP wanders in a quiet year.
const dailyMove = 0.0004;
const persistence = 0.985;
const lookBackDays = 250;

const rates = marketFactors.indexOf('rates');
let factors: MarketFactors | null = null;
const shifts = new Map<number, number>();

/** The parallel shift of the curve on a day, as a yield (0.001 is 10 bp). */
export function curveShift(day: number): number {
  let shift = shifts.get(day);
  if (shift === undefined) {
    factors ??= createMarketFactors(simulatorSeedDefault);
    shift = 0;
    let weight = dailyMove;
    for (let j = 0; j < lookBackDays; j++) {
      shift += weight * factors.dayDraw(rates, day - j);
      weight *= persistence;
    }
    if (shifts.size > 4096) shifts.clear();
    shifts.set(day, shift);
  }
  return shift;
}

export interface BondQuote {
  /** The Rome day of the quote (the trade date). */
  day: number;
  /**
   * The day a trade at this quote settles (T+2): what the price, the accrued interest and the yields are
   * reckoned to. In the last days before maturity, when a trade would settle on or after it, the trade date.
   */
  valueDay: number;
  /** False when a trade would settle on or after maturity: quoted for valuation, no longer traded. */
  tradable: boolean;
  /** Clean prices in thousandths of a point of par. */
  bidMilli: bigint;
  askMilli: bigint;
  midMilli: bigint;
  /** Accrued interest per 100 of par, in millionths (1.525 is 1_525_000): display only. */
  accruedPer100: number;
  /** Yields at the ask, per unit (0.0361). */
  yieldGross: number;
  yieldNet: number;
  nextCoupon: number | null;
}

const roundTo = (value: bigint, step: bigint) => ((value + step / 2n) / step) * step;

/** The quote on a Rome day, for settlement two business days later; refuses a bond matured or not issued by then. */
export function bondQuote(bond: GovernmentBond, day: number): BondQuote {
  if (day >= bond.maturityDay) throw new Refusal('bond.matured');
  if (day < bond.issueDay) throw new Refusal('bond.notIssued');
  const settles = bondValueDay(day);
  const tradable = settles < bond.maturityDay;
  const valueDay = tradable ? settles : day;
  const years = (bond.maturityDay - valueDay) / 365;
  const y = curveYield(btpCurve, years) + curveShift(day) + bond.spreadBp / 10_000;
  const clean = cleanPriceAt(bond, y, valueDay);
  const midMilli = roundTo(BigInt(Math.round(clean * 1000)), bond.tickMilli);
  const askMilli = midMilli + bond.halfSpreadMilli;
  const bidMilli = midMilli - bond.halfSpreadMilli;
  const ask = Number(askMilli) / 1000;
  const taxRate = governmentBondTaxBpOn(valueDay) / 10_000;
  return {
    day,
    valueDay,
    tradable,
    bidMilli,
    askMilli,
    midMilli,
    accruedPer100: Number(accruedInterestMinor(bond, 100_000_000n, valueDay)),
    yieldGross: yieldToMaturity(bond, ask, valueDay),
    yieldNet: yieldToMaturity(bond, ask, valueDay, { taxRate }),
    nextCoupon: bond.frequency === 0 ? null : (couponDays(bond).find((d) => d > day) ?? null),
  };
}

/** Days of the coupon period run at settlement, and the period's length (0 and 0 for a BOT). */
export function accruedDays(bond: GovernmentBond, day: number): { run: number; length: number } {
  if (bond.frequency === 0) return { run: 0, length: 0 };
  const { start, end } = couponPeriod(bond, day);
  return { run: day - start, length: end - start };
}

export const isoDay = isoOfDay;
