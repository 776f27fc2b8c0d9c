-- Primary markets (issue 12, DESIGN.md §8, decision 032): offerings and the subscriptions to them. Prices and
-- amounts are the offering currency's minor units; lots are whole numbers; times are instants.

create table offerings (
  id              bigserial primary key,
  kind            text not null check (kind in ('ipo', 'offline', 'ico')),
  -- draft → published → allotted → listed, or cancelled from any of the first three. Whether a published
  -- offering is coming, open or closed is the clock's business, not a stored state.
  status          text not null check (status in ('draft', 'published', 'allotted', 'listed', 'cancelled')),
  -- The ticker as typed ('NEWCO') and the instrument it lists as ('NEWCO.MI', 'NEWCO.US').
  symbol          text not null,
  instrument      text not null,
  name            text not null,
  isin            text,
  market          text not null check (market in ('XMIL', 'XNYS', 'CRYPTO')),
  currency        text not null,
  issue_price     bigint not null check (issue_price > 0),
  discount_bps    integer not null default 0 check (discount_bps between 0 and 5000),
  -- What an investor pays a share: the issue price less the discount, rounded up to the minor unit.
  offer_price     bigint not null check (offer_price > 0),
  lot_size        bigint not null check (lot_size > 0),
  min_lots        integer not null check (min_lots > 0),
  max_lots        integer not null check (max_lots >= min_lots),
  lots_offered    integer not null check (lots_offered >= max_lots),
  opens_at        timestamptz not null,
  closes_at       timestamptz not null check (closes_at > opens_at),
  allots_at       timestamptz not null check (allots_at >= closes_at),
  pay_by          timestamptz not null check (pay_by > allots_at),
  lists_at        timestamptz not null check (lists_at >= pay_by),
  document_url    text not null,
  description     text not null default '',
  vip_only        boolean not null default false,
  freeze_on_apply boolean not null default false,
  -- Drawn at publication; only its SHA-256 is shown until the allotment reveals it.
  seed            text,
  seed_commitment text,
  lots_allotted   integer check (lots_allotted between 0 and lots_offered),
  oversubscribed  boolean,
  published_at    timestamptz,
  allotted_at     timestamptz,
  lapsed_at       timestamptz,
  listed_at       timestamptz,
  cancelled_at    timestamptz,
  cancel_reason   text,
  auto_applied_at timestamptz,
  created_by      integer,
  created_at      timestamptz not null,
  updated_at      timestamptz not null
);
-- One live offering per instrument: a cancelled one frees its symbol.
create unique index offerings_instrument on offerings (instrument) where status <> 'cancelled';
create index offerings_listing on offerings (kind, status, opens_at);

create table offering_subscriptions (
  id             bigserial primary key,
  offering_id    bigint not null references offerings(id),
  user_id        integer not null references users(id),
  -- applied → allotted | unallotted (at the allotment) → paid | lapsed; refunded when the offering is cancelled.
  status         text not null check (status in ('applied', 'allotted', 'unallotted', 'paid', 'lapsed', 'refunded')),
  lots_applied   integer not null check (lots_applied > 0),
  amount_applied bigint not null check (amount_applied > 0),
  -- Held in `frozen` since the application, for an offering that freezes.
  amount_frozen  bigint not null default 0 check (amount_frozen >= 0),
  lots_pro_rata  integer,
  draw_position  integer,
  lots_allotted  integer check (lots_allotted between 0 and lots_applied),
  amount_due     bigint check (amount_due >= 0),
  automatic      boolean not null default false,
  created_at     timestamptz not null,
  allotted_at    timestamptz,
  paid_at        timestamptz,
  lapsed_at      timestamptz,
  refunded_at    timestamptz,
  delivered_at   timestamptz,
  unique (offering_id, user_id)
);
create index offering_subscriptions_user on offering_subscriptions (user_id, id desc);

-- Shares that reach an account otherwise than by a fill (an IPO's delivery, a block trade) wait for
-- settlement as bought shares do: a lot is a fill's or another source's.
alter table stock_lots drop constraint stock_lots_pkey;
alter table stock_lots alter column fill_id drop not null;
alter table stock_lots add column id bigserial primary key;
alter table stock_lots add column source text not null default 'fill' check (source in ('fill', 'ipo', 'block'));
alter table stock_lots add column source_id bigint;
alter table stock_lots add constraint stock_lots_source_row check ((source = 'fill') = (fill_id is not null));
create unique index stock_lots_fill on stock_lots (fill_id) where fill_id is not null;
create unique index stock_lots_source_one on stock_lots (source, source_id) where source <> 'fill';

-- Block trades (issue 12 item 6): a discounted block of a listed share, bought at once, delivered on the
-- delivery date into `locked` until the lock period ends.
create table block_offers (
  id             bigserial primary key,
  symbol         text not null,
  currency       text not null,
  pricing        text not null check (pricing in ('fixed', 'discount')),
  -- A fixed price a share in the currency's minor units, or a discount on the last price.
  price          bigint check (price > 0),
  discount_bps   integer not null default 0 check (discount_bps between 0 and 5000),
  quantity       bigint not null check (quantity > 0),
  quantity_left  bigint not null check (quantity_left between 0 and quantity),
  min_quantity   bigint not null check (min_quantity between 1 and quantity),
  lock_days      integer not null check (lock_days between 0 and 3650),
  opens_at       timestamptz not null,
  closes_at      timestamptz not null check (closes_at > opens_at),
  delivers_at    timestamptz not null check (delivers_at >= closes_at),
  vip_only       boolean not null default false,
  status         text not null check (status in ('open', 'delivered', 'cancelled')),
  cancel_reason  text,
  cancelled_at   timestamptz,
  delivered_at   timestamptz,
  created_by     integer,
  created_at     timestamptz not null,
  check ((pricing = 'fixed') = (price is not null))
);

create table block_purchases (
  id           bigserial primary key,
  block_id     bigint not null references block_offers(id),
  user_id      integer not null references users(id),
  status       text not null check (status in ('paid', 'delivered', 'refunded')),
  quantity     bigint not null check (quantity > 0),
  price        bigint not null check (price > 0),
  amount       bigint not null check (amount > 0),
  created_at   timestamptz not null,
  delivered_at timestamptz,
  unlocks_at   timestamptz,
  refunded_at  timestamptz
);
create index block_purchases_user on block_purchases (user_id, id desc);
create index block_purchases_block on block_purchases (block_id);
