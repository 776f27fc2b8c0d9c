-- Savings plans (PAC) and price alerts (issue 20 items 3–4, decisions 054 and 055).

-- The operator's terms per instrument a plan may buy: the plan fee (EUR minor units, zero allowed) charged on
-- each execution besides the order's own fee, and whether plans buy fractions of a unit. An instrument with
-- no row may be bought by plans in whole units with no plan fee.
create table plan_terms (
  symbol      text primary key,
  fee         bigint not null default 0 check (fee >= 0),
  fractional  boolean not null default false,
  updated_by  integer references operators(id),
  updated_at  timestamptz not null default piazza_now()
);

-- A plan buys `amount` EUR minor units of `symbol` on each scheduled date from `start_day` (days since
-- 1970-01-01, Europe/Rome) at `frequency`. `due_day` is the scheduled date the next execution is for, and
-- `attempt_day` the trading day it will be tried on (a skip moves it to the next trading day, not the date).
create table savings_plans (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  symbol      text not null,
  amount      bigint not null check (amount > 0),
  frequency   text not null check (frequency in ('weekly', 'twiceMonthly', 'monthly')),
  start_day   integer not null,
  due_day     integer not null,
  attempt_day integer not null,
  state       text not null default 'active' check (state in ('active', 'paused', 'stopped')),
  created_at  timestamptz not null default piazza_now(),
  updated_at  timestamptz not null default piazza_now()
);
create index savings_plans_user on savings_plans (user_id, id desc);
create index savings_plans_due on savings_plans (attempt_day) where state = 'active';

-- One row per attempt of a plan (key: plan + the day tried): executed with its order, or skipped and why.
-- `quantity` is in the units' own scale: the instrument's for whole units, `fraction_scale` decimals for a
-- fractional plan (held in the ledger asset `{symbol}:PAC`).
create table plan_executions (
  id           bigserial primary key,
  plan_id      bigint not null references savings_plans(id),
  user_id      integer not null references users(id),
  due_day      integer not null,
  attempt_day  integer not null,
  state        text not null check (state in ('executed', 'skipped')),
  reason       text check (reason in ('marketClosed', 'cash', 'tooSmall', 'market')),
  order_id     bigint references stock_orders(id),
  symbol       text not null,
  quantity     bigint not null default 0 check (quantity >= 0),
  quantity_scale smallint not null default 0,
  price        bigint,
  value        bigint not null default 0 check (value >= 0),
  trade_fee    bigint not null default 0 check (trade_fee >= 0),
  plan_fee     bigint not null default 0 check (plan_fee >= 0),
  created_at   timestamptz not null default piazza_now(),
  unique (plan_id, attempt_day),
  check ((state = 'executed') = (reason is null))
);
create index plan_executions_plan on plan_executions (plan_id, id desc);

-- A price alert on any instrument: above or below a price, or a move in a day of `move_bp` basis points up
-- or down from the previous close. It fires once and is then done (decision 055).
create table price_alerts (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  symbol      text not null,
  kind        text not null check (kind in ('above', 'below', 'moveUp', 'moveDown')),
  level       bigint,
  move_bp     integer check (move_bp > 0 and move_bp <= 10000),
  state       text not null default 'armed' check (state in ('armed', 'fired', 'cancelled')),
  fired_price bigint,
  fired_at    timestamptz,
  created_at  timestamptz not null default piazza_now(),
  check ((kind in ('above', 'below')) = (level is not null and move_bp is null))
);
create index price_alerts_user on price_alerts (user_id, id desc);
create index price_alerts_armed on price_alerts (symbol) where state = 'armed';

-- A fractional plan's units are a ledger asset of their own, `PAC:{symbol}` at 6 decimals, of the kind
-- `fraction`: not a `security`, so the share holdings and their settlement never take them for shares.
alter table assets drop constraint assets_kind_check;
alter table assets add constraint assets_kind_check check (kind in ('fiat', 'crypto', 'security', 'fraction'));
