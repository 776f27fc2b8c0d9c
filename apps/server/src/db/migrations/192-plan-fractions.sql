-- Savings plans' fractions held and sold (issue 20 item 3, decision 063).

-- What each investor holds of a plan's fractions of `symbol` (the ledger asset `PAC:{symbol}`, 6 decimals)
-- and what they cost: value plus the market's fee of each fractional purchase, less the cost each sale
-- released. The units always equal the ledger balance (a ledger check); the cost is the tax basis.
create table plan_fractions (
  user_id   integer not null references users(id),
  symbol    text not null,
  quantity  bigint not null default 0 check (quantity >= 0),
  cost      bigint not null default 0 check (cost >= 0),
  primary key (user_id, symbol)
);

insert into plan_fractions (user_id, symbol, quantity, cost)
select user_id, symbol, sum(quantity)::bigint, sum(value + trade_fee)::bigint
  from plan_executions
 where state = 'executed' and order_id is null and quantity > 0
 group by user_id, symbol;

-- A sale of plan fractions by the investor at the bid: units (6 decimals), the price, the value, the market's
-- fee, the cost it released and the tax withheld (the taxes module's row names it as `plan_sale`).
create table plan_sales (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  symbol      text not null,
  quantity    bigint not null check (quantity > 0),
  price       bigint not null check (price > 0),
  value       bigint not null check (value >= 0),
  fee         bigint not null check (fee >= 0),
  cost        bigint not null check (cost >= 0),
  tax         bigint not null default 0 check (tax >= 0),
  created_at  timestamptz not null default piazza_now()
);
create index plan_sales_user on plan_sales (user_id, id desc);
