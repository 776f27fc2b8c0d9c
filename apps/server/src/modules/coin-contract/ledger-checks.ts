import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for perpetual positions, by their
 * entries (ref coin_contract/{id}): what a position holds as margin is what its entries left in the user's
 * frozen USDT (with a resting limit opening's fee; nothing once closed or cancelled), its opening fee was
 * paid, and a closed position has its close entry with what it says it returned and absorbed.
 */

/** The sum the user's accounts of `purposes` received from the position's entries (those `keyFilter` keeps). */
const userLeg = (
  purposes: string,
  keyFilter: string,
) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.ref_type = 'coin_contract' and e.ref_id = c.id::text and a.owner_type = 'user'
    and a.purpose in (${purposes}) and p.asset = c.currency ${keyFilter}), 0)`;

const marginHeld: LedgerCheck = {
  name: 'coin-contract-margin',
  rule: "a position's margin (and a resting limit opening's fee) is what its entries left in the user's frozen USDT: all of it while open, none once closed or cancelled",
  async find(q) {
    const rows = await q.query<{ id: bigint; margin: bigint; posted: string }>(
      `select c.id, c.margin + c.frozen_fee as margin, ${userLeg("'frozen'", '')}::text as posted
         from coin_contract_positions c
        where c.margin + c.frozen_fee <> ${userLeg("'frozen'", '')}
        order by c.id`,
    );
    return rows.map((r) => ({
      subject: `coin contract ${r.id}`,
      detail: `margin ${r.margin}, frozen ${r.posted}`,
    }));
  },
};

const settled: LedgerCheck = {
  name: 'coin-contract-settlement',
  rule: 'an opened position paid its opening fee; a cancelled limit opening has its cancel entry; a closed one returned to the contract account what it says, less its fee, and had its loss beyond the margin absorbed',
  async find(q) {
    const rows = await q.query<{ id: bigint; fee: string; returned: string; absorbed: string }>(
      `select c.id,
              ${userLeg("'contract', 'frozen'", "and e.idempotency_key = 'coin-contract:' || c.id || ':open:fee'")}::text as fee,
              ${userLeg("'contract'", "and e.idempotency_key in ('coin-contract:' || c.id || ':close', 'coin-contract:' || c.id || ':close:fee')")}::text as returned,
              coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
                 join accounts a on a.id = p.account_id
                where e.idempotency_key = 'coin-contract:' || c.id || ':nbp' and a.purpose = 'market'), 0)::text as absorbed
         from coin_contract_positions c
        where ${userLeg("'contract', 'frozen'", "and e.idempotency_key = 'coin-contract:' || c.id || ':open:fee'")} <> -c.open_fee
           or (c.state = 'cancelled' and not exists (
                select 1 from journal_entries e where e.idempotency_key = 'coin-contract:' || c.id || ':cancel'))
           or (c.state in ('closed', 'system_close') and (
                ${userLeg("'contract'", "and e.idempotency_key in ('coin-contract:' || c.id || ':close', 'coin-contract:' || c.id || ':close:fee')")} <> c.returned
             or coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
                  join accounts a on a.id = p.account_id
                 where e.idempotency_key = 'coin-contract:' || c.id || ':nbp' and a.purpose = 'market'), 0) <> c.absorbed
             or not exists (select 1 from journal_entries e where e.idempotency_key = 'coin-contract:' || c.id || ':close')))
        order by c.id`,
    );
    return rows.map((r) => ({
      subject: `coin contract ${r.id}`,
      detail: `entries: opening fee ${r.fee}, returned ${r.returned}, absorbed ${r.absorbed}`,
    }));
  },
};

export const coinContractChecks: LedgerCheck[] = [marginHeld, settled];
