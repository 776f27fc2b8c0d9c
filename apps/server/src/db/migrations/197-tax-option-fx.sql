-- A dollar option's premium in euros at the rate of the day it was bought (issue 19, decision 065 amended): its
-- result is taxed in euros, the end's value at the end's EUR/USD and the premium at the purchase's. Written by
-- the taxes module's `taxOptionBought` in the purchase's transaction; an option without a row (bought before)
-- converts its premium at the end's rate, as before.
create table tax_option_basis (
  option_id    bigint primary key,
  user_id      integer not null references users(id),
  currency     text not null,
  premium      bigint not null check (premium >= 0),
  premium_eur  bigint not null check (premium_eur >= 0),
  fx_rate      text not null,
  created_at   timestamptz not null default piazza_now()
);
