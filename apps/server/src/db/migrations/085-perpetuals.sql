-- USDT-margined perpetual contracts on crypto (issue 7, DESIGN.md §7), each on isolated margin. Prices and
-- quantities are the pair's minor units, money USDT's; the margin leaves the user's `contract` account for
-- the `frozen` one while the position is open, and every move is posted in the transaction that writes here.

create table coin_contract_positions (
  id              bigserial primary key,
  user_id         integer not null references users(id),
  symbol          text not null,
  currency        text not null,
  side            text not null check (side in ('long', 'short')),
  leverage        integer not null check (leverage >= 1),
  -- A limit opening rests as `open` until the last price reaches it (or is `cancelled`); then `position`.
  state           text not null check (state in ('open', 'position', 'closed', 'system_close', 'cancelled')),
  type            text not null check (type in ('market', 'limit')),
  limit_price     bigint check (limit_price > 0),
  close_reason    text check (close_reason in ('user', 'take_profit', 'stop_loss', 'liquidation')),
  quantity        bigint not null check (quantity > 0),
  -- Σ price × quantity of the opening fills, exact (price and quantity decimals together).
  entry_notional  bigint not null check (entry_notional > 0),
  -- USDT held for the position now: the initial margin plus what was added; 0 once closed.
  margin          bigint not null check (margin >= 0),
  -- The margin it held when it closed (the basis of its settlement).
  margin_closed   bigint,
  margin_adds     integer not null default 0,
  open_fee        bigint not null check (open_fee >= 0),
  -- A resting limit opening holds its opening fee frozen beside the margin until it fills.
  frozen_fee      bigint not null default 0 check (frozen_fee >= 0),
  take_profit     bigint check (take_profit > 0),
  stop_loss       bigint check (stop_loss > 0),
  liquidation_price bigint,
  exit_notional   bigint,
  realised_pnl    bigint,
  close_fee       bigint,
  returned        bigint,
  absorbed        bigint,
  created_at      timestamptz not null,
  updated_at      timestamptz not null,
  closed_at       timestamptz
);
create index coin_contract_positions_user on coin_contract_positions (user_id, id desc);
create index coin_contract_positions_open on coin_contract_positions (symbol, id) where state in ('open', 'position');
