import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * "Every business row that moved money has its entry" (DESIGN.md §5) for funding: each check is a query for
 * the rows whose entries are missing, extra, or of the wrong amount. The entry keys are the ones the funding
 * services post under (deposit:{id}, withdrawal:{id}:{step}, exchange:{quoteId}).
 */

/** The sum a user account of `purpose` received from the entry with key `key`. */
const userLeg = (key: string, purpose: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'user' and a.purpose = '${purpose}'), 0)`;

const depositsPosted: LedgerCheck = {
  name: 'deposit-entry',
  rule: "every successful deposit has its deposit entry crediting its amount to the user's spot, and no other deposit has one",
  async find(q) {
    const rows = await q.query<{ id: bigint; state: string; credited: string; amount: string }>(
      `select d.id, d.state, ${userLeg("'deposit:' || d.id", 'spot')}::text as credited, d.amount::text as amount
         from deposits d
        where (d.state = 'success') <> (${userLeg("'deposit:' || d.id", 'spot')} = d.amount)
        order by d.id`,
    );
    return rows.map((r) => ({
      subject: `deposit ${r.id}`,
      detail: `state ${r.state}, amount ${r.amount}, credited to spot ${r.credited}`,
    }));
  },
};

const withdrawalsPosted: LedgerCheck = {
  name: 'withdrawal-entries',
  rule: 'every withdrawal froze amount + fee; a paid one moved them out of frozen, a rejected one refunded them to spot, a waiting one neither',
  async find(q) {
    const rows = await q.query<{
      id: bigint;
      state: string;
      frozen: string;
      paid: string;
      refunded: string;
      due: string;
    }>(
      `select w.id, w.state, (w.amount + w.fee)::text as due,
              ${userLeg("'withdrawal:' || w.id || ':freeze'", 'frozen')}::text as frozen,
              (-${userLeg("'withdrawal:' || w.id || ':payout'", 'frozen')}
               - ${userLeg("'withdrawal:' || w.id || ':fee'", 'frozen')})::text as paid,
              ${userLeg("'withdrawal:' || w.id || ':refund'", 'spot')}::text as refunded
         from withdrawals w order by w.id`,
    );
    return rows
      .filter((r) => {
        const expected = {
          frozen: r.due,
          paid: r.state === 'success' ? r.due : '0',
          refunded: r.state === 'fail' ? r.due : '0',
        };
        return r.frozen !== expected.frozen || r.paid !== expected.paid || r.refunded !== expected.refunded;
      })
      .map((r) => ({
        subject: `withdrawal ${r.id}`,
        detail: `state ${r.state}, amount + fee ${r.due}: frozen ${r.frozen}, paid out ${r.paid}, refunded ${r.refunded}`,
      }));
  },
};

/** The sum the user's spot account in `asset` received from the entry with key `key`. */
const userAssetLeg = (key: string, asset: string) => `coalesce((select sum(p.amount) from journal_entries e
  join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
  where e.idempotency_key = ${key} and a.owner_type = 'user' and a.purpose = 'spot' and p.asset = ${asset}), 0)`;

const exchangesPosted: LedgerCheck = {
  name: 'exchange-entry',
  rule: 'every confirmed exchange quote has its entry taking amount in and paying amount out, and no other quote has one',
  async find(q) {
    const rows = await q.query<{ id: string; used: boolean; taken: string; paid: string }>(
      `select id, used, taken::text as taken, paid::text as paid from (
         select x.id, x.created_at, x.used_at is not null as used, x.amount_in, x.amount_out,
                -${userAssetLeg("'exchange:' || x.id", 'x.from_asset')} as taken,
                ${userAssetLeg("'exchange:' || x.id", 'x.to_asset')} as paid
           from exchange_quotes x) t
        where case when used then taken <> amount_in or paid <> amount_out else taken <> 0 or paid <> 0 end
        order by created_at`,
    );
    return rows.map((r) => ({
      subject: `exchange quote ${r.id}`,
      detail: `${r.used ? 'confirmed' : 'not confirmed'}: the user paid ${r.taken} and received ${r.paid}`,
    }));
  },
};

export const fundingChecks: LedgerCheck[] = [depositsPosted, withdrawalsPosted, exchangesPosted];
