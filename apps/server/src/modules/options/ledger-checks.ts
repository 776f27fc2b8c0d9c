import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for options, by the keys option-trades.ts
 * posts under: option:{id}:buy took the premium from the user, option:{id}:close or :settle paid the close
 * value to them (none when it was 0), and no option has an entry of the other ending.
 */

const userCash = (key: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'user' and p.asset = o.currency), 0)`;

const optionEntries: LedgerCheck = {
  name: 'option-entries',
  rule: "every option's premium left the user's spot account, and its close or settlement value reached it",
  async find(q) {
    const rows = await q.query<{ id: bigint; paid: string; closed: string; settled: string }>(
      `select o.id, ${userCash("'option:' || o.id || ':buy'")}::text as paid,
              ${userCash("'option:' || o.id || ':close'")}::text as closed,
              ${userCash("'option:' || o.id || ':settle'")}::text as settled
         from option_orders o
        where ${userCash("'option:' || o.id || ':buy'")} <> -o.premium
           or ${userCash("'option:' || o.id || ':close'")}
                <> case when o.state = 'closed' then o.close_value else 0 end
           or ${userCash("'option:' || o.id || ':settle'")}
                <> case when o.state = 'expired' then o.close_value else 0 end
        order by o.id`,
    );
    return rows.map((r) => ({
      subject: `option ${r.id}`,
      detail: `user legs: premium ${r.paid}, close ${r.closed}, settlement ${r.settled}`,
    }));
  },
};

const orphanEntries: LedgerCheck = {
  name: 'option-orphan-entries',
  rule: 'every entry referring to an option has its option row',
  async find(q) {
    const rows = await q.query<{ key: string }>(
      `select e.idempotency_key as key from journal_entries e
        where e.ref_type = 'option_order'
          and not exists (select 1 from option_orders o where o.id::text = e.ref_id)
        order by e.id`,
    );
    return rows.map((r) => ({ subject: `entry ${r.key}`, detail: 'no option row' }));
  },
};

export const optionChecks: LedgerCheck[] = [optionEntries, orphanEntries];
