import { taxMinor } from '@piazza/core/tax/zainetto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { realise } from './taxes-steps';
import { createTradingApp, newTrader, type TradingApp, userBalance } from './trading-steps';

/*
 * For random sequences of sales and closes over 2026–2029 (no loss can expire within them), shares at 26 %,
 * crypto at 33 % and ETFs at 26 %: each sale withholds its rate on its gain less what the zainetto covered, the
 * zainetto covers min(gain, the losses carried so far less those used) — nothing of an ETF's gain, which is
 * reddito di capitale, while an ETF's loss is carried like any other (decision 065) — the investor's account
 * pays exactly the sum withheld, and the ledger stays clean.
 */

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t?.close();
});

const sale = fc.record({
  year: fc.integer({ min: 2026, max: 2029 }),
  kind: fc.constantFrom('shares' as const, 'crypto' as const, 'etf' as const),
  result: fc.bigInt({ min: -50_000n, max: 50_000n }),
});

describe('withholding over random sequences', () => {
  it('withholds the rate on the positive gains after the zainetto, year by year', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 12 }), async (sales) => {
        const ordered = [...sales].sort((a, b) => a.year - b.year);
        const who = await newTrader(t, 10_000_000n);
        let carried = 0n;
        let used = 0n;
        let withheld = 0n;
        for (const [i, s] of ordered.entries()) {
          t.clock.ms = Date.UTC(s.year, 2, 1 + i, 10, 0);
          const cost = 100_000n;
          const got = await realise(t, who.id, {
            kind: s.kind,
            proceeds: cost + s.result,
            cost,
          });
          const rate = s.kind === 'crypto' ? 3300 : 2600;
          if (s.result < 0n) {
            carried += -s.result;
            expect(got).toMatchObject({ lossUsed: 0n, withheld: 0n });
          } else {
            const available = carried - used;
            const covered = s.kind === 'etf' ? 0n : s.result < available ? s.result : available;
            used += covered;
            expect(got).toMatchObject({
              gain: s.result,
              lossUsed: covered,
              taxable: s.result - covered,
              withheld: taxMinor(s.result - covered, rate),
            });
            withheld += taxMinor(s.result - covered, rate);
          }
        }
        expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(10_000_000n - withheld);
        const [z] = await t.db.query<{ carried: bigint; used: bigint }>(
          `select coalesce(sum(carried), 0)::bigint as carried, coalesce(sum(used), 0)::bigint as used from tax_losses
            where user_id = $1`,
          [who.id],
        );
        expect(z).toEqual({ carried, used });
      }),
      { numRuns: 30 },
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('lets two sales at once use a carried loss only once', async () => {
    t.clock.ms = Date.UTC(2026, 5, 1, 10, 0);
    const who = await newTrader(t, 100_000n);
    await realise(t, who.id, { kind: 'shares', proceeds: 0n, cost: 10_000n }); // −100.00 carried
    const both = await Promise.all([
      realise(t, who.id, { kind: 'shares', proceeds: 10_000n, cost: 0n }),
      realise(t, who.id, { kind: 'shares', proceeds: 10_000n, cost: 0n }),
    ]);
    // One gain of 100.00 used the loss, the other was taxed in full: 26.00 withheld once.
    expect(both.map((w) => w.lossUsed).sort()).toEqual([0n, 10_000n]);
    expect(both.reduce((s, w) => s + w.withheld, 0n)).toBe(2_600n);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(97_400n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
