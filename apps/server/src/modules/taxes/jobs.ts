import { isoOfDay } from '../../market/calendar/civil-date';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { accrueBollo, anyHoldings, bolloPayers, chargeBollo } from './bollo';
import { chargeFtt, isExempt, romeDayBounds, subjectToFtt } from './ftt';
import { romeDayOf } from './tax-days';

/*
 * The taxes' jobs of the runner (decision 026), each keyed by its period in Rome:
 * - `tax-ftt:2026-11-24` charges the Tobin tax of the day's net purchases after the day ends;
 * - `tax-bollo-accrual:2026-11-24` values what investors hold at the day's end and writes the accruals;
 * - `tax-bollo:2026-11` charges the month's stamp duty after it ends (the statement period).
 * Each row is charged in its own transaction, once (unique rows, entry keys). An investor whose spot balance
 * cannot pay is left uncharged and the run fails, so the runner retries it and the Jobs screen shows it.
 */

const lookBackDays = 7;

function pastDays(nowMs: number): string[] {
  const today = romeDayOf(nowMs);
  const keys: string[] = [];
  for (let d = today - lookBackDays; d < today; d++) keys.push(isoOfDay(d));
  return keys;
}

const isoDayKey = /^\d{4}-\d{2}-\d{2}$/;

export function taxJobs(services: Services): JobDefinition[] {
  const { db, market } = services;
  return [
    {
      name: 'tax-ftt',
      async due(nowMs) {
        const days = pastDays(nowMs);
        const first = days[0] as string;
        const last = days[days.length - 1] as string;
        const rows = await db.query<{ n: bigint }>(
          `select count(*) as n from stock_fills where side = 'buy' and created_at >= $1 and created_at < $2`,
          [romeDayBounds(first).from, romeDayBounds(last).to],
        );
        return BigInt(rows[0]?.n ?? 0n) > 0n ? days : [];
      },
      async run(key) {
        if (!isoDayKey.test(key)) throw new Error(`not a date: ${key}`);
        const { from, to } = romeDayBounds(key);
        const bought = await db.query<{ userId: number; symbol: string }>(
          `select distinct f.user_id as "userId", f.symbol from stock_fills f join users u on u.id = f.user_id
            where f.side = 'buy' and not u.book and f.created_at >= $1 and f.created_at < $2 order by 1, 2`,
          [from, to],
        );
        const year = Number(key.slice(0, 4));
        let total = 0n;
        let charged = 0;
        const unpaid: string[] = [];
        for (const b of bought) {
          const instrument = market.instrument(b.symbol);
          if (!subjectToFtt(instrument)) continue;
          try {
            const tax = await db.tx(async (q) =>
              chargeFtt(q, {
                userId: b.userId,
                symbol: b.symbol,
                currency: instrument.currency,
                isoDay: key,
                exempt: await isExempt(q, b.symbol, year),
              }),
            );
            if (tax !== null) {
              total += tax;
              charged += 1;
            }
          } catch (err) {
            if (!(err instanceof Refusal)) throw err;
            unpaid.push(`${b.userId}/${b.symbol}`);
          }
        }
        if (unpaid.length > 0) throw new Error(`${key}: Tobin tax unpaid (balance) for ${unpaid.join(', ')}`);
        return `${key}: ${charged} purchases balances, ${total} minor units of Tobin tax`;
      },
    },
    {
      name: 'tax-bollo-accrual',
      async due(nowMs) {
        return (await anyHoldings(db)) ? pastDays(nowMs).slice(-2) : [];
      },
      async run(key, nowMs) {
        if (!isoDayKey.test(key)) throw new Error(`not a date: ${key}`);
        const atMs = Math.min(nowMs, romeDayBounds(key).to.getTime() - 1);
        const written = await db.tx((q) => accrueBollo(q, market, key, atMs));
        return `${key}: ${written} accruals`;
      },
    },
    {
      name: 'tax-bollo',
      async due(nowMs) {
        const thisMonth = isoOfDay(romeDayOf(nowMs)).slice(0, 7);
        const rows = await db.query<{ month: string }>(
          `select distinct to_char(a.day, 'YYYY-MM') as month from tax_bollo_accruals a
            where to_char(a.day, 'YYYY-MM') < $1
              and not exists (select 1 from tax_bollo_charges c where c.user_id = a.user_id
                                and c.period = to_char(a.day, 'YYYY-MM') and c.currency = a.currency)
            order by 1 limit 24`,
          [thisMonth],
        );
        return rows.map((r) => r.month);
      },
      async run(key) {
        if (!/^\d{4}-\d{2}$/.test(key)) throw new Error(`not a month: ${key}`);
        let total = 0n;
        const unpaid: string[] = [];
        for (const p of await bolloPayers(db, key)) {
          try {
            total += (await db.tx((q) => chargeBollo(q, p.userId, p.currency, key))) ?? 0n;
          } catch (err) {
            if (!(err instanceof Refusal)) throw err;
            unpaid.push(`${p.userId}/${p.currency}`);
          }
        }
        if (unpaid.length > 0)
          throw new Error(`${key}: stamp duty unpaid (balance) for ${unpaid.join(', ')}`);
        return `${key}: ${total} minor units of stamp duty`;
      },
    },
  ];
}
