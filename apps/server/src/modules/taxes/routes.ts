import * as calls from '@piazza/contract/calls/taxes';
import type { TaxRegime } from '@piazza/contract/calls/taxes-shapes';
import { formatAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { estimateTax } from './estimate';
import { subjectToFtt } from './ftt';
import { taxJobs } from './jobs';
import { realisationsOf, taxYearSummary } from './summary';
import { taxYearOf } from './tax-days';

/* The taxes' calls for investors (estimate, position) and the back office (regime, exempt list, totals). */

async function scalesOf(q: Queryable): Promise<(currency: string, minor: bigint) => string> {
  const rows = await q.query<{ code: string; scale: number }>('select code, scale from assets');
  const scales = new Map(rows.map((r) => [r.code, Number(r.scale)]));
  return (currency, minor) => formatAmount(minor, scales.get(currency) ?? 2);
}

const percent = (bp: number) => formatAmount(BigInt(bp), 2);

async function regimeView(q: Queryable, userId: number) {
  const [row] = await q.query<{
    regime: TaxRegime;
    setAt: Date;
    reason: string | null;
    setBy: number | null;
  }>('select regime, set_at as "setAt", reason, set_by as "setBy" from tax_regimes where user_id = $1', [
    userId,
  ]);
  return {
    userId,
    regime: row?.regime ?? 'amministrato',
    setAt: row && row.setBy !== null ? row.setAt.getTime() : null,
    reason: row?.reason ?? null,
  };
}

export async function registerTaxes(app: FastifyInstance, services: Services): Promise<void> {
  const { clock, db } = services;
  for (const job of taxJobs(services)) services.jobs.define(job);

  implement(app, services, calls.taxEstimate, async (ctx) =>
    estimateTax(services, ctx.db, userOf(ctx).id, ctx.input),
  );

  implement(app, services, calls.taxPosition, async (ctx) => {
    const userId = userOf(ctx).id;
    const year = ctx.input.year ?? taxYearOf(clock.now());
    const money = await scalesOf(ctx.db);
    const summary = await taxYearSummary(ctx.db, userId, year);
    const sales = await realisationsOf(ctx.db, userId, year);
    return {
      regime: summary.regime,
      year,
      figures: summary.byCurrency.map((c) => ({
        currency: c.currency,
        gains: money(c.currency, c.gains),
        losses: money(c.currency, c.losses),
        lossUsed: money(c.currency, c.lossUsed),
        taxable: money(c.currency, c.taxable),
        withheld: money(c.currency, c.withheld),
        transactionTax: money(c.currency, c.transactionTax),
        stampDuty: money(c.currency, c.stampDuty),
      })),
      zainetto: summary.zainetto.map((z) => ({
        currency: z.currency,
        year: z.year,
        carried: money(z.currency, z.carried),
        used: money(z.currency, z.used),
        remaining: money(z.currency, z.remaining),
        usableUntil: z.usableUntil,
        expired: z.expired,
      })),
      realisations: sales.map((r) => ({
        id: Number(r.id),
        time: r.createdAt.getTime(),
        kind: r.kind as (typeof calls.taxEstimate)['output']['_output']['kind'],
        instrument: r.instrument,
        currency: r.currency,
        proceeds: money(r.currency, BigInt(r.proceeds)),
        fees: money(r.currency, BigInt(r.fees)),
        cost: money(r.currency, BigInt(r.cost)),
        gain: money(r.currency, BigInt(r.gain)),
        lossUsed: money(r.currency, BigInt(r.lossUsed)),
        rate: percent(Number(r.rateBp)),
        withheld: money(r.currency, BigInt(r.withheld)),
      })),
    };
  });

  implement(app, services, calls.adminTaxRegime, async (ctx) => {
    const [user] = await ctx.db.query('select 1 from users where id = $1', [ctx.input.userId]);
    if (!user) throw new Refusal('tax.userNotFound');
    return regimeView(ctx.db, ctx.input.userId);
  });

  implement(app, services, calls.adminTaxRegimeSet, async (ctx) => {
    const op = operatorOf(ctx);
    const { userId, regime, reason } = ctx.input;
    return db.tx(async (q) => {
      const [user] = await q.query('select 1 from users where id = $1', [userId]);
      if (!user) throw new Refusal('tax.userNotFound');
      await q.query('insert into tax_regimes (user_id) values ($1) on conflict (user_id) do nothing', [
        userId,
      ]);
      const [before] = await q.query<{ regime: TaxRegime }>(
        'select regime from tax_regimes where user_id = $1 for update',
        [userId],
      );
      if (before?.regime === regime) throw new Refusal('tax.regimeSame', [regime]);
      await q.query(
        'update tax_regimes set regime = $2, set_by = $3, reason = $4, set_at = $5 where user_id = $1',
        [userId, regime, op.id, reason, new Date(clock.now())],
      );
      await audit(q, {
        operatorId: op.id,
        action: 'tax.regime',
        targetType: 'user',
        targetId: userId,
        before: { regime: before?.regime ?? 'amministrato' },
        after: { regime },
        reason,
      });
      return regimeView(q, userId);
    });
  });

  const exemptList = async (q: Queryable, year: number) => {
    const rows = await q.query<{ symbol: string; year: number }>(
      'select symbol, year from tax_ftt_exempt where year = $1 order by symbol',
      [year],
    );
    return {
      list: rows.map((r) => ({
        symbol: r.symbol,
        name: services.market.instrument(r.symbol)?.name ?? r.symbol,
        year: Number(r.year),
      })),
    };
  };

  implement(app, services, calls.adminTaxExempt, async (ctx) => exemptList(ctx.db, ctx.input.year));

  implement(app, services, calls.adminTaxExemptAdd, async (ctx) => {
    const op = operatorOf(ctx);
    const { symbol, year } = ctx.input;
    if (!services.market.instrument(symbol)) throw new Refusal('tax.unknownSymbol', [symbol]);
    if (!subjectToFtt(services.market.instrument(symbol))) throw new Refusal('tax.notItalianShare', [symbol]);
    return db.tx(async (q) => {
      const rows = await q.query(
        `insert into tax_ftt_exempt (symbol, year, added_by, added_at) values ($1, $2, $3, $4)
         on conflict do nothing returning symbol`,
        [symbol, year, op.id, new Date(clock.now())],
      );
      if (rows.length === 0) throw new Refusal('tax.exemptExists', [symbol, year]);
      await audit(q, {
        operatorId: op.id,
        action: 'tax.exempt.add',
        targetType: 'instrument',
        targetId: symbol,
        before: null,
        after: { symbol, year },
      });
      return exemptList(q, year);
    });
  });

  implement(app, services, calls.adminTaxExemptRemove, async (ctx) => {
    const op = operatorOf(ctx);
    const { symbol, year } = ctx.input;
    return db.tx(async (q) => {
      const rows = await q.query(
        'delete from tax_ftt_exempt where symbol = $1 and year = $2 returning symbol',
        [symbol, year],
      );
      if (rows.length === 0) throw new Refusal('tax.exemptMissing', [symbol, year]);
      await audit(q, {
        operatorId: op.id,
        action: 'tax.exempt.remove',
        targetType: 'instrument',
        targetId: symbol,
        before: { symbol, year },
        after: null,
      });
      return exemptList(q, year);
    });
  });

  implement(app, services, calls.adminTaxTotals, async (ctx) => {
    const money = await scalesOf(ctx.db);
    const rows = await ctx.db.query<{ month: string; currency: string; bill: string; amount: bigint }>(
      `select to_char(e.created_at at time zone 'Europe/Rome', 'YYYY-MM') as month, a.asset as currency,
              e.bill_type as bill, sum(p.amount) as amount
         from journal_entries e join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
        where e.bill_type in ('tax_gains', 'tax_ftt', 'tax_stamp') and a.owner_type = 'platform'
          and a.purpose = 'tax-payable'
          and to_char(e.created_at at time zone 'Europe/Rome', 'YYYY') = $1
        group by 1, 2, 3 order by 1, 2`,
      [String(ctx.input.year)],
    );
    const byKey = new Map<string, { month: string; currency: string; g: bigint; f: bigint; s: bigint }>();
    for (const r of rows) {
      const key = `${r.month}:${r.currency}`;
      const t = byKey.get(key) ?? { month: r.month, currency: r.currency, g: 0n, f: 0n, s: 0n };
      const amount = BigInt(r.amount);
      if (r.bill === 'tax_gains') t.g += amount;
      else if (r.bill === 'tax_ftt') t.f += amount;
      else t.s += amount;
      byKey.set(key, t);
    }
    return {
      list: [...byKey.values()].map((t) => ({
        month: t.month,
        currency: t.currency,
        withheld: money(t.currency, t.g),
        transactionTax: money(t.currency, t.f),
        stampDuty: money(t.currency, t.s),
      })),
    };
  });
}
