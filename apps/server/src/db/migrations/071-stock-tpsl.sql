-- Take profit and stop loss on a stock holding (issue 6 item 1, DESIGN.md §7, decision 013). One row per
-- holding with at least one level armed; levels are the instrument's price minor units. The spot engine
-- files both levels in its trigger index at start and sells the available shares at market when the last
-- price reaches one (the order it places is in state system_close).

create table stock_tpsl (
  -- Orders triggers armed at one level (the index's sequence); a new one on every change of the levels.
  id          bigserial primary key,
  user_id     integer not null references users(id),
  symbol      text not null,
  take_profit bigint check (take_profit > 0),
  stop_loss   bigint check (stop_loss > 0),
  updated_at  timestamptz not null,
  unique (user_id, symbol),
  check (take_profit is not null or stop_loss is not null)
);

-- The orders the system placed when a level was reached, and which one.
create table stock_tpsl_fires (
  order_id   bigint primary key references stock_orders(id),
  user_id    integer not null references users(id),
  symbol     text not null,
  kind       text not null check (kind in ('take_profit', 'stop_loss')),
  level      bigint not null,
  -- The last price that reached the level.
  price      bigint not null,
  fired_at   timestamptz not null
);
create index stock_tpsl_fires_user on stock_tpsl_fires (user_id, order_id desc);
