-- News, banners and votes (issue 15 items 2–4, DESIGN.md §11, decision 038). Every text the operator writes is
-- kept in both languages; imported articles carry only their feed's language (the reader gets it whatever
-- theirs). Article bodies are stored already sanitised.

-- Images for covers and banners, checked by content like KYC uploads; the bytes are in the blob store.
create table content_images (
  id          text primary key,                 -- 32 hex characters, chosen by the server
  kind        text not null check (kind in ('jpeg', 'png')),
  size        integer not null,
  sha256      text not null,
  blob_key    text not null,
  operator_id integer references operators(id),  -- null for the demo seed's
  created_at  timestamptz not null default now()
);

create table news_sources (
  id              serial primary key,
  name            text not null,
  url             text not null,
  language        text not null check (language in ('it-IT', 'en-US')),
  active          boolean not null default true,
  last_fetched_at timestamptz,
  last_error      text,
  created_at      timestamptz not null default now()
);

create table news_articles (
  id           bigserial primary key,
  title_it     text,
  title_en     text,
  body_it      text,
  body_en      text,
  cover_id     text references content_images(id),
  symbols      text not null default '',          -- upper-case, comma-separated
  publish_at   timestamptz not null,
  withdrawn_at timestamptz,
  source_id    integer references news_sources(id),
  feed_key     text,                              -- the item's guid, else its link
  link         text,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  check (title_it is not null or title_en is not null),
  check ((source_id is null) = (feed_key is null))
);
-- An item a feed sends again (each fetch repeats the feed) is the same article.
create unique index news_articles_feed_item on news_articles (source_id, feed_key);
create index news_articles_published on news_articles (publish_at desc) where withdrawn_at is null;

create table banners (
  id           serial primary key,
  title_it     text not null,
  title_en     text not null,
  image_id     text not null references content_images(id),
  target       text not null,                     -- a page of the app, checked against app-pages.ts
  sort_order   integer not null default 0,
  starts_at    timestamptz not null,
  ends_at      timestamptz,
  withdrawn_at timestamptz,
  updated_at   timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);

create table vote_polls (
  id           serial primary key,
  question_it  text not null,
  question_en  text not null,
  opens_at     timestamptz not null,
  closes_at    timestamptz not null,
  withdrawn_at timestamptz,
  created_at   timestamptz not null default now(),
  check (closes_at > opens_at)
);

create table vote_options (
  id       serial primary key,
  poll_id  integer not null references vote_polls(id),
  position integer not null,
  label_it text not null,
  label_en text not null,
  unique (poll_id, position)
);

-- One ballot per investor and poll: the unique key refuses a second vote, racing ones included.
create table vote_ballots (
  poll_id    integer not null references vote_polls(id),
  user_id    integer not null references users(id),
  option_id  integer not null references vote_options(id),
  created_at timestamptz not null,
  primary key (poll_id, user_id)
);
create index vote_ballots_option on vote_ballots (option_id);
