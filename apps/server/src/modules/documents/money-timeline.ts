import type { userMoneyTimeline } from '@piazza/contract/calls/documents';
import type { lockKinds } from '@piazza/contract/calls/documents-shapes';
import type { CallOutput } from '@piazza/contract/define';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { zonedInstant } from '../../market/calendar/zoned-time';
import { documentZone } from './periods';

/*
 * Where the investor's money is (issue 19 item 5, decision 051). Every account but the currency account is
 * split into lines that add up to its balance exactly, each naming the journal entries behind it:
 * - `locked` (shares waiting for settlement, a block trade's lock): one line per unsettled lot, with the day it
 *   settles and the entry that delivered it; anything the lots do not explain is an `other` line;
 * - `frozen`, `robot`, `fund`, `loan`: the account's postings netted by the business row their entries name
 *   (an order, a withdrawal, a subscription, a contract, a product order) — a row whose freeze was released
 *   nets to zero and is gone — dated where the row has a date (a product's lock-in);
 * - `contract`: the margin of each open stock contract, and the rest `available` (free to move at once).
 * Withdrawable now is the currency account; buying power adds what the contract account has free (a transfer
 * between them is free and immediate). Loans due are what the loan's ledger account says is owed, by its date.
 */

type Timeline = CallOutput<typeof userMoneyTimeline>;
type LockKind = (typeof lockKinds)[number];
type Line = Timeline['lines'][number];

interface Account {
  purpose: string;
  asset: string;
  scale: number;
  kind: string;
  balance: bigint;
}

const kindOfRef: Record<string, LockKind> = {
  withdrawal: 'withdrawal',
  stock_order: 'order',
  coin_contract: 'contractMargin',
  offering_subscription: 'subscription',
  block_purchase: 'subscription',
  product_order: 'product',
};

const lotKind: Record<string, LockKind> = { fill: 'settlement', block: 'blockLock', ipo: 'ipoSettlement' };

