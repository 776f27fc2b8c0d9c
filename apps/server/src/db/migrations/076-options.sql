-- Stock and index options (issue 6 item 4, DESIGN.md §7, docs/decisions/015-stock-options.md). One row per
-- purchase: bought to open (option_buy), then closed at the mark (option_close) or settled at intrinsic value
-- at expiry (option_settle). Prices in the underlying's price minor units, money in the currency's.

create table option_orders (
  id            bigserial primary key,
  user_id       integer not null references users(id),
  symbol        text not null,
  currency      text not null,
  "right"       text not null check ("right" in ('call', 'put')),
  strike        bigint not null check (strike > 0),
  expires_at    timestamptz not null,
  contracts     bigint not null check (contracts > 0),
  -- Units of the underlying one contract covers (100 shares, 1 index point), fixed at purchase.
  contract_size bigint not null check (contract_size > 0),
  state         text not null check (state in ('holding', 'closed', 'expired')),
  premium       bigint not null check (premium > 0),
  open_spot     bigint not null,
  -- What the close or the settlement paid (0 for an option that expired out of the money).
  close_value   bigint check (close_value >= 0),
  close_spot    bigint,
  created_at    timestamptz not null,
  closed_at     timestamptz,
  check ((state = 'holding') = (close_value is null))
);
create index option_orders_user on option_orders (user_id, id desc);
create index option_orders_expiring on option_orders (expires_at) where state = 'holding';
