-- One row a job period (issue 11, decision 026): `settlement` × `2026-11-24T23:00:00.000Z`, `option-expiry` ×
-- its expiry instant. The unique pair is what makes a period run once across instances: a run claims the row
-- (insert, or take over a failed or abandoned one) before it does anything, whichever queue delivered it.
create table job_runs (
  id bigserial primary key,
  job text not null,
  key text not null,
  state text not null check (state in ('running', 'succeeded', 'failed')),
  attempts integer not null default 1,
  started_at timestamptz not null,
  finished_at timestamptz,
  -- What the run did, in a line (e.g. "3 lots settled"), or the error it failed with.
  summary text,
  error text,
  -- The instance that ran it last, and who asked for it when an operator did (run now).
  instance text not null,
  requested_by text,
  unique (job, key)
);
create index job_runs_recent on job_runs (started_at desc);
create index job_runs_failed on job_runs (job) where state = 'failed';
