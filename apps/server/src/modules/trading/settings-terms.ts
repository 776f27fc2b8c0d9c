import type { adminTradingSettingsSave } from '@piazza/contract/calls/trading-admin';
import type { CallInput } from '@piazza/contract/define';
import { formatAmount, parseAmount } from '@piazza/core/money';
import {
  configurableLeverageMax,
  esmaRetailLeverageMax,
  type LeverageClass,
  retailLeverageMax,
} from '@piazza/core/trading/leverage';
import { Refusal } from '../../platform/refusal';
import type { TradingSettings } from './settings';

/*
 * The leverage caps and the contract and option terms of a market's settings (decision 021, migration 090).
 * A stock market (XMIL, XNYS) caps its shares, major and other indices and sets the minimum option purchase;
 * CRYPTO caps its perpetuals and sets their fee, maintenance margin and minimum margin. A cap is the
 * operator's, never above ESMA's retail limit: a save above it is refused here, and core's
 * `retailLeverageMax` would ignore one anyway.
 */

/** The operator's caps as n:1, for the ESMA classes the market trades. */
export type LeverageCaps = Partial<Record<LeverageClass, number>>;

export interface PerpetualTerms {
  /** Basis points of the traded value, on opening and on closing. */
  feeRateBp: number;
  /** Basis points of the value at the mark: a position is liquidated when its equity falls to it (and the fee). */
  maintenanceRateBp: number;
  /** The least margin one opening posts, in USDT minor units. */
  marginMin: bigint;
}

export interface TermsRow {
  leverageShareMax: number | null;
  leverageMajorIndexMax: number | null;
  leverageOtherIndexMax: number | null;
  leverageCryptoMax: number | null;
  optionAmountMin: bigint | null;
  perpetualFeeBp: number | null;
  perpetualMaintenanceBp: number | null;
  perpetualMarginMin: bigint | null;
}

export const termsSelect = `s.leverage_share_max as "leverageShareMax",
    s.leverage_major_index_max as "leverageMajorIndexMax", s.leverage_other_index_max as "leverageOtherIndexMax",
    s.leverage_crypto_max as "leverageCryptoMax", s.option_amount_min as "optionAmountMin",
    s.perpetual_fee_bp as "perpetualFeeBp", s.perpetual_maintenance_bp as "perpetualMaintenanceBp",
    s.perpetual_margin_min as "perpetualMarginMin"`;

/** The classes a form sets, with the field and the refusal of each. */
const capFields = [
  ['share', 'leverageShare', 'tradingSettings.leverageShare'],
  ['majorIndex', 'leverageMajorIndex', 'tradingSettings.leverageMajorIndex'],
  ['otherIndex', 'leverageOtherIndex', 'tradingSettings.leverageOtherIndex'],
  ['crypto', 'leverageCrypto', 'tradingSettings.leverageCrypto'],
] as const;

export function termsRowOf(
  r: TermsRow,
): Pick<TradingSettings, 'leverageCaps' | 'optionAmountMin' | 'perpetual'> {
  const caps: LeverageCaps = {};
  const stored = {
    share: r.leverageShareMax,
    majorIndex: r.leverageMajorIndexMax,
    otherIndex: r.leverageOtherIndexMax,
    crypto: r.leverageCryptoMax,
  };
  for (const [cls] of capFields) {
    const cap = stored[cls];
    if (cap !== null) caps[cls] = Number(cap);
  }
  const perpetual =
    r.perpetualFeeBp === null || r.perpetualMaintenanceBp === null || r.perpetualMarginMin === null
      ? null
      : {
          feeRateBp: Number(r.perpetualFeeBp),
          maintenanceRateBp: Number(r.perpetualMaintenanceBp),
          marginMin: BigInt(r.perpetualMarginMin),
        };
  return {
    leverageCaps: caps,
    optionAmountMin: r.optionAmountMin === null ? null : BigInt(r.optionAmountMin),
    perpetual,
  };
}

