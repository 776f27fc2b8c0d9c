-- Customer service chat (issue 15 item 5, decision 039): one conversation per investor, its messages, the
-- images attached to them, who answers it, the operators' canned replies and the external chat script.

create table service_conversations (
  user_id            integer primary key references users(id),
  -- The operator answering it; null: nobody yet (every support operator sees it).
  assignee_id        integer references operators(id),
  last_message_at    timestamptz not null
);
create index service_conversations_last on service_conversations (last_message_at desc);

create table service_attachments (
  id         text primary key,                   -- 32 hex characters, random
  user_id    integer not null references users(id),
  kind       text not null check (kind in ('jpeg', 'png')),
  size       integer not null,
  sha256     text not null,
  blob_key   text not null,
  created_at timestamptz not null
);

create table service_messages (
  id            bigserial primary key,
  user_id       integer not null references service_conversations(user_id),
  -- 'user': the investor wrote it; 'operator': an operator answered.
  sender        text not null check (sender in ('user', 'operator')),
  operator_id   integer references operators(id),
  body          text not null default '',
  attachment_id text references service_attachments(id),
  created_at    timestamptz not null,
  -- When the other side read it: operators read the investor's, the investor reads the operators'.
  read_at       timestamptz,
  check ((sender = 'operator') = (operator_id is not null)),
  check (body <> '' or attachment_id is not null)
);
create index service_messages_conversation on service_messages (user_id, id desc);
create index service_messages_unread on service_messages (user_id, sender) where read_at is null;

create table service_canned_replies (
  id         serial primary key,
  language   text not null check (language in ('it-IT', 'en-US')),
  title      text not null,
  body       text not null,
  updated_at timestamptz not null
);

-- One row: the operator's external customer-service script (login info's serviceSaleSmartly): null until the
-- back office chooses (SERVICE_SCRIPT_URL applies), '' for the built-in chat, else an https URL.
create table service_settings (
  id         smallint primary key default 1 check (id = 1),
  script_url text,
  updated_at timestamptz not null default now()
);
insert into service_settings (id) values (1);
