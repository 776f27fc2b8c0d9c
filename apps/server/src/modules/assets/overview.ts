import type { userAssets } from '@piazza/contract/calls/assets';
import type { CallOutput } from '@piazza/contract/define';
import { applyRate, formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import type { PositionWorthAnswer } from '../../kit/position-worth';
import { userBalances } from '../../ledger/post';
import type { FxRates } from '../../platform/fx';

type AssetsOverview = CallOutput<typeof userAssets>;

/** The currencies every total is given in (SPEC §1: EUR first, USD second). */
const totalCurrencies = ['EUR', 'USD'] as const;

/**
 * A user's balances as the ledger holds them, and their worth in EUR and USD with what open positions add
 * (`positions`: contracts' open P&L, options at the mark). Each asset's holdings and positions are summed in
 * minor units first, then converted once at the exact rate and rounded down, so a total never shows more
 * than the investor has. Assets no rate reaches (a share with no last price) are left out of the totals and
 * named in `unvalued`, with the positions that could not be valued.
 */
export async function assetsOverview(
  q: Queryable,
  userId: number,
  rates: FxRates,
  positions: PositionWorthAnswer,
  nowMs: number,
): Promise<AssetsOverview> {
  const balances = await userBalances(q, userId);
  const scales = new Map(
    (
      await q.query<{ code: string; scale: number }>(
        'select code, scale from assets where code = any($1::text[])',
        [[...totalCurrencies]],
      )
    ).map((r) => [r.code, r.scale]),
  );

  const held = new Map<string, { minor: bigint; scale: number }>();
  for (const b of balances) {
    const h = held.get(b.asset) ?? { minor: 0n, scale: b.scale };
    held.set(b.asset, { minor: h.minor + b.balance, scale: b.scale });
  }
  for (const p of positions.worth) {
    const h = held.get(p.asset) ?? { minor: 0n, scale: p.scale };
    held.set(p.asset, { minor: h.minor + p.minor, scale: p.scale });
  }

  const unvalued = new Set<string>(positions.unvalued);
  const totals = {} as AssetsOverview['totals'];
  for (const currency of totalCurrencies) {
    const scale = scales.get(currency);
    if (scale === undefined) throw new Error(`asset ${currency} is missing from the assets table`);
    let sum = 0n;
    for (const [asset, h] of held) {
      if (h.minor === 0n) continue;
      const rate = rates.rate(asset, currency);
      if (!rate) {
        unvalued.add(asset);
        continue;
      }
      sum += applyRate(h.minor, h.scale, rate, scale, 'down');
    }
    totals[currency] = formatAmount(sum, scale);
  }

  return {
    accounts: balances.map((b) => ({
      purpose: b.purpose,
      asset: b.asset,
      balance: formatAmount(b.balance, b.scale),
      scale: b.scale,
    })),
    positions: positions.worth
      .filter((p) => p.minor !== 0n)
      .map((p) => ({ kind: p.kind, asset: p.asset, value: formatAmount(p.minor, p.scale) })),
    totals,
    unvalued: [...unvalued].sort(),
    rates: rates.quotes().map((r) => ({ pair: `${r.base}${r.quote}`, rate: r.rate, source: r.source })),
    updatedAt: nowMs,
  };
}
