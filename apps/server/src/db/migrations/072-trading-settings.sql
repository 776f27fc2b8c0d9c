-- The operator's trading configuration per market (issue 6: "fees from configuration"; SPEC.md §5 order
-- bounds; DESIGN.md §7 settlement per market), read by every order in its own transaction. Seeded with the
-- suggested defaults of packages/core (fees.ts feeScheduleDefaults, settlement.ts settlementDaysDefault).
-- Amounts are minor units of the market's currency; the quantity bounds are minor units at quantity_scale
-- (whole shares for stocks, 8 decimals for coins), converted to each instrument's scale when an order is
-- checked. A null bound is no bound.
create table trading_settings (
  market               text primary key check (market in ('XMIL', 'XNYS', 'CRYPTO')),
  currency             text not null references assets(code),
  quantity_scale       integer not null check (quantity_scale between 0 and 8),
  fee_rate_bp          integer not null check (fee_rate_bp between 0 and 10000),
  -- An amount per whole share at its own decimals ($0.005 is 5 at scale 3); null for none.
  fee_per_share        bigint check (fee_per_share >= 0),
  fee_per_share_scale  integer check (fee_per_share_scale between 0 and 8),
  fee_minimum          bigint not null check (fee_minimum >= 0),
  fee_maximum          bigint check (fee_maximum >= fee_minimum),
  buy_quantity_min     bigint check (buy_quantity_min > 0),
  buy_quantity_max     bigint check (buy_quantity_max >= buy_quantity_min),
  sell_quantity_min    bigint check (sell_quantity_min > 0),
  sell_quantity_max    bigint check (sell_quantity_max >= sell_quantity_min),
  buy_amount_min       bigint check (buy_amount_min > 0),
  buy_amount_max       bigint check (buy_amount_max >= buy_amount_min),
  settlement_days      integer not null check (settlement_days between 0 and 10),
  updated_at           timestamptz not null,
  check ((fee_per_share is null) = (fee_per_share_scale is null))
);

insert into trading_settings (market, currency, quantity_scale, fee_rate_bp, fee_per_share, fee_per_share_scale,
                              fee_minimum, fee_maximum, settlement_days, updated_at) values
  ('XMIL', 'EUR', 0, 19, null, null, 295, 1900, 2, now()),
  ('XNYS', 'USD', 0, 0, 5, 3, 100, null, 1, now()),
  ('CRYPTO', 'USDT', 8, 10, null, null, 0, null, 0, now());

-- The fee schedule an order was placed under: its later fills (the engine's, maybe after the operator changed
-- the schedule) pay by the same rule, so the fee a limit buy froze still covers them and the minimum is
-- charged once per order, as fees.ts assumes.
create table stock_order_fees (
  order_id             bigint primary key references stock_orders(id),
  fee_rate_bp          integer not null,
  fee_per_share        bigint,
  fee_per_share_scale  integer,
  fee_minimum          bigint not null,
  fee_maximum          bigint
);
