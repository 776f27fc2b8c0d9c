-- KYC, appropriateness, HNI and the back office's user controls (DESIGN.md §4). users.id_status stays the
-- one status the apps read; the submissions keep every form and its review.

-- An uploaded document. The bytes live in the blob store under blob_key, never in the web root.
create table kyc_documents (
  id         text primary key,                   -- 32 hex characters, random: not guessable, not sequential
  user_id    integer not null references users(id),
  kind       text not null check (kind in ('jpeg', 'png', 'pdf')),
  size       integer not null,
  sha256     text not null,
  blob_key   text not null,
  created_at timestamptz not null default now()
);
create index kyc_documents_user on kyc_documents (user_id);

-- One row per submission; the latest of a user is their current form.
create table kyc_submissions (
  id              serial primary key,
  user_id         integer not null references users(id),
  status          text not null default 'pending' check (status in ('pending', 'succ', 'fail')),
  cert_type       text not null,
  real_name       text not null,
  cert_no         text not null,
  birthday        text not null,                 -- YYYY-MM-DD as typed: a calendar date, no time zone
  address         text not null,
  nationality     text not null,
  valid_until     text not null,
  purpose         text not null,
  fund_source     text not null,
  income_range    text not null,
  asset_range     text not null,
  objective       text not null,
  risk_preference text not null,
  experience      text not null,
  front_id        text not null references kyc_documents(id),
  back_id         text not null references kyc_documents(id),
  fail_reason     text,
  submitted_at    timestamptz not null default now(),
  reviewed_at     timestamptz,
  reviewer_id     integer references operators(id)
);
create index kyc_submissions_user on kyc_submissions (user_id, id desc);
create index kyc_submissions_pending on kyc_submissions (submitted_at) where status = 'pending';

-- The MiFID II appropriateness answers; KYC submission sets them, the investor may retake them.
create table appropriateness_profiles (
  user_id         integer primary key references users(id),
  purpose         text not null,
  fund_source     text not null,
  income_range    text not null,
  asset_range     text not null,
  objective       text not null,
  risk_preference text not null,
  experience      text not null,
  taken_at        timestamptz not null default now()
);

-- The back office's controls on an investor.
alter table users add column hni_status text not null default 'none'
  check (hni_status in ('none', 'pending', 'approved', 'rejected'));
alter table users add column hni_reason text;
alter table users add column hni_applied_at timestamptz;
alter table users add column loan_limit bigint not null default 0 check (loan_limit >= 0);  -- EUR minor units
alter table users add column vip_strategy smallint not null default 0 check (vip_strategy in (0, 1));

-- The credit score history read by /user/point/change/log (the security module); 055 creates it too, alike.
create table if not exists credit_score_changes (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  before      smallint not null,
  after       smallint not null,
  reason      text not null,
  operator_id integer references operators(id),
  created_at  timestamptz not null default now()
);
create index if not exists credit_score_changes_user on credit_score_changes (user_id, created_at desc);

-- Operator TOTP: operators.totp_secret (001) is the confirmed secret; a new enrolment waits here for its first
-- code; last_step stops a code from being used twice.
alter table operators add column totp_pending_secret text;
alter table operators add column totp_last_step bigint;
