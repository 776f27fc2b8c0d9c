-- Market (DESIGN.md §6): the instrument catalogue, the watchlist, and the coins of the crypto pairs as ledger
-- assets. The catalogue itself lives in code (market/catalogue) and is upserted here at every start.

create table instruments (
  symbol               text primary key,        -- 'ENI.MI', 'AAPL.US', 'BTCUSDT', 'FTSEMIB.IDX', 'EURUSD.FX'
  name                 text not null,
  kind                 text not null check (kind in ('index', 'stock', 'crypto', 'fx')),
  isin                 text,
  country              text,
  sector               text,
  currency             text not null,
  base_asset           text,
  calendar             text not null check (calendar in ('XMIL', 'XNYS', 'CRYPTO', 'FX')),
  price_scale          smallint not null check (price_scale between 0 and 18),
  tick_size            bigint not null check (tick_size > 0),     -- price minor units
  quantity_scale       smallint not null check (quantity_scale between 0 and 18),
  lot_size             bigint not null check (lot_size > 0),      -- quantity minor units
  anchor_price         bigint not null check (anchor_price > 0),  -- price minor units
  volatility           double precision not null,                -- yearly, for the simulator; not money
  drift                double precision not null,
  average_daily_volume bigint not null check (average_daily_volume >= 0),
  listed               boolean not null default true,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);
create unique index instruments_isin on instruments (isin) where isin is not null;
create index instruments_kind_country on instruments (kind, country);

-- Shares and crypto pairs share the one list; the calls keep each to its own kind.
create table watchlist_items (
  user_id    integer not null references users(id),
  symbol     text not null references instruments(symbol),
  created_at timestamptz not null default now(),
  primary key (user_id, symbol)
);

-- The coins of the catalogue's pairs that 001 did not create (BTC, ETH, USDT are there), at 8 decimals as the
-- exchanges keep them; SHIB at 2, since its balances run to trillions of coins and must fit in int8.
insert into assets (code, kind, scale) values
  ('SOL', 'crypto', 8),
  ('XRP', 'crypto', 8),
  ('BNB', 'crypto', 8),
  ('ADA', 'crypto', 8),
  ('DOGE', 'crypto', 8),
  ('TRX', 'crypto', 8),
  ('AVAX', 'crypto', 8),
  ('LINK', 'crypto', 8),
  ('DOT', 'crypto', 8),
  ('LTC', 'crypto', 8),
  ('BCH', 'crypto', 8),
  ('SHIB', 'crypto', 2),
  ('TON', 'crypto', 8),
  ('XLM', 'crypto', 8),
  ('ATOM', 'crypto', 8),
  ('NEAR', 'crypto', 8),
  ('UNI', 'crypto', 8),
  ('POL', 'crypto', 8)
on conflict (code) do nothing;
