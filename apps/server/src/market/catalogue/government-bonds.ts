import type { Bond, YieldCurve } from '@piazza/core/bonds/bond-math';
import { capitalGainsRates, rateOn } from '@piazza/core/tax/rates';
import { dayOfIso, isoOfDay } from '../calendar/civil-date';

/** A BTP (fixed coupon, twice a year), a BTP Italia (inflation-linked, here its real coupon only) or a BOT. */
export type GovernmentBondKind = 'btp' | 'btp-italia' | 'bot';

/** An Italian government bond on MOT (issue 20 item 2, decision 053). */
export interface GovernmentBond extends Bond {
  isin: string;
  kind: GovernmentBondKind;
  /** Added to the curve's yield at its maturity, in basis points (a BTP Italia yields a real rate, lower). */
  spreadBp: number;
  /** MOT's price step in thousandths of a point of par: 0.01 for BTPs, 0.001 for BOTs. */
  tickMilli: bigint;
  /** Half the dealer's spread around the mid, in thousandths of a point: buys at mid + it, sells at mid − it. */
  halfSpreadMilli: bigint;
}

/** Bonds are bought and sold in multiples of €1.000 nominal (MOT's minimum lot). */
export const bondLotMinor = 100_000n;

/**
 * The tax on Italian government bonds' interest and gains on a day, in basis points (12.5%): the row of the
 * taxes' rates table (packages/core/src/tax/rates.ts), so a budget law changes one place.
 */
export const governmentBondTaxBpOn = (day: number): number =>
  rateOn(capitalGainsRates.governmentBonds, isoOfDay(day));

/**
 * The BTP curve of the simulation (Nelson–Siegel, effective yearly yields), calibrated to late 2025: about
 * 2.2% at one year, 3.6% at ten, 4.2% at thirty. The rates factor moves it in parallel (decision 053).
 */
export const btpCurve: YieldCurve = { level: 0.043, slope: -0.022, curvature: -0.005, tau: 2.5 };

interface Row {
  isin: string;
  kind: GovernmentBondKind;
  couponBp: number;
  issue: string;
  maturity: string;
  spreadBp?: number;
}

/**
 * A handful of BTPs and BOTs. The ISINs are Italian-looking with correct check digits, the coupons and
 * maturities the kind the Treasury issues; they are not the Treasury's list (the simulation is not live).
 */
// biome-ignore format: a table reads best one row a line
const rows: readonly Row[] = [
  { isin: 'IT0005521007', kind: 'btp', couponBp: 295, issue: '2023-02-15', maturity: '2027-02-15' },
  { isin: 'IT0005620999', kind: 'btp', couponBp: 300, issue: '2024-10-01', maturity: '2029-10-01' },
  { isin: 'IT0005584856', kind: 'btp', couponBp: 385, issue: '2024-01-01', maturity: '2034-07-01' },
  { isin: 'IT0005370231', kind: 'btp', couponBp: 445, issue: '2023-09-01', maturity: '2043-09-01' },
  { isin: 'IT0005195174', kind: 'btp-italia', couponBp: 160, issue: '2022-06-28', maturity: '2030-06-28', spreadBp: -170 },
  { isin: 'IT0005623019', kind: 'bot', couponBp: 0, issue: '2026-01-14', maturity: '2027-01-14' },
  { isin: 'IT0005631806', kind: 'bot', couponBp: 0, issue: '2026-11-13', maturity: '2027-05-14' },
  { isin: 'IT0005639452', kind: 'bot', couponBp: 0, issue: '2026-11-13', maturity: '2027-11-12' },
];

export const governmentBonds: readonly GovernmentBond[] = rows.map((r) => ({
  isin: r.isin,
  kind: r.kind,
  couponBasisPoints: r.couponBp,
  frequency: r.kind === 'bot' ? 0 : 2,
  issueDay: dayOfIso(r.issue),
  maturityDay: dayOfIso(r.maturity),
  spreadBp: r.spreadBp ?? 0,
  tickMilli: r.kind === 'bot' ? 1n : 10n,
  halfSpreadMilli: r.kind === 'bot' ? 10n : 50n,
}));

const byIsin = new Map(governmentBonds.map((b) => [b.isin, b]));

export function governmentBondOf(isin: string): GovernmentBond | undefined {
  return byIsin.get(isin);
}
