-- Stock spot orders (issue 6 item 1, DESIGN.md §7). Prices and quantities are the instrument's minor units,
-- money the currency's; every fill is posted to the ledger in the transaction that writes its row.

create table stock_orders (
  id              bigserial primary key,
  user_id         integer not null references users(id),
  symbol          text not null,
  currency        text not null,
  side            text not null check (side in ('buy', 'sell')),
  type            text not null check (type in ('market', 'limit')),
  state           text not null check (state in ('open', 'partial', 'position', 'closed', 'system_close', 'cancelled')),
  quantity        bigint not null check (quantity > 0),
  limit_price     bigint check (limit_price > 0),
  filled_quantity bigint not null default 0 check (filled_quantity >= 0 and filled_quantity <= quantity),
  -- Σ price × quantity of the fills, exact (price and quantity decimals together); money once per order.
  notional        bigint not null default 0,
  value           bigint not null default 0,
  fee             bigint not null default 0,
  -- What the order holds frozen now: money for a buy, shares for a sell; 0 once it no longer rests.
  frozen          bigint not null default 0 check (frozen >= 0),
  fill_count      integer not null default 0,
  created_at      timestamptz not null,
  updated_at      timestamptz not null
);
create index stock_orders_user on stock_orders (user_id, id desc);
create index stock_orders_resting on stock_orders (id) where state in ('open', 'partial');

create table stock_fills (
  id         bigserial primary key,
  order_id   bigint not null references stock_orders(id),
  user_id    integer not null references users(id),
  -- The fill's number within its order (1, 2, …): its ledger entries are keyed by it.
  seq        integer not null,
  symbol     text not null,
  side       text not null check (side in ('buy', 'sell')),
  price      bigint not null check (price > 0),
  quantity   bigint not null check (quantity > 0),
  value      bigint not null,
  fee        bigint not null,
  created_at timestamptz not null,
  unique (order_id, seq)
);
create index stock_fills_user on stock_fills (user_id, id desc);

-- Shares bought, locked until their settlement date; the settlement job releases each lot once.
create table stock_lots (
  fill_id    bigint primary key references stock_fills(id),
  user_id    integer not null references users(id),
  symbol     text not null,
  quantity   bigint not null check (quantity > 0),
  settles_at timestamptz not null,
  settled_at timestamptz
);
create index stock_lots_due on stock_lots (settles_at) where settled_at is null;

-- What a holding cost, fees included, for its average cost and P&L; the shares themselves are in the ledger.
create table stock_positions (
  user_id  integer not null references users(id),
  symbol   text not null,
  quantity bigint not null check (quantity >= 0),
  cost     bigint not null check (cost >= 0),
  primary key (user_id, symbol)
);
