-- Notices (issue 15 item 1, DESIGN.md §11, decision 037). One table for both kinds:
--  * authored by an operator in both languages (title_it/body_it, title_en/body_en), for everyone
--    (user_id null) or one investor, with a publish time, an optional expiry, and a dialog flag;
--  * written by the platform for one investor when something of theirs happened (kit/personal-notice.ts):
--    a catalogue key and its parameters, rendered in the reader's language when read; `ref` names the event
--    so that the same event never makes two notices.
-- Read state per investor in notice_reads (a system notice is read by many).

create table notices (
  id           bigserial primary key,
  user_id      integer references users(id),
  source       text not null check (source in ('operator', 'event')),
  title_it     text,
  title_en     text,
  body_it      text,
  body_en      text,
  message_key  text,
  params       jsonb,
  ref          text,
  dialog       boolean not null default false,
  publish_at   timestamptz not null,
  expire_at    timestamptz,
  withdrawn_at timestamptz,
  operator_id  integer,
  created_at   timestamptz not null,
  updated_at   timestamptz not null,
  check (
    (source = 'operator' and title_it is not null and title_en is not null and body_it is not null
      and body_en is not null and message_key is null)
    or (source = 'event' and user_id is not null and message_key is not null and params is not null)
  ),
  check (expire_at is null or expire_at > publish_at),
  check (not dialog or user_id is null)
);
create unique index notices_event_ref on notices (user_id, ref) where ref is not null;
create index notices_user on notices (user_id, publish_at desc);
create index notices_everyone on notices (publish_at desc) where user_id is null;

create table notice_reads (
  notice_id bigint not null references notices(id),
  user_id   integer not null references users(id),
  read_at   timestamptz not null,
  primary key (user_id, notice_id)
);
