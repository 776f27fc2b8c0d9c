import type { FundOrderView, FundView, ManagerView } from '@piazza/contract/calls/fund-shapes';
import { formatAmount } from '@piazza/core/money';
import { startingNav } from '@piazza/core/strategies/units';
import type { Queryable } from '../../db/db';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { markBook } from './book';
import { liveOf, riskClassOf } from './measured';
import type { ProductOrderRow, ProductRow } from './product-rows';

/* How funds, their managers and their followings read on the wire (calls/fund-shapes.ts). */

export interface ManagerRow {
  id: number;
  name: string;
  bio: string;
  photoUrl: string | null;
}

export const managerColumns = 'id, name, bio, photo_url as "photoUrl"';

const navDecimals = 6;

async function lastNavOf(q: Queryable, productId: number) {
  const [last] = await q.query<{ nav: bigint; at: Date }>(
    'select nav, at from product_navs where product_id = $1 order by day desc limit 1',
    [productId],
  );
  return last;
}

export async function managerViewOf(q: Queryable, m: ManagerRow, userId?: number): Promise<ManagerView> {
  const [likes] = await q.query<{ n: number; mine: number }>(
    `select count(*)::int as n, count(*) filter (where user_id = $2)::int as mine
       from fund_manager_likes where manager_id = $1`,
    [m.id, userId ?? 0],
  );
  const funds = await q.query<{ id: number; launchedAt: Date }>(
    `select id, launched_at as "launchedAt" from products where kind = 'fund' and manager_id = $1 order by launched_at`,
    [m.id],
  );
  // The track record is the oldest fund's since its launch, measured from its NAVs.
  let trackReturn: string | null = null;
  let trackFrom: number | null = null;
  const oldest = funds[0];
  if (oldest) {
    const [navs] = await q.query<{ first: bigint | null; last: bigint | null; from: Date | null }>(
      `select (select nav from product_navs where product_id = $1 order by day limit 1) as first,
              (select nav from product_navs where product_id = $1 order by day desc limit 1) as last,
              (select min(at) from product_navs where product_id = $1) as from`,
      [oldest.id],
    );
    if (navs?.last != null) {
      trackReturn = (Number(navs.last) / Number(startingNav(2)) - 1).toFixed(6);
      trackFrom = oldest.launchedAt.getTime();
    }
  }
  return {
    id: m.id,
    name: m.name,
    photoUrl: m.photoUrl,
    bio: m.bio,
    since: oldest?.launchedAt.getTime() ?? null,
    likes: likes?.n ?? 0,
    liked: (likes?.mine ?? 0) > 0,
    funds: funds.length,
    trackReturn,
    trackFrom,
  };
}

export async function fundViewOf(
  q: Queryable,
  services: Services,
  r: ProductRow,
  managerName: string,
  nowMs: number,
): Promise<FundView> {
  const scale = await currencyScaleOf(q, r.currency);
  const last = await lastNavOf(q, r.id);
  const [count] = await q.query<{ n: number }>(
    `select count(distinct user_id)::int as n from product_orders where product_id = $1 and state <> 'returned'`,
    [r.id],
  );
  const book = await markBook(q, services, r, nowMs);
  const live = await liveOf(q, r);
  return {
    id: r.id,
    name: r.name,
    managerId: r.managerId ?? 0,
    managerName,
    mode: r.mode,
    strategy: r.strategy,
    status: r.status,
    currency: r.currency,
    minAmount: formatAmount(r.minAmount, scale),
    managementFee: (r.feeBps / 10_000).toFixed(4),
    basket: r.basket,
    launchedAt: r.launchedAt.getTime(),
    riskClass: await riskClassOf(q, services, r),
    nav: formatAmount(last?.nav ?? startingNav(scale), scale + navDecimals),
    navAt: last?.at.getTime() ?? null,
    bookValue: formatAmount(book.value, scale),
    followers: count?.n ?? 0,
    liveReturn: live.totalReturn,
  };
}

export function fundOrderViewOf(o: ProductOrderRow, r: ProductRow, scale: number): FundOrderView {
  const money = (v: bigint) => formatAmount(v, scale);
  return {
    id: Number(o.id),
    fundId: r.id,
    fundName: r.name,
    currency: r.currency,
    state: o.state,
    invested: money(o.invested),
    units: formatAmount(o.units, 6),
    // The balance of the follower's fund account for this order: units × NAV at the last mark.
    value: money(o.state === 'returned' ? 0n : o.claim),
    createdAt: o.createdAt.getTime(),
    redeemAt: o.redeemAt?.getTime() ?? null,
    returnedAt: o.returnedAt?.getTime() ?? null,
    returned: o.returned === null ? null : money(o.returned),
  };
}
