-- Italian taxes withheld by the broker (issue 19 items 1–3, decisions 048 and 049).

-- The investor's regime: amministrato (the default, tax withheld on each sale) or dichiarativo (figures only).
-- A row is created on an investor's first taxed event; its lock serialises their sales' use of the zainetto.
create table tax_regimes (
  user_id   integer primary key references users(id),
  regime    text not null default 'amministrato' check (regime in ('amministrato', 'dichiarativo')),
  set_by    integer,
  reason    text,
  set_at    timestamptz not null default piazza_now()
);

-- Every sale or close that realised a gain or a loss, with what it withheld (posted as bill tax_gains).
create table tax_realisations (
  id            bigserial primary key,
  user_id       integer not null references users(id),
  source        text not null,
  source_ref    text not null,
  kind          text not null check (kind in ('shares', 'contracts', 'options', 'crypto', 'euroEmt', 'governmentBonds')),
  instrument    text not null,
  currency      text not null,
  tax_year      integer not null,
  regime        text not null check (regime in ('amministrato', 'dichiarativo')),
  proceeds      bigint not null,
  fees          bigint not null check (fees >= 0),
  cost          bigint not null,
  gain          bigint not null,
  loss_used     bigint not null default 0 check (loss_used >= 0),
  taxable       bigint not null default 0 check (taxable >= 0),
  rate_bp       integer not null,
  withheld      bigint not null default 0 check (withheld >= 0),
  created_at    timestamptz not null default piazza_now(),
  unique (source, source_ref)
);
create index tax_realisations_user on tax_realisations (user_id, tax_year);

-- The zainetto fiscale: losses of a year in a currency, what later gains used of them.
create table tax_losses (
  user_id   integer not null references users(id),
  currency  text not null,
  year      integer not null,
  carried   bigint not null check (carried > 0),
  used      bigint not null default 0 check (used >= 0 and used <= carried),
  primary key (user_id, currency, year)
);

-- What a crypto holding cost, by weighted average, from the trades the platform saw.
create table tax_crypto_basis (
  user_id   integer not null references users(id),
  asset     text not null,
  currency  text not null,
  quantity  bigint not null check (quantity >= 0),
  cost      bigint not null check (cost >= 0),
  primary key (user_id, asset, currency)
);

-- Issuers exempt from the Tobin tax in a year (capitalisation below €500 million, the Ministry's list).
create table tax_ftt_exempt (
  symbol     text not null,
  year       integer not null check (year between 2013 and 2100),
  added_by   integer,
  added_at   timestamptz not null default piazza_now(),
  primary key (symbol, year)
);

-- The Tobin tax of a day: per investor and share, the day's net purchase balance and the tax charged.
create table tax_ftt_charges (
  id         bigserial primary key,
  user_id    integer not null references users(id),
  day        date not null,
  symbol     text not null,
  currency   text not null,
  purchases  bigint not null,
  sales      bigint not null,
  rate_bp    integer not null,
  tax        bigint not null check (tax >= 0),
  created_at timestamptz not null default piazza_now(),
  unique (user_id, day, symbol)
);

-- Imposta di bollo: each day's end-of-day value of what an investor holds, per currency, and its accrual.
create table tax_bollo_accruals (
  user_id    integer not null references users(id),
  day        date not null,
  currency   text not null,
  value      bigint not null check (value >= 0),
  rate_bp    integer not null,
  primary key (user_id, day, currency)
);

-- The bollo charged at a statement period's end (a month), pro rata of the days accrued.
create table tax_bollo_charges (
  id         bigserial primary key,
  user_id    integer not null references users(id),
  period     text not null,
  currency   text not null,
  days       integer not null,
  amount     bigint not null check (amount >= 0),
  created_at timestamptz not null default piazza_now(),
  unique (user_id, period, currency)
);
