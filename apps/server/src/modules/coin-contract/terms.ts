import { formatAmount } from '@piazza/core/money';
import { type FeeSchedule, orderFee } from '@piazza/core/trading/fees';
import { type TradeScales, tradeValue } from '@piazza/core/trading/fills';
import { leverageChoices, retailLeverageMax } from '@piazza/core/trading/leverage';
import type { PerpetualRates } from '@piazza/core/trading/perpetual';
import { Refusal } from '../../http/refusal';
import type { Instrument } from '../../market/instrument';
import type { Services } from '../../services';

/*
 * The terms of every coin's perpetual contract (docs/decisions/017-perpetual-contracts.md): the retail
 * leverage cap for crypto (ESMA 2:1), a maintenance margin of 0.50% of the value at the mark, a taker fee
 * of 0.05% of the traded value on opening and on closing (what the large exchanges charge takers on
 * perpetuals, half the spot rate), and a minimum margin of 10 USDT so that fees and ticks stay negligible
 * against a position. The same for every coin until the back office sets them per coin.
 */

export const perpetualRates: PerpetualRates = { maintenanceRateBp: 50, closeFeeRateBp: 5 };
export const contractFeeSchedule: FeeSchedule = { rateBp: 5, perShare: null, minimum: 0n, maximum: null };
/** USDT has 6 decimals: 10 USDT. */
export const marginMinMinor = 10_000_000n;
export const marginCurrency = 'USDT';
export const marginScale = 6;

export function contractLeverageMax(): number {
  return retailLeverageMax('crypto');
}

export function contractLeverageChoices(): number[] {
  return leverageChoices(contractLeverageMax());
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

/** The fee of one opening or closing trade: 0.05% of its value, rounded down (fees.ts orderFee). */
export function contractFeeMinor(notional: bigint, quantity: bigint, scales: TradeScales): bigint {
  return orderFee(contractFeeSchedule, { value: tradeValue(notional, scales), quantity }, scales);
}

export const usdt = (minor: bigint) => formatAmount(minor, marginScale);

/** USDT as a refusal shows it: its decimals without trailing zeros, at least two ("10.00", "1899.90001"). */
export function usdtShown(minor: bigint): string {
  const [whole, fraction = ''] = usdt(minor).split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