export function termsViewOf(s: TradingSettings) {
  return {
    leverage: {
      share: s.leverageCaps.share ?? null,
      majorIndex: s.leverageCaps.majorIndex ?? null,
      otherIndex: s.leverageCaps.otherIndex ?? null,
      crypto: s.leverageCaps.crypto ?? null,
    },
    optionAmountMin: s.optionAmountMin === null ? null : formatAmount(s.optionAmountMin, s.currencyScale),
    perpetual: s.perpetual && {
      feeRateBp: s.perpetual.feeRateBp,
      maintenanceRateBp: s.perpetual.maintenanceRateBp,
      marginMin: formatAmount(s.perpetual.marginMin, s.currencyScale),
    },
  };
}

/** The cap a retail client meets on a class under these settings: the operator's, never above ESMA's. */
export function leverageCapOf(s: TradingSettings, leverageClass: LeverageClass): number {
  return retailLeverageMax(leverageClass, s.leverageCaps[leverageClass]);
}

/** The perpetuals' terms, which only CRYPTO has. */
export function perpetualTermsOf(s: TradingSettings): PerpetualTerms {
  if (!s.perpetual) throw new Error(`no perpetual terms for market ${s.market}`);
  return s.perpetual;
}

/** The minimum option purchase of a stock market, in its currency's minor units. */
export function optionAmountMinOf(s: TradingSettings): bigint {
  if (s.optionAmountMin === null) throw new Error(`no option terms for market ${s.market}`);
  return s.optionAmountMin;
}

type SaveInput = CallInput<typeof adminTradingSettingsSave>;

/**
 * The terms a save would store, or a refusal. Only the market's own terms are read; one left out keeps its
 * saved value. A perpetual's maintenance margin and fee must stay below the initial margin at the cap, or an
 * opening at the cap would be liquidated as it opens.
 */
export function termsFromInput(
  current: TradingSettings,
  input: SaveInput,
): Pick<TradingSettings, 'leverageCaps' | 'optionAmountMin' | 'perpetual'> {
  const caps: LeverageCaps = { ...current.leverageCaps };
  for (const [cls, field, key] of capFields) {
    const asked = input[field];
    if (caps[cls] === undefined || asked === undefined) continue;
    if (!configurableLeverageMax(cls, asked)) throw new Refusal(key, [esmaRetailLeverageMax[cls]]);
    caps[cls] = asked;
  }
  const amount = (text: string | undefined, saved: bigint): bigint => {
    if (text === undefined) return saved;
    const minor = parseAmount(text, current.currencyScale);
    if (minor === null) {
      throw new Refusal('tradingSettings.currencyDecimals', [current.currency, current.currencyScale]);
    }
    if (minor <= 0n) throw new Refusal('tradingSettings.termAmountZero');
    return minor;
  };
  const optionAmountMin =
    current.optionAmountMin === null ? null : amount(input.optionAmountMin, current.optionAmountMin);

  let perpetual: PerpetualTerms | null = null;
  if (current.perpetual) {
    const feeRateBp = input.perpetualFeeBp ?? current.perpetual.feeRateBp;
    if (feeRateBp < 0 || feeRateBp > 1000) throw new Refusal('tradingSettings.perpetualFee');
    const maintenanceRateBp = input.perpetualMaintenanceBp ?? current.perpetual.maintenanceRateBp;
    const initialRateBp = Math.ceil(10_000 / leverageCapOf({ ...current, leverageCaps: caps }, 'crypto'));
    const maintenanceMax = Math.min(5000, initialRateBp - feeRateBp - 1);
    if (maintenanceRateBp < 1 || maintenanceRateBp > maintenanceMax) {
      throw new Refusal('tradingSettings.perpetualMaintenance', [maintenanceMax]);
    }
    perpetual = {
      feeRateBp,
      maintenanceRateBp,
      marginMin: amount(input.perpetualMarginMin, current.perpetual.marginMin),
    };
  }
  return { leverageCaps: caps, optionAmountMin, perpetual };
}
