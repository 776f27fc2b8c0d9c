-- Stop and stop-limit orders, limit orders that wait for the open, and US shares paid from euros (issue 17
-- items 9–10, decisions 056 and 057).

-- A stop waits, frozen, in state 'open' with its stop price until the last price reaches it; then it becomes
-- what it names (a market order, a limit one): `type` is rewritten to 'market' or 'limit' and `triggered_at`
-- says when, so every path that fills, rests and cancels orders reads it as it reads any other.
alter table stock_orders drop constraint stock_orders_type_check;
alter table stock_orders add constraint stock_orders_type_check
  check (type in ('market', 'limit', 'stop', 'stop_limit'));
alter table stock_orders add column stop_price bigint check (stop_price > 0);
alter table stock_orders add column triggered_at timestamptz;
alter table stock_orders add constraint stock_orders_stop_typed
  check (type not in ('stop', 'stop_limit') or (stop_price is not null and triggered_at is null));
create index stock_orders_stops_armed on stock_orders (id) where type in ('stop', 'stop_limit') and state = 'open';

-- The automatic exchange that paid a buy in another currency (a US share from euros), posted in the order's
-- own transaction through the platform's fx account under the key stock-order:{id}:fx.
create table stock_order_fx (
  order_id    bigint primary key references stock_orders(id),
  user_id     integer not null references users(id),
  from_asset  text not null references assets(code),
  to_asset    text not null references assets(code),
  amount_in   bigint not null check (amount_in > 0),
  amount_out  bigint not null check (amount_out > 0),
  -- Units of to_asset per from_asset after the spread, and before it, 8 decimals (as exchange_quotes).
  rate        text not null,
  market_rate text not null,
  spread_bp   integer not null check (spread_bp >= 0),
  source      text not null,
  created_at  timestamptz not null default piazza_now()
);