export async function moneyTimeline(q: Queryable, userId: number, nowMs: number): Promise<Timeline> {
  const accounts = (
    await q.query<Account>(
      `select a.purpose, a.asset, s.scale, s.kind, a.balance
         from accounts a join assets s on s.code = a.asset
        where a.owner_type = 'user' and a.owner_id = $1 and a.balance <> 0
        order by a.purpose, a.asset`,
      [userId],
    )
  ).map((a) => ({ ...a, scale: Number(a.scale) }));
  const scaleOf = new Map(accounts.map((a) => [a.asset, a.scale]));
  const amount = (minor: bigint, asset: string) => formatAmount(minor, scaleOf.get(asset) ?? 0);
  const lines: Line[] = [];
  const explained = new Map<string, bigint>();
  const add = (l: Omit<Line, 'amount'> & { minor: bigint }) => {
    const { minor, ...rest } = l;
    lines.push({ ...rest, amount: amount(minor, l.asset) });
    const key = `${l.purpose}\u0000${l.asset}`;
    explained.set(key, (explained.get(key) ?? 0n) + minor);
  };

  // Shares waiting for settlement, each lot with the entry that put it in `locked`.
  const lots = await q.query<{
    source: string;
    symbol: string;
    quantity: bigint;
    settlesAt: Date;
    entryId: bigint | null;
    refType: string | null;
    refId: string | null;
  }>(
    `select l.source, l.symbol, l.quantity, l.settles_at as "settlesAt", j.id as "entryId",
            j.ref_type as "refType", j.ref_id as "refId"
       from stock_lots l
       left join stock_fills f on f.id = l.fill_id
       left join journal_entries j on j.idempotency_key = case l.source
            when 'fill' then 'stock-order:' || f.order_id || ':fill:' || f.seq
            when 'block' then 'block-purchase:' || l.source_id || ':deliver'
            else 'offering-sub:' || l.source_id || ':deliver' end
      where l.user_id = $1 and l.settled_at is null
      order by l.settles_at, l.id`,
    [userId],
  );
  for (const lot of lots) {
    add({
      kind: lotKind[lot.source] ?? 'other',
      purpose: 'locked',
      asset: lot.symbol,
      minor: lot.quantity,
      unlockAt: lot.settlesAt.getTime(),
      refType: lot.refType,
      refId: lot.refId,
      entryIds: lot.entryId === null ? [] : [String(lot.entryId)],
    });
  }

  // Stock contracts keep their margin in the contract account: each open one's is committed until it closes.
  const contracts = await q.query<{
    id: bigint;
    currency: string;
    margin: bigint;
    entryIds: string[] | null;
  }>(
    `select c.id, c.currency, c.margin + c.added_margin as margin,
            (select array_agg(j.id::text order by j.id) from journal_entries j
              where j.ref_type = 'stock_contract' and j.ref_id = c.id::text) as "entryIds"
       from stock_contracts c where c.user_id = $1 and c.state = 'open' order by c.id`,
    [userId],
  );
  for (const c of contracts) {
    add({
      kind: 'contractMargin',
      purpose: 'contract',
      asset: c.currency,
      minor: c.margin,
      unlockAt: null,
      refType: 'stock_contract',
      refId: String(c.id),
      entryIds: c.entryIds ?? [],
    });
  }

  // Frozen, robot, fund and loan accounts: their postings netted by the business row of their entries.
  const held = await q.query<{
    purpose: string;
    asset: string;
    refType: string | null;
    refId: string | null;
    net: bigint;
    entryIds: string[];
    lockedUntil: Date | null;
  }>(
    `select a.purpose, a.asset, j.ref_type as "refType", j.ref_id as "refId", sum(p.amount)::int8 as net,
            array_agg(distinct j.id::text) as "entryIds",
            (select o.locked_until from product_orders o
              where j.ref_type = 'product_order' and o.id::text = j.ref_id) as "lockedUntil"
       from accounts a
       join postings p on p.account_id = a.id
       join journal_entries j on j.id = p.entry_id
      where a.owner_type = 'user' and a.owner_id = $1 and a.purpose in ('frozen', 'robot', 'fund', 'loan')
      group by a.purpose, a.asset, j.ref_type, j.ref_id
     having sum(p.amount) <> 0
      order by a.purpose, a.asset, min(j.id)`,
    [userId],
  );
  for (const h of held) {
    add({
      kind: (h.refType && kindOfRef[h.refType]) || 'other',
      purpose: h.purpose,
      asset: h.asset,
      minor: h.net,
      unlockAt: h.lockedUntil ? h.lockedUntil.getTime() : null,
      refType: h.refType,
      refId: h.refId,
      entryIds: [...h.entryIds].sort((x, y) => Number(x) - Number(y)),
    });
  }

  // What no line explains: a contract account's free cash, or anything else left in `locked`.
  const covered = accounts.filter((a) => a.purpose !== 'spot');
  const free = new Map<string, bigint>();
  for (const a of covered) {
    const rest = a.balance - (explained.get(`${a.purpose}\u0000${a.asset}`) ?? 0n);
    if (rest === 0n) continue;
    if (a.purpose === 'contract') free.set(a.asset, rest);
    add({
      kind: a.purpose === 'contract' ? 'available' : 'other',
      purpose: a.purpose,
      asset: a.asset,
      minor: rest,
      unlockAt: null,
      refType: null,
      refId: null,
      entryIds: [],
    });
  }

  const balanceOf = (purpose: string, asset: string) =>
    accounts.find((a) => a.purpose === purpose && a.asset === asset)?.balance ?? 0n;
  const currencies = [...new Set(accounts.filter((a) => a.kind !== 'security').map((a) => a.asset))]
    .filter((asset) => balanceOf('spot', asset) !== 0n || balanceOf('contract', asset) !== 0n)
    .map((asset) => {
      const spot = balanceOf('spot', asset);
      const movable = free.get(asset) ?? 0n;
      return {
        asset,
        withdrawableNow: amount(spot, asset),
        buyingPower: amount(spot + (movable > 0n ? movable : 0n), asset),
      };
    });

  const loans = await q.query<{ id: bigint; owed: bigint | null; dueDay: number; entryIds: string[] | null }>(
    `select l.id, (select -a.balance from accounts a
                     where a.owner_type = 'platform' and a.owner_id = 0 and a.purpose = 'loan:' || l.id) as owed,
            l.disbursed_day + l.days as "dueDay",
            (select array_agg(j.id::text order by j.id) from journal_entries j
              where j.ref_type = 'loan' and j.ref_id = l.id::text) as "entryIds"
       from loans l where l.user_id = $1 and l.state in ('active', 'repaying') order by l.id`,
    [userId],
  );

  return {
    currencies,
    lines,
    accounts: covered.map((a) => ({
      purpose: a.purpose,
      asset: a.asset,
      balance: amount(a.balance, a.asset),
    })),
    loans: loans.map((l) => ({
      id: String(l.id),
      asset: 'EUR',
      owed: formatAmount(l.owed ?? 0n, 2),
      dueAt: zonedInstant(documentZone, Number(l.dueDay), 0),
      entryIds: l.entryIds ?? [],
    })),
    updatedAt: nowMs,
  };
}
