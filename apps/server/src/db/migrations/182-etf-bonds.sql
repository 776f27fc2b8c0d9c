-- Italian government bonds on MOT (issue 20 item 2, decision 053). The bonds themselves (ISIN, coupon, dates)
-- are the code's catalogue (market/catalogue/government-bonds.ts); these rows are what investors did with them.
-- Amounts are EUR minor units; nominal too (€1.000 is 100000). Days are Europe/Rome day numbers.

-- What an investor holds of a bond, and what the clean price paid for it came to (the average cost of what
-- is left after sales: a sale takes its share of the cost away).
create table bond_positions (
  user_id    integer not null references users(id),
  isin       text not null,
  nominal    bigint not null default 0 check (nominal >= 0 and nominal % 100000 = 0),
  cost       bigint not null default 0 check (cost >= 0),
  primary key (user_id, isin)
);

-- Each buy or sell at the dealer's quote: the clean price (thousandths of a point of par), the clean amount,
-- the accrued interest and the total that left or came into the EUR spot account (journal entry ref
-- 'bond-trade'). `cost_out` is the cost a sale took off the position, `gain` its proceeds less that cost.
create table bond_trades (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  isin        text not null,
  side        text not null check (side in ('buy', 'sell')),
  nominal     bigint not null check (nominal > 0 and nominal % 100000 = 0),
  price_milli bigint not null check (price_milli > 0),
  clean       bigint not null check (clean >= 0),
  -- Accrued interest gross, and what changed hands: net of the 12.5% tax ("rateo netto").
  accrued_gross bigint not null check (accrued_gross >= 0),
  accrued     bigint not null check (accrued >= 0 and accrued <= accrued_gross),
  total       bigint not null check (total >= 0),
  cost_out    bigint not null default 0 check (cost_out >= 0),
  gain        bigint not null default 0,
  settle_day  integer not null,
  created_at  timestamptz not null default piazza_now()
);
create index bond_trades_user on bond_trades (user_id, id);
create index bond_trades_bond on bond_trades (isin, settle_day);

-- A coupon paid to a holder: gross on the nominal held the evening before the coupon date, 12.5% withheld
-- (posted to the platform's tax-payable account), the net into spot (journal entry ref 'bond-coupon').
create table bond_coupons (
  id          bigserial primary key,
  isin        text not null,
  coupon_day  integer not null,
  user_id     integer not null references users(id),
  nominal     bigint not null check (nominal > 0),
  gross       bigint not null check (gross >= 0),
  withheld    bigint not null check (withheld >= 0),
  net         bigint not null check (net >= 0 and net + withheld = gross),
  paid_at     timestamptz not null default piazza_now(),
  unique (isin, coupon_day, user_id)
);
create index bond_coupons_user on bond_coupons (user_id, id);

-- Redemption at par on the maturity date: the nominal held, 12.5% withheld on what it gains over the clean
-- price paid (a BOT's interest), the rest into spot (journal entry ref 'bond-redemption').
create table bond_redemptions (
  id          bigserial primary key,
  isin        text not null,
  user_id     integer not null references users(id),
  nominal     bigint not null check (nominal > 0),
  cost        bigint not null check (cost >= 0),
  withheld    bigint not null check (withheld >= 0),
  net         bigint not null check (net >= 0 and net + withheld = nominal),
  paid_at     timestamptz not null default piazza_now(),
  unique (isin, user_id)
);
create index bond_redemptions_user on bond_redemptions (user_id, id);
