-- Crypto spot orders on the stock spot engine (issue 7 item 1, decision 016): a coin order is a stock_orders
-- row with product 'coin', its fills stock_fills rows, so one engine, one set of ledger keys and one verifier
-- serve both. What differs is recorded on the order.

alter table stock_orders add column product text not null default 'stock' check (product in ('stock', 'coin'));

-- The ledger asset the order buys or sells: the coin of a pair ('BTC' for BTCUSDT); for shares, their symbol
-- (null on orders placed before this migration, which were all shares).
alter table stock_orders add column asset text references assets(code);

-- Ledger minor units of `asset` per quantity minor unit: a BTC order counts in 0.00001 (the pair's quantity
-- decimals) and the ledger keeps BTC at 8 decimals, so 1000; shares 1.
alter table stock_orders add column asset_unit bigint not null default 1 check (asset_unit > 0);

create index stock_orders_user_product on stock_orders (user_id, product, id desc);
