import { couponDays, couponMinor, withheldMinor } from '@piazza/core/bonds/bond-math';
import { notifyInvestor } from '../../kit/personal-notice';
import { postEntry } from '../../ledger/post';
import { dayOfIso } from '../../market/calendar/civil-date';
import {
  type GovernmentBond,
  governmentBondOf,
  governmentBonds,
  governmentBondTaxBpOn,
} from '../../market/catalogue/government-bonds';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { withholdOnSale } from '../taxes';
import { dealerAccount, eur, taxPayable, userEur } from './bond-rows';
import { isoDay, romeDay } from './quotes';

/*
 * Coupons and redemptions as jobs of the runner (decision 026, decision 053).
 * - `bond-coupons`, keyed `ISIN:date` of each coupon date reached: pays each investor who held the bond the
 *   evening before (their trades settled before that day, whenever the job runs) the coupon on that nominal,
 *   12.5% withheld to the platform's tax-payable account, once per investor (a unique row and an entry key).
 * - `bond-redemptions`, keyed by ISIN once its maturity date is reached: pays the nominal still held at par;
 *   the gain over the clean price paid is withheld through the taxes module, as a sale's.
 * A run after an outage catches up: keys stay due while an investor is left unpaid.
 */

/** How far back a coupon date is still looked at: an outage shorter than this is caught up. */
const lookBackDays = 400;

/** Investors holding the bond the evening before `day`, and the nominal, of those not yet paid its coupon. */
async function unpaidHolders(
  services: Services,
  isin: string,
  day: number,
): Promise<{ userId: number; nominal: bigint }[]> {
  return services.db.query<{ userId: number; nominal: bigint }>(
    `select t.user_id as "userId",
            sum(case when t.side = 'buy' then t.nominal else -t.nominal end)::bigint as nominal
       from bond_trades t
      where t.isin = $1 and t.settle_day < $2
        and not exists (select 1 from bond_coupons c where c.isin = t.isin and c.coupon_day = $2
                          and c.user_id = t.user_id)
      group by t.user_id
     having sum(case when t.side = 'buy' then t.nominal else -t.nominal end) > 0
      order by t.user_id`,
    [isin, day],
  );
}

