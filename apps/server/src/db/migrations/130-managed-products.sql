-- Managed products (issue 13, DESIGN.md §9, decision 033): the AI Multiplier's products and the copy-trading
-- funds. Each runs in a book of its own: a user row marked `book` (it never signs in) whose ledger accounts hold
-- the book's cash and shares and whose orders go through the investors' order path. Amounts are the currency's
-- minor units; units are micro-units; a NAV is the minor units one whole unit is worth, times 1,000,000
-- (packages/core units.ts).

alter table users add column book boolean not null default false;

-- A fund manager's public profile (copy trading): an operator trades the manager's funds from the back office.
create table fund_managers (
  id          serial primary key,
  name        text not null,
  bio         text not null,
  photo_url   text,
  created_at  timestamptz not null,
  updated_at  timestamptz not null
);

create table fund_manager_likes (
  manager_id  integer not null references fund_managers(id),
  user_id     integer not null references users(id),
  created_at  timestamptz not null,
  primary key (manager_id, user_id)
);

create table products (
  id            serial primary key,
  -- 'robot': an AI Multiplier product, with a period and a lock-in; 'fund': a manager's fund, open-ended.
  kind          text not null check (kind in ('robot', 'fund')),
  name          text not null,
  -- A fund is traded by hand from the back office ('manual') or bound to a strategy; a robot always runs one.
  mode          text not null check (mode in ('manual', 'strategy')),
  strategy      text check (strategy in ('trend', 'meanReversion', 'breakout', 'volatilityTarget')),
  manager_id    integer references fund_managers(id),
  -- The listed shares it trades (or, traded by hand, may hold), in the book's currency; fixed once created.
  basket        text[] not null check (cardinality(basket) between 1 and 10),
  status        text not null default 'active' check (status in ('active', 'paused')),
  level         smallint not null check (level between 1 and 5),
  currency      text not null,
  -- Null for a fund: it has no end.
  period_days   integer check (period_days between 1 and 3650),
  lock_days     integer not null check (lock_days >= 0 and lock_days <= coalesce(period_days, lock_days)),
  early_exit    boolean not null,
  min_amount    bigint not null check (min_amount > 0),
  max_amount    bigint check (max_amount >= min_amount),
  -- The annual management fee in basis points, charged at each close on the book's value.
  fee_bps       integer not null check (fee_bps between 0 and 500),
  book_user_id  integer not null unique references users(id),
  launched_at   timestamptz not null,
  created_at    timestamptz not null,
  updated_at    timestamptz not null,
  check ((mode = 'strategy') = (strategy is not null)),
  check ((kind = 'robot') = (period_days is not null and max_amount is not null and mode = 'strategy')),
  check ((kind = 'fund') = (manager_id is not null))
);

create table product_orders (
  id             bigserial primary key,
  product_id       integer not null references products(id),
  user_id        integer not null references users(id),
  -- active → redeeming (matured, or an early exit asked) → returned.
  state          text not null check (state in ('active', 'redeeming', 'returned')),
  invested       bigint not null check (invested > 0),
  units          bigint not null check (units >= 0),
  -- What the investor's robot (or fund) account holds for this order: units × NAV at the last mark, rounded down.
  claim          bigint not null check (claim >= 0),
  created_at     timestamptz not null,
  locked_until   timestamptz not null,
  -- Null for a fund's order: it has no end.
  ends_at        timestamptz,
  redeem_reason  text check (redeem_reason in ('matured', 'exit')),
  redeem_at      timestamptz,
  returned_at    timestamptz,
  returned       bigint,
  check ((state = 'returned') = (returned_at is not null)),
  check ((state = 'active') = (redeem_reason is null))
);
create index product_orders_robot on product_orders (product_id, state);
create index product_orders_user on product_orders (user_id, id desc);

-- The book marked at each session's close: the value after the day's management fee, the units outstanding
-- then (redeeming ones included: they are paid at this NAV), and the NAV.
create table product_navs (
  product_id  integer not null references products(id),
  day       date not null,
  at        timestamptz not null,
  value     bigint not null check (value >= 0),
  units     bigint not null check (units >= 0),
  nav       bigint not null check (nav >= 0),
  fee       bigint not null check (fee >= 0),
  primary key (product_id, day)
);

-- Each order's P&L booked at a close (bill "AI profit"), the units it held, the NAV and the value after it.
create table product_profits (
  order_id  bigint not null references product_orders(id),
  day       date not null,
  amount    bigint not null,
  units     bigint not null,
  nav       bigint not null,
  value     bigint not null,
  primary key (order_id, day)
);
