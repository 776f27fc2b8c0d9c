import { formatAmount } from '@piazza/core/money';
import { type FeeSchedule, orderFee } from '@piazza/core/trading/fees';
import { type TradeScales, tradeValue } from '@piazza/core/trading/fills';
import { leverageChoices } from '@piazza/core/trading/leverage';
import type { PerpetualRates } from '@piazza/core/trading/perpetual';
import type { Queryable } from '../../db/db';
import type { Instrument } from '../../market/instrument';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { leverageCapOf, type PerpetualTerms, perpetualTermsOf, tradingSettingsOf } from '../trading';

/*
 * The terms of every coin's perpetual contract (docs/decisions/017-perpetual-contracts.md), set by the
 * operator in the CRYPTO trading settings (decision 021) and installed as: the retail leverage cap for crypto
 * (ESMA 2:1, never above it), a maintenance margin of 0.50% of the value at the mark, a taker fee of 0.05% of
 * the traded value on opening and on closing (what the large exchanges charge takers on perpetuals, half the
 * spot rate), and a minimum margin of 10 USDT so that fees and ticks stay negligible against a position.
 * A position keeps the maintenance and fee rates it opened under (its row), so a save never moves its
 * liquidation price or its closing fee.
 */

export const marginCurrency = 'USDT';
export const marginScale = 6;

export interface ContractTerms extends PerpetualTerms {
  leverageMax: number;
  choices: number[];
}

/** The terms an opening meets now, read in the caller's transaction. */
export async function contractTermsNow(q: Queryable): Promise<ContractTerms> {
  const settings = await tradingSettingsOf(q, 'CRYPTO');
  const leverageMax = leverageCapOf(settings, 'crypto');
  return { ...perpetualTermsOf(settings), leverageMax, choices: leverageChoices(leverageMax) };
}

/** The rates a position was opened under, as core's perpetual.ts reads them. */
export function ratesOf(p: { maintenanceRateBp: number; feeRateBp: number }): PerpetualRates {
  return { maintenanceRateBp: p.maintenanceRateBp, closeFeeRateBp: p.feeRateBp };
}

/** A crypto pair of the catalogue quoted in USDT, or a refusal naming the symbol. */
export function contractInstrumentOf(services: Services, symbol: string): Instrument {
  const instrument = services.market.instrument(symbol);
  if (instrument?.kind !== 'crypto' || instrument.currency !== marginCurrency || !instrument.listed) {
    throw new Refusal('coinContract.unknownSymbol', [symbol]);
  }
  return instrument;
}

export function contractScales(instrument: Instrument): TradeScales {
  return {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale: marginScale,
  };
}

/** The fee of one opening or closing trade at `feeRateBp` of its value, rounded down (fees.ts orderFee). */
export function contractFeeMinor(
  feeRateBp: number,
  notional: bigint,
  quantity: bigint,
  scales: TradeScales,
): bigint {
  const schedule: FeeSchedule = { rateBp: feeRateBp, perShare: null, minimum: 0n, maximum: null };
  return orderFee(schedule, { value: tradeValue(notional, scales), quantity }, scales);
}

export const usdt = (minor: bigint) => formatAmount(minor, marginScale);

/** USDT as a refusal shows it: its decimals without trailing zeros, at least two ("10.00", "1899.90001"). */
export function usdtShown(minor: bigint): string {
  const [whole, fraction = ''] = usdt(minor).split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
