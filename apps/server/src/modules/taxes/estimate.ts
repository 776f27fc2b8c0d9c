import type { TaxEstimateView } from '@piazza/contract/calls/taxes-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { gainKindOfCoin, gainKindOfSecurity, taxCurrency } from '@piazza/core/tax/rates';
import { transactionTaxMinor } from '@piazza/core/tax/transaction-tax';
import { orderFee } from '@piazza/core/trading/fees';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradingSettingsFor } from '../trading';
import { dayBalance, fttRateOn, isExempt, subjectToFtt } from './ftt';
import { euroRateAt, scaleOf, taxedInEuro, toEuro } from './fx';
import { costReleased, estimateWithholding, gainRateOn, regimeOf } from './gains';
import { pooledSale } from './plan-units';
import { euroBasisOf, euroCostReleased } from './spot';
import { isoRomeDay, taxYearOf } from './tax-days';

/*
 * The ticket's tax preview (issue 19 items 1–2): what selling a quantity at the last price would realise and
 * withhold after the zainetto, or what buying an Italian share would add to the day's Tobin tax. Read only.
 */

const percent = (bp: number) => formatAmount(BigInt(bp), 2);

export async function estimateTax(
  services: Services,
  q: Queryable,
  userId: number,
  input: { symbol: string; side: 'buy' | 'sell'; quantity: string },
): Promise<TaxEstimateView> {
  const instrument = services.market.instrument(input.symbol);
  if (!instrument || (instrument.kind !== 'stock' && instrument.kind !== 'crypto'))
    throw new Refusal('tax.unknownSymbol', [input.symbol]);
  const quantity = parseAmount(input.quantity, instrument.quantityScale);
  if (quantity === null || quantity <= 0n) throw new Refusal('tax.quantity');
  const nowMs = services.clock.now();
  let last: bigint;
  try {
    last = (await services.market.quote(instrument.symbol, nowMs)).last;
  } catch (err) {
    if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
    throw err;
  }
  const [asset] = await q.query<{ scale: number }>('select scale from assets where code = $1', [
    instrument.currency,
  ]);
  const currencyScale = Number(asset?.scale ?? 2);
  const scales = {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale,
  };
  const value = tradeValue(last * quantity, scales);
  const settings = await tradingSettingsFor(q, instrument);
  const fees = orderFee(settings.fees, { value, quantity }, scales);
  const coin = instrument.kind === 'crypto' && instrument.baseAsset !== null;
  const kind = coin
    ? gainKindOfCoin(instrument.baseAsset as string)
    : gainKindOfSecurity(instrument.assetClass);
  const regime = await regimeOf(q, userId);
  const rateBp = gainRateOn(kind, nowMs);
  const money = (m: bigint) => formatAmount(m, currencyScale);
  const base = {
    symbol: instrument.symbol,
    side: input.side,
    kind,
    currency: instrument.currency,
    regime,
    price: formatAmount(last, instrument.priceScale),
    proceeds: money(value),
    fees: money(fees),
    rate: percent(rateBp),
  };

  if (input.side === 'buy') {
    let ftt = 0n;
    const isoDay = isoRomeDay(nowMs);
    const fttRate =
      subjectToFtt(instrument) && !(await isExempt(q, instrument.symbol, taxYearOf(nowMs)))
        ? fttRateOn(isoDay)
        : 0;
    if (fttRate > 0) {
      const day = await dayBalance(q, userId, instrument.symbol, isoDay);
      ftt =
        transactionTaxMinor(day.purchases + value, day.sales, fttRate) -
        transactionTaxMinor(day.purchases, day.sales, fttRate);
    }
    return {
      ...base,
      cost: money(0n),
      gain: money(0n),
      lossUsed: money(0n),
      taxable: money(0n),
      tax: money(0n),
      transactionTax: money(ftt),
      transactionTaxRate: percent(fttRate),
    };
  }

  let cost: bigint;
  // What the euro cost is kept beside: the shares' holding, or the coins' basis; and how much of it is sold.
  let euroHeld = { quantity: 0n, cost: 0n };
  let sold = quantity;
  if (coin) {
    const [held] = await q.query<{ scale: number }>('select scale from assets where code = $1', [
      instrument.baseAsset,
    ]);
    const unit =
      10n ** BigInt(Math.max(0, Number(held?.scale ?? instrument.quantityScale) - instrument.quantityScale));
    const [basis] = await q.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from tax_crypto_basis where user_id = $1 and asset = $2 and currency = $3',
      [userId, instrument.baseAsset, instrument.currency],
    );
    const b = basis
      ? { quantity: BigInt(basis.quantity), cost: BigInt(basis.cost) }
      : { quantity: 0n, cost: 0n };
    sold = quantity * unit;
    cost = costReleased(b, sold < b.quantity ? sold : b.quantity);
    euroHeld = b;
  } else {
    const [position] = await q.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from stock_positions where user_id = $1 and symbol = $2',
      [userId, instrument.symbol],
    );
    const held = position ?? { quantity: 0n, cost: 0n };
    if (quantity > held.quantity)
      throw new Refusal('tax.notHeld', [formatAmount(held.quantity, instrument.quantityScale)]);
    // The plan's fractions of the same share count in its average cost, as at the sale (plan-units.ts).
    const who = { userId, symbol: instrument.symbol, currency: instrument.currency };
    cost = (await pooledSale(q, who, held, quantity, false)).cost;
    euroHeld = held;
  }
  // A sale in dollars or USDT is taxed in euros: proceeds and fees at today's EUR/USD, the cost at its purchases'.
  const euro = taxedInEuro(instrument.currency);
  let figures = { currency: instrument.currency, proceeds: value, fees, cost };
  const eurScale = await scaleOf(q, taxCurrency);
  if (euro) {
    const rate = await euroRateAt(instrument.currency, nowMs);
    const who = { userId, symbol: instrument.symbol, currency: instrument.currency, nowMs };
    const basis = await euroBasisOf(q, who, euroHeld, false);
    const costEur = euroCostReleased(basis, sold < basis.quantity ? sold : basis.quantity);
    figures = {
      currency: taxCurrency,
      proceeds: await toEuro(q, value, instrument.currency, rate),
      fees: await toEuro(q, fees, instrument.currency, rate),
      cost: costEur,
    };
  }
  const out = (m: bigint) => formatAmount(m, euro ? eurScale : currencyScale);
  const settled = await estimateWithholding(q, {
    userId,
    kind,
    instrument: instrument.symbol,
    ...figures,
    nowMs,
  });
  return {
    ...base,
    currency: figures.currency,
    proceeds: out(figures.proceeds),
    fees: out(figures.fees),
    cost: out(figures.cost),
    gain: out(settled.gain),
    lossUsed: out(settled.lossUsed),
    taxable: out(settled.taxable),
    tax: out(settled.withheld),
    transactionTax: out(0n),
    transactionTaxRate: percent(0),
  };
}
