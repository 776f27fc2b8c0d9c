import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for stock contracts, by the keys
 * contract-trade.ts posts under: stock-contract:{id}:open, :close, :nbp and :margin:{requestId}.
 */

/** What the user's contract accounts received from the entries matching `keyCondition`. */
const userLeg = (keyCondition: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where ${keyCondition} and a.owner_type = 'user' and a.purpose = 'contract' and p.asset = c.currency), 0)`;

const platformLeg = (key: string, purpose: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'platform' and a.purpose = '${purpose}'
    and p.asset = c.currency), 0)`;

const opened: LedgerCheck = {
  name: 'stock-contract-open',
  rule: 'every contract position paid its opening fee from the contract account',
  async find(q) {
    const rows = await q.query<{ id: bigint; fee: bigint; posted: string }>(
      `select c.id, c.open_fee as fee, ${userLeg("e.idempotency_key = 'stock-contract:' || c.id || ':open'")}::text as posted
         from stock_contracts c
        where ${userLeg("e.idempotency_key = 'stock-contract:' || c.id || ':open'")} <> -c.open_fee
        order by c.id`,
    );
    return rows.map((r) => ({
      subject: `stock contract ${r.id}`,
      detail: `open fee ${r.fee}, posted ${r.posted}`,
    }));
  },
};

const closed: LedgerCheck = {
  name: 'stock-contract-close',
  rule: 'a closed contract moved its P&L less its closing fee (plus what the platform absorbed) through the contract account, and the platform absorbed exactly what it says; an open one has no closing entry',
  async find(q) {
    const closeKey = "'stock-contract:' || c.id || ':close'";
    const nbpKey = "'stock-contract:' || c.id || ':nbp'";
    const rows = await q.query<{ id: bigint; state: string; posted: string; absorbedPosted: string }>(
      `select c.id, c.state, ${userLeg(`e.idempotency_key = ${closeKey}`)}::text as posted,
              ${platformLeg(nbpKey, 'negative-balance-protection')}::text as "absorbedPosted"
         from stock_contracts c
        where ${userLeg(`e.idempotency_key = ${closeKey}`)}
                <> case c.state when 'closed' then c.pnl - c.close_fee + c.absorbed else 0 end
           or ${platformLeg(nbpKey, 'negative-balance-protection')} <> -c.absorbed
           or (c.state = 'open' and exists (select 1 from journal_entries e where e.idempotency_key = ${closeKey}))
        order by c.id`,
    );
    return rows.map((r) => ({
      subject: `stock contract ${r.id}`,
      detail: `${r.state}: contract leg ${r.posted}, absorbed posted ${r.absorbedPosted}`,
    }));
  },
};

const marginAdded: LedgerCheck = {
  name: 'stock-contract-margin',
  rule: 'the margin a position says was added is what its add_margin entries moved into the contract account',
  async find(q) {
    const rows = await q.query<{ id: bigint; added: bigint; posted: string }>(
      `select c.id, c.added_margin as added,
              ${userLeg("e.idempotency_key like 'stock-contract:' || c.id || ':margin:%'")}::text as posted
         from stock_contracts c
        where ${userLeg("e.idempotency_key like 'stock-contract:' || c.id || ':margin:%'")} <> c.added_margin
        order by c.id`,
    );
    return rows.map((r) => ({
      subject: `stock contract ${r.id}`,
      detail: `added ${r.added}, posted ${r.posted}`,
    }));
  },
};

export const stockContractChecks: LedgerCheck[] = [opened, closed, marginAdded];
