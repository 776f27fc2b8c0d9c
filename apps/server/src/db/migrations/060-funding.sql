-- Funding (DESIGN.md §10): deposit channels, deposits, deposit addresses, bound bank accounts, wallets and
-- crypto addresses, withdrawal rules and withdrawals, exchange quotes. Amounts are bigint minor units of the
-- row's asset. Times a rule depends on (quote expiry, row times) come from the server clock, not now().

create table deposit_channels (
  id             serial primary key,
  kind           text not null check (kind in ('bank', 'wallet', 'crypto', 'offline')),
  name           text not null,
  asset          text not null references assets(code),
  network        text check (network in ('BTC', 'ERC20', 'TRC20')),
  min_amount     bigint not null check (min_amount >= 0),
  max_amount     bigint not null,
  days           text not null,                 -- ISO weekdays '1,2,3,4,5'
  open_minute    smallint not null check (open_minute between 0 and 1440),
  close_minute   smallint not null check (close_minute between 0 and 1440),
  active         boolean not null default true,
  beneficiary    text,
  iban           text,
  bic            text,
  bank_name      text,
  reference_rule text,                          -- '{displayId}' is filled in per user
  instructions   text,
  created_at     timestamptz not null,
  updated_at     timestamptz not null,
  check (max_amount >= min_amount),
  check (kind <> 'crypto' or network is not null)
);

create table deposits (
  id           bigserial primary key,
  user_id      integer not null references users(id),
  channel_id   integer not null references deposit_channels(id),
  kind         text not null,
  asset        text not null references assets(code),
  network      text,
  amount       bigint not null check (amount > 0),
  state        text not null default 'review' check (state in ('review', 'processing', 'success', 'fail')),
  utr          text,
  receipt_id   text,
  reason       text,
  operator_id  integer references operators(id),
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index deposits_user on deposits (user_id, id desc);
create index deposits_queue on deposits (state, id);

-- One deposit address per user and network; demo addresses are derived from a seed and say so.
create table deposit_addresses (
  user_id    integer not null references users(id),
  network    text not null check (network in ('BTC', 'ERC20', 'TRC20')),
  address    text not null,
  demo       boolean not null,
  created_at timestamptz not null,
  primary key (user_id, network)
);

-- Bank accounts and wallets the user withdraws to (SPEC §3); removal is soft so old withdrawals keep theirs.
create table bank_bindings (
  id             serial primary key,
  user_id        integer not null references users(id),
  kind           text not null check (kind in ('bank', 'wallet')),
  name           text not null,
  iban           text,
  bic            text,
  bank_name      text,
  address        text,
  routing_number text,
  district       text,
  branch_name    text,
  pix_account    text,
  tax_id         text,
  wallet_type    text,
  mobile         text,
  created_at     timestamptz not null,
  deleted_at     timestamptz,
  check (kind <> 'bank' or iban is not null),
  check (kind <> 'wallet' or (wallet_type is not null and mobile is not null))
);
create unique index bank_bindings_once on bank_bindings (user_id, kind, coalesce(iban, mobile))
  where deleted_at is null;

create table crypto_addresses (
  id         serial primary key,
  user_id    integer not null references users(id),
  network    text not null check (network in ('BTC', 'ERC20', 'TRC20')),
  address    text not null,
  label      text,
  created_at timestamptz not null,
  deleted_at timestamptz
);
create unique index crypto_addresses_once on crypto_addresses (user_id, network, address)
  where deleted_at is null;

-- Minimum, fee and hours per withdrawal method, asset and network ('' for bank and wallet).
create table withdraw_rules (
  id          serial primary key,
  method      text not null check (method in ('bank', 'wallet', 'crypto')),
  asset       text not null references assets(code),
  network     text not null default '',
  min_amount  bigint not null check (min_amount >= 0),
  fee_fixed   bigint not null check (fee_fixed >= 0),
  fee_rate_bp integer not null check (fee_rate_bp between 0 and 5000),
  days        text not null,
  open_minute smallint not null check (open_minute between 0 and 1440),
  close_minute smallint not null check (close_minute between 0 and 1440),
  active      boolean not null default true,
  updated_at  timestamptz not null,
  unique (method, asset, network)
);

create table withdrawals (
  id               bigserial primary key,
  user_id          integer not null references users(id),
  method           text not null check (method in ('bank', 'wallet', 'crypto')),
  asset            text not null references assets(code),
  network          text,
  amount           bigint not null check (amount > 0),
  fee              bigint not null check (fee >= 0),
  binding_id       integer references bank_bindings(id),
  address_id       integer references crypto_addresses(id),
  destination      text not null,               -- copied at request time: a later unbinding changes nothing
  destination_name text,
  state            text not null default 'review' check (state in ('review', 'processing', 'success', 'fail')),
  reason           text,
  operator_id      integer references operators(id),
  created_at       timestamptz not null,
  updated_at       timestamptz not null
);
create index withdrawals_user on withdrawals (user_id, id desc);
create index withdrawals_queue on withdrawals (state, id);

-- A quote is valid until expires_at; confirming it once sets used_at and posts the exchange entry.
create table exchange_quotes (
  id          text primary key,
  user_id     integer not null references users(id),
  from_asset  text not null references assets(code),
  to_asset    text not null references assets(code),
  amount_in   bigint not null check (amount_in > 0),
  amount_out  bigint not null check (amount_out > 0),
  rate        text not null,
  market_rate text not null,
  source      text not null,
  spread_bp   integer not null,
  expires_at  timestamptz not null,
  used_at     timestamptz,
  created_at  timestamptz not null
);
create index exchange_quotes_user on exchange_quotes (user_id, created_at desc);

-- Operator settings of funding ('exchange.spreadBp').
create table funding_settings (
  key        text primary key,
  value      text not null,
  updated_at timestamptz not null default now()
);
insert into funding_settings (key, value) values ('exchange.spreadBp', '30');

-- Default withdrawal rules, changeable in the back office: weekdays 09:00–18:00 in Rome for fiat, every day
-- for crypto.
insert into withdraw_rules (method, asset, network, min_amount, fee_fixed, fee_rate_bp, days, open_minute,
                            close_minute, updated_at) values
  ('bank', 'EUR', '', 1000, 100, 0, '1,2,3,4,5', 540, 1080, now()),
  ('wallet', 'EUR', '', 1000, 50, 50, '1,2,3,4,5', 540, 1080, now()),
  ('crypto', 'USDT', 'TRC20', 10000000, 1000000, 0, '1,2,3,4,5,6,7', 0, 1440, now()),
  ('crypto', 'USDT', 'ERC20', 20000000, 5000000, 0, '1,2,3,4,5,6,7', 0, 1440, now());
