import type { Rate } from '@piazza/core/money';
import type { CloseInEur, PricedAsset } from '@piazza/core/portfolio/daily-values';
import { eurRate, rateInverse, rateTimes } from '@piazza/core/portfolio/daily-values';
import type { Instrument } from '../../market/instrument';
import { eurUsdSymbol, MarketUnavailable, quoteOrNull } from '../../market/market-service';
import type { Services } from '../../services';

/*
 * Prices in euros, from the market (decision 058): each day's close from the 1d candles (the simulator keeps
 * years of them; a live feed its own), and the last price now, the same quote the ticket and the chart show.
 * A share is priced in its currency and converted at EUR/USD of the same day; USDT counts as one dollar
 * (decision 006); a coin is priced by its USDT pair.
 */

/** How an asset is priced: the instrument whose price it takes, and the currency that price is in. */
export function pricingOf(
  services: Services,
  asset: string,
): { instrument: Instrument; currency: string } | null {
  const share = services.market.instrument(asset);
  if (share && share.kind === 'stock') return { instrument: share, currency: share.currency };
  const pair = services.market.instrument(`${asset}USDT`);
  if (pair && pair.kind === 'crypto') return { instrument: pair, currency: 'USDT' };
  return null;
}

const fxDayShiftMs = 2 * 3_600_000;

const priceRate = (minor: bigint, scale: number): Rate => ({ num: minor, den: 10n ** BigInt(scale) });

/** EUR per one unit of a currency, given EUR/USD (dollars per euro). */
function currencyInEur(currency: string, eurUsd: Rate): Rate | undefined {
  if (currency === 'EUR') return eurRate;
  if (currency === 'USD' || currency === 'USDT') return rateInverse(eurUsd);
  return undefined;
}

async function dailyCloses(
  services: Services,
  symbol: string,
  fromMs: number,
  toMs: number,
): Promise<{ t: number; close: bigint }[]> {
  const days = Math.ceil((toMs - fromMs) / 86_400_000) + 7;
  try {
    const candles = await services.market.candles(symbol, '1d', fromMs, toMs, days);
    // FX's day opens at 22:00 UTC the evening before (market/calendar): its close belongs to the next date.
    const shift = services.market.instrument(symbol)?.calendar === 'FX' ? fxDayShiftMs : 0;
    return candles.map((c) => ({ t: c.time + shift, close: c.close })).sort((a, b) => a.t - b.t);
  } catch (err) {
    if (err instanceof MarketUnavailable) return [];
    throw err;
  }
}

/**
 * Each asset's daily closes in euros from `fromMs` (a week earlier, so the first day has a close to carry)
 * to `toMs`. EUR/USD's own closes convert each day; a day before its first close takes the rate of now.
 */
export async function closesInEur(
  services: Services,
  assets: ReadonlyMap<string, number>,
  fromMs: number,
  toMs: number,
): Promise<Map<string, PricedAsset>> {
  const from = fromMs - 7 * 86_400_000;
  const fxNow = (await services.market.fxRates(toMs)).rate('EUR', 'USD') as Rate;
  const pair = services.market.instrument(eurUsdSymbol);
  const fxCloses = pair ? await dailyCloses(services, eurUsdSymbol, from, toMs) : [];
  const eurUsdAt = (t: number): Rate => {
    let found: Rate = fxNow;
    for (const c of fxCloses) {
      if (c.t > t) break;
      if (pair && c.close > 0n) found = priceRate(c.close, pair.priceScale);
    }
    return found;
  };

  const out = new Map<string, PricedAsset>();
  for (const [asset, scale] of assets) {
    if (asset === 'EUR') continue;
    const direct = currencyInEur(asset, fxNow);
    if (direct) {
      // A currency: one close a day from EUR/USD's own, or today's rate when the feed has no history.
      const closes: CloseInEur[] =
        fxCloses.length > 0
          ? fxCloses.map((c) => ({ t: c.t, rate: currencyInEur(asset, eurUsdAt(c.t)) as Rate }))
          : [{ t: from, rate: direct }];
      out.set(asset, { scale, closes });
      continue;
    }
    const pricing = pricingOf(services, asset);
    if (!pricing) continue;
    const closes: CloseInEur[] = [];
    for (const c of await dailyCloses(services, pricing.instrument.symbol, from, toMs)) {
      const toEur = currencyInEur(pricing.currency, eurUsdAt(c.t));
      if (!toEur || c.close <= 0n) continue;
      closes.push({ t: c.t, rate: rateTimes(priceRate(c.close, pricing.instrument.priceScale), toEur) });
    }
    out.set(asset, { scale, closes });
  }
  return out;
}

/** Each asset's worth in euros now, at its last price and today's EUR/USD; an asset with no price is absent. */
export async function ratesInEurNow(
  services: Services,
  assets: Iterable<string>,
  nowMs: number,
): Promise<{ rates: Map<string, Rate>; eurUsd: Rate }> {
  const eurUsd = (await services.market.fxRates(nowMs)).rate('EUR', 'USD') as Rate;
  const rates = new Map<string, Rate>([['EUR', eurRate]]);
  for (const asset of assets) {
    if (rates.has(asset)) continue;
    const direct = currencyInEur(asset, eurUsd);
    if (direct) {
      rates.set(asset, direct);
      continue;
    }
    const pricing = pricingOf(services, asset);
    if (!pricing) continue;
    const quote = await quoteOrNull(services.market, pricing.instrument.symbol, nowMs);
    const toEur = currencyInEur(pricing.currency, eurUsd);
    if (!quote || quote.last <= 0n || !toEur) continue;
    rates.set(asset, rateTimes(priceRate(quote.last, pricing.instrument.priceScale), toEur));
  }
  return { rates, eurUsd };
}
