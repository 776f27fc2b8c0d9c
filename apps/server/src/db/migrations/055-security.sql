-- Security centre (DESIGN.md §4): transaction and withdrawal passwords, investors' TOTP two-factor login,
-- and the credit score history the profile shows.

-- One row per user and kind. Only the argon2id hash is kept. Wrong attempts count up to a lock.
create table user_pins (
  user_id      integer not null references users(id),
  kind         text not null check (kind in ('trade', 'withdraw')),
  pin_hash     text not null,
  failures     smallint not null default 0,
  locked_until timestamptz,
  updated_at   timestamptz not null default now(),
  primary key (user_id, kind)
);

-- An investor's TOTP secret (base32). enabled_at is null while the setup waits for its first code.
-- last_step stops a code from being used twice; failures and locked_until limit guessing.
create table user_totp (
  user_id      integer primary key references users(id),
  secret       text not null,
  enabled_at   timestamptz,
  last_step    bigint,
  failures     smallint not null default 0,
  locked_until timestamptz,
  created_at   timestamptz not null default now()
);

-- The credit score history (SPEC.md §7 /user/point/change/log). The back office writes it when an operator
-- changes a score; the same table may already come from the KYC migration, hence "if not exists".
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
