-- AI Multiplier products (issue 13, DESIGN.md §9, decision 033). Each product runs its strategy in a book of
-- its own: a user row marked `book` (it never signs in) whose ledger accounts hold the book's cash and shares
-- and whose orders go through the investors' order path. Amounts are the currency's minor units; units are
-- micro-units; a NAV is the minor units one whole unit is worth, times 1,000,000 (packages/core units.ts).

alter table users add column book boolean not null default false;

create table robots (
  id            serial primary key,
  name          text not null,
  strategy      text not null check (strategy in ('trend', 'meanReversion', 'breakout', 'volatilityTarget')),
  -- The listed shares it trades, in the book's currency; fixed once created.
  basket        text[] not null check (cardinality(basket) between 1 and 10),
  status        text not null default 'active' check (status in ('active', 'paused')),
  level         smallint not null check (level between 1 and 5),
  currency      text not null,
  period_days   integer not null check (period_days between 1 and 3650),
  lock_days     integer not null check (lock_days between 0 and period_days),
  early_exit    boolean not null,
  min_amount    bigint not null check (min_amount > 0),
  max_amount    bigint not null check (max_amount >= min_amount),
  -- The annual management fee in basis points, charged at each close on the book's value.
  fee_bps       integer not null check (fee_bps between 0 and 500),
  book_user_id  integer not null unique references users(id),
  launched_at   timestamptz not null,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);

create table robot_orders (
  id             bigserial primary key,
  robot_id       integer not null references robots(id),
  user_id        integer not null references users(id),
  -- active → redeeming (matured, or an early exit asked) → returned.
  state          text not null check (state in ('active', 'redeeming', 'returned')),
  invested       bigint not null check (invested > 0),
  units          bigint not null check (units >= 0),
  -- What the investor's robot account holds for this order: units × NAV at the last mark, rounded down.
  claim          bigint not null check (claim >= 0),
  created_at     timestamptz not null,
  locked_until   timestamptz not null,
  ends_at        timestamptz not null,
  redeem_reason  text check (redeem_reason in ('matured', 'exit')),
  redeem_at      timestamptz,
  returned_at    timestamptz,
  returned       bigint,
  check ((state = 'returned') = (returned_at is not null)),
  check ((state = 'active') = (redeem_reason is null))
);
create index robot_orders_robot on robot_orders (robot_id, state);
create index robot_orders_user on robot_orders (user_id, id desc);

-- The book marked at each session's close: the value after the day's management fee, the units outstanding
-- then (redeeming ones included: they are paid at this NAV), and the NAV.
create table robot_navs (
  robot_id  integer not null references robots(id),
  day       date not null,
  at        timestamptz not null,
  value     bigint not null check (value >= 0),
  units     bigint not null check (units >= 0),
  nav       bigint not null check (nav >= 0),
  fee       bigint not null check (fee >= 0),
  primary key (robot_id, day)
);

-- Each order's P&L booked at a close (bill "AI profit"), the units it held, the NAV and the value after it.
create table robot_profits (
  order_id  bigint not null references robot_orders(id),
  day       date not null,
  amount    bigint not null,
  units     bigint not null,
  nav       bigint not null,
  value     bigint not null,
  primary key (order_id, day)
);
