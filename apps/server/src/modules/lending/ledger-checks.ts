import type { LedgerCheck } from '../../ledger/ledger-check';

/*
 * The loans' money rules (issue 14, DESIGN.md §5): what the ledger says an investor owes on a loan (minus the
 * balance of the platform's `loan:{id}` account) is the loan's outstanding principal plus the interest booked,
 * and nothing once repaid; each loan's entries are its disbursement, its interest and its repayment, and no
 * loan entry names a loan that does not exist.
 */

const owedByLedger = `coalesce((select -a.balance from accounts a where a.owner_type = 'platform' and a.owner_id = 0
   and a.purpose = 'loan:' || l.id and a.asset = 'EUR'), 0)`;
const owedByRow = `case when l.state in ('active', 'repaying') then l.principal + l.accrued else 0 end`;

const loanOwed: LedgerCheck = {
  name: 'loan-owed',
  rule: 'what the ledger says the investor owes on a loan is its outstanding principal plus the interest booked',
  async find(q) {
    const rows = await q.query<{ id: bigint; state: string; ledger: bigint; row: bigint }>(
      `select l.id, l.state, ${owedByLedger} as ledger, ${owedByRow} as row from loans l
        where ${owedByLedger} <> ${owedByRow} order by l.id`,
    );
    return rows.map((r) => ({
      subject: `loan ${r.id}`,
      detail: `${r.state}: the ledger says ${r.ledger} owed, the loan ${r.row}`,
    }));
  },
};

/** What the investor's `purpose` EUR account received from the loan's entries of `bill`. */
const moved = (bill: string, purpose: string) =>
  `coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
     join accounts a on a.id = p.account_id
    where e.ref_type = 'loan' and e.ref_id = l.id::text and e.bill_type = '${bill}' and a.owner_type = 'user'
      and a.owner_id = l.user_id and a.purpose = '${purpose}' and a.asset = 'EUR'), 0)`;
const interestBooked = `coalesce((select sum(p.amount) from journal_entries e join postings p on p.entry_id = e.id
     join accounts a on a.id = p.account_id
    where e.ref_type = 'loan' and e.ref_id = l.id::text and e.bill_type = 'loan_interest'
      and a.owner_type = 'platform' and a.purpose = 'interest-income'), 0)`;

const loanEntries: LedgerCheck = {
  name: 'loan-entries',
  rule: 'a disbursed loan paid its principal to the spot account, booked its accrued interest, and a repaid one took its repayment from spot and settled it from frozen',
  async find(q) {
    const rows = await q.query<{
      id: bigint;
      paid: bigint;
      interest: bigint;
      taken: bigint;
      settled: bigint;
    }>(
      `select l.id, ${moved('loan_disbursal', 'spot')} as paid, ${interestBooked} as interest,
              ${moved('loan_repayment', 'spot')} as taken, ${moved('loan_repayment', 'frozen')} as settled
         from loans l
        where ${moved('loan_disbursal', 'spot')} <> case when l.disbursed_at is null then 0 else l.principal end
           or ${interestBooked} <> l.accrued
           or ${moved('loan_repayment', 'spot')} <> -coalesce(l.repay_amount, 0)
           or ${moved('loan_repayment', 'frozen')} <> case when l.state = 'repaying' then l.repay_amount else 0 end
        order by l.id`,
    );
    return rows.map((r) => ({
      subject: `loan ${r.id}`,
      detail: `disbursed ${r.paid}, interest ${r.interest}, taken ${r.taken}, frozen ${r.settled}`,
    }));
  },
};

const orphanEntries: LedgerCheck = {
  name: 'loan-orphans',
  rule: 'every loan entry names a loan',
  async find(q) {
    const rows = await q.query<{ id: bigint; refId: string }>(
      `select e.id, e.ref_id as "refId" from journal_entries e
        where e.bill_type in ('loan_disbursal', 'loan_interest', 'loan_repayment')
          and (e.ref_type is distinct from 'loan'
               or not exists (select 1 from loans l where l.id::text = e.ref_id))
        order by e.id`,
    );
    return rows.map((r) => ({ subject: `journal entry ${r.id}`, detail: `names loan ${r.refId ?? 'none'}` }));
  },
};

export const loanChecks: readonly LedgerCheck[] = [loanOwed, loanEntries, orphanEntries];
