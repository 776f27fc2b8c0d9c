-- Foundation: identity, operators, audit, idempotency, ledger. Runs on PostgreSQL 15 and PGlite.

create table users (
  id            serial primary key,
  account       text not null unique,           -- '+393331234567' or a lower-cased email
  account_type  text not null check (account_type in ('phone', 'email')),
  area_code     text,
  email         text,
  password_hash text not null,
  status        smallint not null default 1 check (status in (0, 1)),
  id_status     text not null default 'none' check (id_status in ('none', 'pending', 'succ', 'fail')),
  nickname      text,
  language      text not null default 'it-IT',
  invite_code   text not null unique,
  invited_by    integer references users(id),
  credit_score  smallint not null default 80 check (credit_score between 0 and 100),
  open_auto_apply smallint not null default 0 check (open_auto_apply in (0, 1)),
  auto_apply    smallint not null default 0 check (auto_apply in (0, 1)),
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);

create table sessions (
  id           bigserial primary key,
  user_id      integer not null references users(id),
  token_hash   text not null unique,             -- sha256 of the opaque token; the token is never stored
  user_agent   text,
  ip           text,
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at   timestamptz
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- Verification codes (6 digits, 5 minutes, limited attempts). Only a hash of the code is kept.
create table verification_codes (
  id          bigserial primary key,
  account     text not null,
  scene       text not null,
  code_hash   text not null,
  attempts    smallint not null default 0,
  expires_at  timestamptz not null,
  consumed_at timestamptz,
  created_at  timestamptz not null default now()
);
create index verification_codes_lookup on verification_codes (account, scene, created_at desc);

-- Demo mode's notifier: what a real deployment would send by SMS or e-mail.
create table outbox (
  id         bigserial primary key,
  recipient  text not null,
  scene      text not null,
  code       text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient on outbox (recipient, created_at desc);

create table captchas (
  id          text primary key,
  answer_hash text not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);

-- Failed logins by key ('account:…' or 'ip:…'), for the captcha and the growing delay.
create table login_failures (
  key        text primary key,
  failures   integer not null default 0,
  last_at    timestamptz not null default now()
);

create table operators (
  id            serial primary key,
  email         text not null unique,
  name          text not null,
  password_hash text not null,
  role          text not null check (role in ('support', 'compliance', 'finance', 'admin')),
  active        boolean not null default true,
  totp_secret   text,
  created_at    timestamptz not null default now()
);

create table operator_sessions (
  id           bigserial primary key,
  operator_id  integer not null references operators(id),
  token_hash   text not null unique,
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at   timestamptz
);

-- Every operator action: who, when, what, on what, before and after.
create table audit_log (
  id          bigserial primary key,
  operator_id integer references operators(id),
  action      text not null,
  target_type text not null,
  target_id   text not null,
  before      jsonb,
  after       jsonb,
  reason      text,
  created_at  timestamptz not null default now()
);
create index audit_log_target on audit_log (target_type, target_id, created_at desc);

-- Answers to money calls, so a repeated requestId returns the first answer and moves nothing twice.
create table idempotency_keys (
  scope      text not null,                      -- 'user:12' or 'operator:3'
  call       text not null,                      -- the call's path
  request_id text not null,
  response   jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, call, request_id)
);

-- Ledger (DESIGN.md §5) ------------------------------------------------------------------------------

create table assets (
  code  text primary key,                         -- 'EUR', 'USD', 'USDT', 'BTC', 'ENI.MI'
  kind  text not null check (kind in ('fiat', 'crypto', 'security')),
  scale smallint not null check (scale between 0 and 18)   -- minor units per major unit = 10^scale
);

create table accounts (
  id         bigserial primary key,
  owner_type text not null check (owner_type in ('user', 'platform')),
  owner_id   integer not null,                    -- users.id, or 0 for the platform
  purpose    text not null,
  asset      text not null references assets(code),
  balance    bigint not null default 0,
  created_at timestamptz not null default now(),
  unique (owner_type, owner_id, purpose, asset),
  -- The rule that makes double spending impossible: a user account never goes below zero.
  constraint user_balance_not_negative check (owner_type <> 'user' or balance >= 0)
);

create table journal_entries (
  id              bigserial primary key,
  bill_type       text not null,
  actor_type      text not null check (actor_type in ('user', 'operator', 'job', 'system')),
  actor_id        text,
  ref_type        text,
  ref_id          text,
  idempotency_key text not null unique,
  memo            text,
  created_at      timestamptz not null default now()
);
create index journal_entries_ref on journal_entries (ref_type, ref_id);

create table postings (
  id         bigserial primary key,
  entry_id   bigint not null references journal_entries(id),
  account_id bigint not null references accounts(id),
  asset      text not null references assets(code),
  amount     bigint not null check (amount <> 0)
);
create index postings_account on postings (account_id, id desc);
create index postings_entry on postings (entry_id);

insert into assets (code, kind, scale) values
  ('EUR', 'fiat', 2),
  ('USD', 'fiat', 2),
  ('USDT', 'crypto', 6),
  ('BTC', 'crypto', 8),
  ('ETH', 'crypto', 8);

-- Operator-authored texts (company introduction, privacy policy, disclaimer, about) in both languages.
create table content_pages (
  slug       text not null,
  language   text not null,
  title      text not null,
  body       text not null,
  updated_at timestamptz not null default now(),
  primary key (slug, language)
);
