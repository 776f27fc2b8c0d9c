-- Capital gains in euros for dollar instruments, and ETFs as their own kinds (issue 19, decision 065).

-- ETF gains are redditi di capitale (not set against the zainetto); ETCs are redditi diversi.
alter table tax_realisations drop constraint tax_realisations_kind_check;
alter table tax_realisations add constraint tax_realisations_kind_check
  check (kind in ('shares', 'etf', 'etc', 'contracts', 'options', 'crypto', 'euroEmt', 'governmentBonds'));

-- A result realised in a foreign currency and taxed in euros: proceeds, fees and cost stay in `currency` (EUR);
-- the sale's own figures, the EUR/USD of the sale day and what the investor's account paid in the sale's
-- currency for the tax are kept beside them. Null for a sale in euros.
alter table tax_realisations add column sale_currency text;
alter table tax_realisations add column sale_proceeds bigint;
alter table tax_realisations add column sale_fees bigint;
alter table tax_realisations add column sale_cost bigint;
alter table tax_realisations add column fx_rate text;
alter table tax_realisations add column withheld_sale bigint check (withheld_sale >= 0);
alter table tax_realisations add constraint tax_realisations_sale_currency
  check ((sale_currency is null) = (fx_rate is null));

-- A dollar share's weighted average cost in euros: each purchase at its own day's rate (or the rate its order
-- exchanged euros at), beside the same holding's cost in dollars, released in proportion by each sale.
create table tax_fx_basis (
  user_id   integer not null references users(id),
  symbol    text not null,
  currency  text not null,
  quantity  bigint not null check (quantity >= 0),
  cost      bigint not null check (cost >= 0),
  cost_eur  bigint not null check (cost_eur >= 0),
  primary key (user_id, symbol)
);
