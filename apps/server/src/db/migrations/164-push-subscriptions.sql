-- Web push (issue 15 item 7, decision 040): each device where an investor consented to notifications, and how
-- far the push-notices job has sent the personal notices.
create table push_subscriptions (
  id          bigserial primary key,
  user_id     integer not null references users(id),
  -- The push service's address for this device: unique, a device subscribes once whoever signs in on it.
  endpoint    text not null unique,
  p256dh      text not null,
  auth        text not null,
  -- The language the notices are pushed in: the app's language when the investor consented.
  language    text not null check (language in ('it-IT', 'en-US')),
  created_at  timestamptz not null,
  last_sent_at timestamptz
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- One row: the id of the last personal notice the job has sent (0: none yet).
create table push_cursor (
  id         smallint primary key default 1 check (id = 1),
  notice_id  bigint not null
);
insert into push_cursor (id, notice_id) values (1, 0);
