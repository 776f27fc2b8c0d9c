-- Leveraged stock contracts (issue 6 item 3, DESIGN.md §7). One row per position, opened at market and
-- closed whole. Prices and quantities are the instrument's minor units, money the currency's. The margin
-- stays in the user's `contract` account (its cash); `margin` is what the position requires of it.

create table stock_contracts (
  id              bigserial primary key,
  user_id         integer not null references users(id),
  symbol          text not null,
  currency        text not null,
  side            text not null check (side in ('long', 'short')),
  leverage        integer not null check (leverage >= 1),
  state           text not null check (state in ('open', 'closed')),
  quantity        bigint not null check (quantity > 0),
  -- Σ price × quantity of the opening fills, exact (price and quantity decimals together).
  entry_notional  bigint not null check (entry_notional > 0),
  -- Quantity × entry value in money, and the initial margin: entry value ÷ leverage, rounded up.
  entry_value     bigint not null,
  margin          bigint not null check (margin > 0),
  added_margin    bigint not null default 0 check (added_margin >= 0),
  open_fee        bigint not null default 0 check (open_fee >= 0),
  take_profit     bigint check (take_profit > 0),
  stop_loss       bigint check (stop_loss > 0),
  -- Set on close: the closing fills' notional, the realised P&L before fees, the fee, what the platform absorbed.
  close_notional  bigint,
  pnl             bigint,
  close_fee       bigint not null default 0 check (close_fee >= 0),
  absorbed        bigint not null default 0 check (absorbed >= 0),
  close_reason    text check (close_reason in ('user', 'take_profit', 'stop_loss', 'close_out')),
  created_at      timestamptz not null,
  closed_at       timestamptz,
  check ((state = 'open') = (closed_at is null)),
  check ((state = 'open') = (close_reason is null))
);
create index stock_contracts_user on stock_contracts (user_id, id desc);
create index stock_contracts_open on stock_contracts (user_id, currency) where state = 'open';
