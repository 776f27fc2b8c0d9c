-- VIP membership (issue 14, DESIGN.md §9, decision 035): plans on sale, the trial's length, each investor's
-- membership, the purchases that paid for it, and the notes members read. Whether an investor's strategy
-- service is on is users.vip_strategy (050).

create table vip_settings (
  key   text primary key,
  value integer not null
);
insert into vip_settings (key, value) values ('trialDays', 7);

create table vip_plans (
  id         serial primary key,
  days       integer not null check (days between 1 and 3650),
  price      bigint not null check (price > 0),          -- minor units of currency
  currency   text not null references assets(code),
  active     boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into vip_plans (days, price, currency) values (30, 1990, 'EUR'), (90, 4990, 'EUR'), (365, 14990, 'EUR');

-- One row per investor who was ever a member. `state` is what the expiry job last recorded; a membership is
-- in force while state = 'active' and ends_at is in the future.
create table vip_members (
  user_id          integer primary key references users(id),
  state            text not null check (state in ('active', 'expired')),
  kind             text not null check (kind in ('trial', 'paid')),
  ends_at          timestamptz not null,
  trial_claimed_at timestamptz,
  updated_at       timestamptz not null
);
create index vip_members_due on vip_members (ends_at) where state = 'active';

create table vip_purchases (
  id         bigserial primary key,
  user_id    integer not null references users(id),
  plan_id    integer not null references vip_plans(id),
  days       integer not null,
  price      bigint not null check (price > 0),
  currency   text not null,
  starts_at  timestamptz not null,
  ends_at    timestamptz not null,
  created_at timestamptz not null
);
create index vip_purchases_user on vip_purchases (user_id, id desc);

create table vip_notes (
  id           serial primary key,
  kind         text not null check (kind in ('ipo', 'shortTerm', 'block')),
  language     text not null check (language in ('it-IT', 'en-US')),
  title        text not null,
  body         text not null,
  author       text not null,
  published_at timestamptz not null,
  created_by   integer references operators(id)
);
create index vip_notes_language on vip_notes (language, published_at desc);