function parseKey(key: string): { bond: GovernmentBond; day: number } {
  const [isin, date] = key.split(':');
  const bond = governmentBondOf(isin ?? '');
  if (!bond || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a coupon key: ${key}`);
  return { bond, day: dayOfIso(date) };
}

export function bondJobs(services: Services): JobDefinition[] {
  const { db } = services;
  return [
    {
      name: 'bond-coupons',
      async due(nowMs) {
        const today = romeDay(nowMs);
        const keys: { day: number; key: string }[] = [];
        for (const bond of governmentBonds) {
          if (bond.frequency === 0) continue;
          for (const day of couponDays(bond)) {
            if (day > today || day <= today - lookBackDays) continue;
            if ((await unpaidHolders(services, bond.isin, day)).length > 0)
              keys.push({ day, key: `${bond.isin}:${isoDay(day)}` });
          }
        }
        return keys.sort((a, b) => a.day - b.day || (a.key < b.key ? -1 : 1)).map((k) => k.key);
      },
      async run(key, nowMs) {
        const { bond, day } = parseKey(key);
        let paid = 0n;
        let withheldTotal = 0n;
        const holders = await unpaidHolders(services, bond.isin, day);
        for (const h of holders) {
          const gross = couponMinor(bond, h.nominal);
          const withheld = withheldMinor(gross, governmentBondTaxBpOn(day));
          const net = gross - withheld;
          const done = await db.tx(async (q) => {
            const [row] = await q.query<{ id: bigint }>(
              `insert into bond_coupons (isin, coupon_day, user_id, nominal, gross, withheld, net, paid_at)
               values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning id`,
              [bond.isin, day, h.userId, h.nominal, gross, withheld, net, new Date(nowMs)],
            );
            if (!row) return false;
            await postEntry(q, {
              billType: 'bond_coupon',
              actor: { type: 'job', id: 'bond-coupons' },
              ref: { type: 'bond-coupon', id: String(row.id) },
              idempotencyKey: `bond-coupon:${row.id}`,
              memo: `${key} ${h.nominal} nominal, ${withheld} withheld`,
              postings: [
                { account: dealerAccount, amount: -gross },
                { account: userEur(h.userId), amount: net },
                { account: taxPayable, amount: withheld },
              ],
            });
            await notifyInvestor(q, {
              userId: h.userId,
              key: 'notice.bond.coupon',
              params: [eur(net), bond.isin, eur(withheld)],
              ref: `bond-coupon:${row.id}`,
              nowMs,
            });
            return true;
          });
          if (done) {
            paid += net;
            withheldTotal += withheld;
          }
        }
        return `${key}: ${holders.length} holders, ${paid} EUR minor units paid net, ${withheldTotal} withheld`;
      },
    },
    {
      name: 'bond-redemptions',
      async due(nowMs) {
        const today = romeDay(nowMs);
        const matured = governmentBonds.filter((b) => b.maturityDay <= today).map((b) => b.isin);
        if (matured.length === 0) return [];
        const rows = await db.query<{ isin: string }>(
          `select distinct isin from bond_positions where nominal > 0 and isin = any($1::text[]) order by isin`,
          [matured],
        );
        return rows.map((r) => r.isin);
      },
      async run(isin, nowMs) {
        const bond = governmentBondOf(isin);
        if (!bond) throw new Error(`not a bond: ${isin}`);
        if (bond.maturityDay > romeDay(nowMs)) return `${isin}: not matured yet`;
        const holders = await db.query<{ userId: number }>(
          'select user_id as "userId" from bond_positions where isin = $1 and nominal > 0 order by user_id',
          [isin],
        );
        let redeemed = 0n;
        for (const { userId } of holders) {
          redeemed += await db.tx(async (q) => {
            const [p] = await q.query<{ nominal: bigint; cost: bigint }>(
              'select nominal, cost from bond_positions where user_id = $1 and isin = $2 for update',
              [userId, isin],
            );
            if (!p || p.nominal === 0n) return 0n;
            const [row] = await q.query<{ id: bigint }>(
              `insert into bond_redemptions (isin, user_id, nominal, cost, withheld, net, paid_at)
               values ($1, $2, $3, $4, 0, $3, $5) returning id`,
              [isin, userId, p.nominal, p.cost, new Date(nowMs)],
            );
            const id = String(row?.id);
            await postEntry(q, {
              billType: 'bond_redemption',
              actor: { type: 'job', id: 'bond-redemptions' },
              ref: { type: 'bond-redemption', id },
              idempotencyKey: `bond-redemption:${id}`,
              memo: `${isin} ${p.nominal} nominal at par`,
              postings: [
                { account: dealerAccount, amount: -p.nominal },
                { account: userEur(userId), amount: p.nominal },
              ],
            });
            const w = await withholdOnSale(q, {
              userId,
              source: 'bond_redemption',
              sourceRef: id,
              kind: 'governmentBonds',
              instrument: isin,
              currency: 'EUR',
              proceeds: p.nominal,
              fees: 0n,
              cost: p.cost,
              nowMs,
              actor: { type: 'job', id: 'bond-redemptions' },
            });
            await q.query('update bond_redemptions set withheld = $2, net = nominal - $2 where id = $1', [
              id,
              w.withheld,
            ]);
            await notifyInvestor(q, {
              userId,
              key: 'notice.bond.redeemed',
              params: [eur(p.nominal), isin],
              ref: `bond-redemption:${id}`,
              nowMs,
            });
            await q.query(
              'update bond_positions set nominal = 0, cost = 0 where user_id = $1 and isin = $2',
              [userId, isin],
            );
            return p.nominal;
          });
        }
        return `${isin}: ${holders.length} holders, ${redeemed} EUR minor units of nominal redeemed`;
      },
    },
  ];
}
