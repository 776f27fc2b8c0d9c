-- One clock (issue 17, decision 043): every time the database records comes from the server's clock, so an
-- order, its journal entry and the back office's rows of the same event show the same instant under
-- DEMO_CLOCK_START or a test's clock. The server sets `piazza.now` at the start of each transaction
-- (db/server-clock.ts) when its clock is not the real one; without it, piazza_now() is now().
create or replace function piazza_now() returns timestamptz
  language sql stable
  as $$ select coalesce(nullif(current_setting('piazza.now', true), '')::timestamptz, now()) $$;

-- Every column that defaulted to the database's now() defaults to the server's clock instead, except a
-- session's times: its idle limit (30 days, 8 hours for operators) measures real time at the keyboard, so
-- sessions keep the database's clock and http/sessions.ts compares them with now().
do $$
declare
  c record;
begin
  for c in
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and column_default = 'now()'
       and table_name not in ('sessions', 'operator_sessions', 'schema_migrations')
  loop
    execute format('alter table %I alter column %I set default piazza_now()', c.table_name, c.column_name);
  end loop;
end
$$;
