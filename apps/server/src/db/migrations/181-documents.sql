-- Documents an investor can file (issue 19 item 4, decision 050): the monthly statement, the yearly tax
-- certificate and the MiFID II yearly costs report, each a PDF and a CSV in the investor's language, kept in the
-- blob store. One row per investor, kind, period and language: making it again replaces its bytes (a period not
-- yet ended is provisional; the job makes the final one once it has).
create table documents (
  id          text primary key,
  user_id     integer not null references users(id),
  kind        text not null check (kind in ('statement', 'tax', 'costs')),
  period      text not null check (period ~ '^\d{4}(-\d{2})?$'),
  language    text not null check (language in ('it-IT', 'en-US')),
  final       boolean not null,
  pdf_key     text not null,
  pdf_size    integer not null,
  csv_key     text not null,
  csv_size    integer not null,
  -- A statement's closing balances of the currency accounts, as shown in the list: [{purpose, asset, balance}].
  closing     jsonb not null default '[]',
  created_at  timestamptz not null default piazza_now(),
  unique (user_id, kind, period, language)
);
create index documents_user on documents (user_id, period desc);
