-- Verification codes sent, one row per code per counting key ('address:…' or 'ip:…'), for the hourly limits
-- on /common/code/send when Redis is not configured (docs/decisions/022-code-send-limits.md). Rows older
-- than the window are deleted as the key is counted again.
create table code_sends (
  key     text not null,
  sent_at timestamptz not null
);
create index code_sends_key on code_sends (key, sent_at);
