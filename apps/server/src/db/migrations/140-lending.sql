-- Consumer loans and the credit score (issue 14, DESIGN.md §9, decision 035). The investor's limit is
-- users.loan_limit (050), set in the back office; the operator's rate table is loan_rates.

-- The rate table: loans of up to `days` days carry the TAN `rate_bp` (basis points a year). A loan takes the
-- row with the fewest days at least its own; the longest row is the longest term offered.
create table loan_rates (
  days       integer primary key check (days between 1 and 3650),
  rate_bp    integer not null check (rate_bp between 0 and 3000),
  updated_at timestamptz not null default now()
);
insert into loan_rates (days, rate_bp) values (30, 1200), (90, 1150), (180, 1100), (365, 1000);

-- One row per application. A loan moves review → active (disbursed) → repaying (money taken, under review)
-- → repaid, or review → rejected; `overdue` is an active loan past its repayment date, not stored.
create table loans (
  id                bigserial primary key,
  user_id           integer not null references users(id),
  principal         bigint not null check (principal > 0),   -- EUR minor units
  days              integer not null check (days >= 1),
  rate_bp           integer not null check (rate_bp >= 0),
  purpose           text not null,
  monthly_income    bigint not null check (monthly_income >= 0),
  employment        text not null,
  state             text not null default 'review'
                      check (state in ('review', 'active', 'repaying', 'repaid', 'rejected')),
  created_at        timestamptz not null,
  decided_at        timestamptz,
  decided_by        integer references operators(id),
  reject_reason     text,
  disbursed_at      timestamptz,
  -- Days numbered in Europe/Rome (days since 1970-01-01 of the local date).
  disbursed_day     integer,
  -- Interest booked to date by the daily job (or by a repayment catching up), and for how many days.
  accrued           bigint not null default 0 check (accrued >= 0),
  accrued_days      integer not null default 0 check (accrued_days >= 0),
  ending            text check (ending in ('repayment', 'withdrawal')),
  repay_requested_at timestamptz,
  repay_day         integer,
  repay_amount      bigint check (repay_amount > 0),
  repaid_at         timestamptz,
  repaid_by         integer references operators(id),
  check ((state in ('review', 'rejected')) = (disbursed_at is null))
);
-- One open loan per investor: a second application while one is open fails here even in a race.
create unique index loans_one_open on loans (user_id) where state in ('review', 'active', 'repaying');
create index loans_state on loans (state, id);

-- The operator's adjustment of the computed credit score, and its history (with the reason) the investor reads.
alter table users add column credit_adjustment smallint not null default 0
  check (credit_adjustment between -50 and 50);
create table credit_adjustments (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  before      smallint not null,
  after       smallint not null,
  reason      text not null,
  operator_id integer not null references operators(id),
  created_at  timestamptz not null
);
create index credit_adjustments_user on credit_adjustments (user_id, id desc);

-- The operator's loan terms (common/loanService), a placeholder in both languages as the other texts are.
insert into content_pages (slug, language, title, body) values
('loanService', 'en-US', 'Loan terms', $txt$Loans are consumer credit under the Italian Consolidated Banking Act (TUB, articles 121–126). Before you sign you receive the SECCI summary: the nominal rate (TAN), the annual percentage rate of charge (TAEG), the total cost, the daily interest and the date and amount of the repayment.

Interest is charged daily at the annual rate divided by 365, only for the days you borrow. Repaying early costs only the days used. You may withdraw within 14 days of the disbursement by returning the principal and the interest to that day, nothing more.

This is a placeholder. The operator of this installation replaces it in the back office with its own terms, its lender's authorisation and its complaints procedure (Arbitro Bancario Finanziario).$txt$),
('loanService', 'it-IT', 'Condizioni dei prestiti', $txt$I prestiti sono credito ai consumatori ai sensi del Testo Unico Bancario (TUB, articoli 121–126). Prima della firma ricevi il modulo SECCI: il tasso nominale (TAN), il tasso annuo effettivo globale (TAEG), il costo totale, gli interessi giornalieri e la data e l’importo del rimborso.

Gli interessi si calcolano ogni giorno al tasso annuo diviso 365, solo per i giorni in cui hai il prestito. Il rimborso anticipato costa solo i giorni usati. Puoi recedere entro 14 giorni dall’erogazione restituendo il capitale e gli interessi maturati fino a quel giorno, nient’altro.

Questo è un testo provvisorio. L’operatore di questa installazione lo sostituisce nel back office con le proprie condizioni, l’autorizzazione del finanziatore e la procedura di reclamo (Arbitro Bancario Finanziario).$txt$)
on conflict (slug, language) do nothing;
