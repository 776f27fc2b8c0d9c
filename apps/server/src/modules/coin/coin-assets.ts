import type { CoinAssetView, coinAssetsView } from '@piazza/contract/calls/coin-shapes';
import { applyRate, formatAmount, mulDiv } from '@piazza/core/money';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';
import { MarketUnavailable } from '../../market/market-service';
import type { Services } from '../../services';

/* The user's coins for /coin/assets: ledger balances by account, each valued in USDT at its pair's last price. */

const quoteCoin = 'USDT';
const purposes = ['spot', 'contract', 'frozen'] as const;

interface Held {
  coin: string;
  scale: number;
  balances: Record<(typeof purposes)[number], bigint>;
}

/** USDT first (always listed, the coin every pair is quoted in), then every other coin the user holds. */
async function heldCoins(q: Queryable, userId: number): Promise<{ held: Held[]; usdtScale: number }> {
  const rows = await q.query<{
    asset: string;
    purpose: (typeof purposes)[number];
    balance: bigint;
    scale: number;
  }>(
    `select a.asset, a.purpose, a.balance, s.scale from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and s.kind = 'crypto' and a.purpose = any($2::text[])
      order by a.asset`,
    [userId, [...purposes]],
  );
  const [usdt] = await q.query<{ scale: number }>('select scale from assets where code = $1', [quoteCoin]);
  if (!usdt) throw new Error('USDT is missing from the assets table');
  const byCoin = new Map<string, Held>();
  byCoin.set(quoteCoin, {
    coin: quoteCoin,
    scale: Number(usdt.scale),
    balances: { spot: 0n, contract: 0n, frozen: 0n },
  });
  for (const r of rows) {
    const h = byCoin.get(r.asset) ?? {
      coin: r.asset,
      scale: Number(r.scale),
      balances: { spot: 0n, contract: 0n, frozen: 0n },
    };
    h.balances[r.purpose] += r.balance;
    byCoin.set(r.asset, h);
  }
  const held = [...byCoin.values()].filter(
    (h) => h.coin === quoteCoin || h.balances.spot + h.balances.contract + h.balances.frozen > 0n,
  );
  return { held, usdtScale: Number(usdt.scale) };
}

/**
 * `total × price` in USDT minor units, rounded down once: the balance has the coin's ledger decimals, the price
 * the pair's, so the product is shifted by their sum less USDT's.
 */
export function usdtValue(
  total: bigint,
  coinScale: number,
  price: bigint,
  priceScale: number,
  usdtScale: number,
) {
  const shift = coinScale + priceScale - usdtScale;
  return shift >= 0
    ? mulDiv(total * price, 1n, 10n ** BigInt(shift), 'floor')
    : total * price * 10n ** BigInt(-shift);
}

export async function coinAssetsOf(
  q: Queryable,
  services: Services,
  userId: number,
  nowMs: number,
): Promise<z.output<typeof coinAssetsView>> {
  const { held, usdtScale } = await heldCoins(q, userId);
  const list: CoinAssetView[] = [];
  const unvalued: string[] = [];
  let totalUsdt = 0n;
  for (const h of held) {
    const { spot, contract, frozen } = h.balances;
    const total = spot + contract + frozen;
    const coinText = (v: bigint) => formatAmount(v, h.scale);
    let name = 'Tether USD';
    let symbol: string | null = null;
    let price: string | null = null;
    let value: bigint | null = null;
    if (h.coin === quoteCoin) {
      price = '1';
      value = total;
    } else {
      const pair = services.market.instrument(`${h.coin}${quoteCoin}`);
      if (pair) {
        symbol = pair.symbol;
        name = pair.name;
        try {
          const quote = await services.market.quote(pair.symbol, nowMs);
          price = formatAmount(quote.last, pair.priceScale);
          value = usdtValue(total, h.scale, quote.last, pair.priceScale, usdtScale);
        } catch (err) {
          if (!(err instanceof MarketUnavailable)) throw err;
        }
      } else {
        name = h.coin;
      }
    }
    if (value === null) unvalued.push(h.coin);
    else totalUsdt += value;
    list.push({
      coin: h.coin,
      symbol,
      name,
      scale: h.scale,
      spot: coinText(spot),
      contract: coinText(contract),
      frozen: coinText(frozen),
      total: coinText(total),
      price,
      valueUsdt: value === null ? null : formatAmount(value, usdtScale),
    });
  }
  // USDT counts as one dollar (decision 006); EUR through EUR/USD, rounded down to the cent.
  const rates = await services.market.fxRates(nowMs);
  const toEur = rates.rate(quoteCoin, 'EUR');
  const totalEur = toEur ? applyRate(totalUsdt, usdtScale, toEur, 2, 'down') : 0n;
  return {
    list,
    totalUsdt: formatAmount(totalUsdt, usdtScale),
    totalEur: formatAmount(totalEur, 2),
    unvalued,
    updatedAt: nowMs,
  };
}
