-- A stock market order's writes in one call (issue 18 item 1, decision 072). The server reads what the order
-- needs in one statement, walks the book, prices the fills and fees and works out the sale's tax in
-- TypeScript, then hands every row to this function: the order (already in its final state) with its pinned
-- fees, its fills, lots and holding, the journal entries with their postings, the user's balances (the
-- `user_balance_not_negative` check still refuses an overdraft here), the sale's tax rows, the idempotency
-- record's answer, and last the platform's balances, so their row locks are held only from here to COMMIT
-- (decision 020). Amounts travel as text and are cast to bigint. Plain plpgsql: PostgreSQL 15 and PGlite alike.
create or replace function piazza_stock_market_order(p jsonb) returns void
language plpgsql as $$
declare
  o jsonb := p->'order';
  uid integer := (o->>'userId')::integer;
  sym text := o->>'symbol';
  f jsonb;
  e jsonb;
  a jsonb;
  l jsonb;
  fill_id bigint;
  entry_id bigint;
  acc_id bigint;
  ids jsonb := '{}'::jsonb;
  realisation_ids bigint[] := '{}';
  realisation_id bigint;
  hit integer;
begin
  insert into stock_orders (id, user_id, symbol, currency, side, type, state, quantity, filled_quantity,
                            notional, value, fee, frozen, fill_count, created_at, updated_at, product, asset,
                            asset_unit)
  values ((o->>'id')::bigint, uid, sym, o->>'currency', o->>'side', 'market', o->>'state',
          (o->>'quantity')::bigint, (o->>'filledQuantity')::bigint, (o->>'notional')::bigint,
          (o->>'value')::bigint, (o->>'fee')::bigint, 0, (o->>'fillCount')::integer, (o->>'at')::timestamptz,
          (o->>'at')::timestamptz, 'stock', o->>'asset', 1);
  insert into stock_order_fees (order_id, fee_rate_bp, fee_per_share, fee_per_share_scale, fee_minimum, fee_maximum)
  values ((o->>'id')::bigint, (p->'fees'->>'rateBp')::integer, (p->'fees'->>'perShare')::bigint,
          (p->'fees'->>'perShareScale')::integer, (p->'fees'->>'minimum')::bigint, (p->'fees'->>'maximum')::bigint);

  for f in select * from jsonb_array_elements(p->'fills') loop
    insert into stock_fills (order_id, user_id, seq, symbol, side, price, quantity, value, fee, created_at)
    values ((o->>'id')::bigint, uid, (f->>'seq')::integer, sym, o->>'side', (f->>'price')::bigint,
            (f->>'quantity')::bigint, (f->>'value')::bigint, (f->>'fee')::bigint, (o->>'at')::timestamptz)
    returning id into fill_id;
    if f->>'settlesAt' is not null then
      insert into stock_lots (fill_id, user_id, symbol, quantity, settles_at)
      values (fill_id, uid, sym, (f->>'quantity')::bigint, (f->>'settlesAt')::timestamptz);
    end if;
  end loop;

  -- A buy's holding grows before the ledger moves (the order of the row locks of every other buy).
  if o->>'side' = 'buy' then
    insert into stock_positions (user_id, symbol, quantity, cost)
    values (uid, sym, (p->'holding'->>'quantity')::bigint, (p->'holding'->>'cost')::bigint)
    on conflict (user_id, symbol)
    do update set quantity = stock_positions.quantity + excluded.quantity,
                  cost = stock_positions.cost + excluded.cost;
  end if;

  -- The accounts, in key order: missing ones are created as postEntries creates them.
  for a in select * from jsonb_array_elements(p->'accounts') loop
    select id into acc_id from accounts
     where owner_type = a->>'ownerType' and owner_id = (a->>'ownerId')::integer and purpose = a->>'purpose'
       and asset = a->>'asset';
    if acc_id is null then
      insert into accounts (owner_type, owner_id, purpose, asset)
      values (a->>'ownerType', (a->>'ownerId')::integer, a->>'purpose', a->>'asset')
      on conflict (owner_type, owner_id, purpose, asset) do nothing returning id into acc_id;
      if acc_id is null then
        select id into acc_id from accounts
         where owner_type = a->>'ownerType' and owner_id = (a->>'ownerId')::integer
           and purpose = a->>'purpose' and asset = a->>'asset';
      end if;
    end if;
    ids := ids || jsonb_build_object(a->>'key', acc_id);
  end loop;

  -- A sale's tax realisations (one a fill), before the entries that withhold their tax name them.
  for l in select * from jsonb_array_elements(coalesce(p->'realisations', '[]'::jsonb)) loop
    insert into tax_realisations (user_id, source, source_ref, kind, instrument, currency, tax_year, regime,
                                  proceeds, fees, cost, gain, loss_used, taxable, rate_bp, withheld, created_at)
    values (uid, l->>'source', l->>'sourceRef', l->>'kind', l->>'instrument', l->>'currency',
            (l->>'taxYear')::integer, l->>'regime', (l->>'proceeds')::bigint, (l->>'fees')::bigint,
            (l->>'cost')::bigint, (l->>'gain')::bigint, (l->>'lossUsed')::bigint, (l->>'taxable')::bigint,
            (l->>'rateBp')::integer, (l->>'withheld')::bigint, (o->>'at')::timestamptz)
    returning id into realisation_id;
    realisation_ids := realisation_ids || realisation_id;
  end loop;

  -- The entries in their order; one with `refRow` n names the n-th realisation (the tax it withholds).
  for e in select * from jsonb_array_elements(p->'entries') loop
    insert into journal_entries (bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo)
    values (e->>'billType', e->>'actorType', e->>'actorId', e->>'refType',
            coalesce(e->>'refId', realisation_ids[(e->>'refRow')::integer]::text), e->>'key', e->>'memo')
    returning id into entry_id;
    insert into postings (entry_id, account_id, asset, amount)
    select entry_id, (ids->>(x->>'account'))::bigint, x->>'asset', (x->>'amount')::bigint
      from jsonb_array_elements(e->'postings') with ordinality as t(x, n)
     order by n;
  end loop;

  -- The user's balances, row locks in ascending id (ledger/post.ts moveBalances): an overdraft fails the check.
  with moves as (
         select (ids->>(m->>'account'))::bigint as id, (m->>'delta')::bigint as delta
           from jsonb_array_elements(p->'userMoves') as m),
       locked as materialized (
         select id from accounts where id in (select id from moves) order by id for no key update)
  update accounts a set balance = a.balance + moves.delta
    from locked join moves on moves.id = locked.id
   where a.id = locked.id;

  if o->>'side' = 'sell' then
    update stock_positions
       set quantity = quantity - (p->'holding'->>'quantity')::bigint,
           cost = cost - (p->'holding'->>'cost')::bigint
     where user_id = uid and symbol = sym and quantity >= (p->'holding'->>'quantity')::bigint;
    get diagnostics hit = row_count;
    if hit = 0 then
      raise exception 'position of user % in % is short of a sale of %', uid, sym, p->'holding'->>'quantity';
    end if;
    if p->>'fractionsCost' is not null then
      update plan_fractions set cost = (p->>'fractionsCost')::bigint where user_id = uid and symbol = sym;
    end if;
    if p->'lossCarried' is not null and jsonb_typeof(p->'lossCarried') = 'object' then
      insert into tax_losses (user_id, currency, year, carried)
      values (uid, p->'lossCarried'->>'currency', (p->'lossCarried'->>'year')::integer,
              (p->'lossCarried'->>'amount')::bigint)
      on conflict (user_id, currency, year)
      do update set carried = tax_losses.carried + excluded.carried;
    end if;
    for l in select * from jsonb_array_elements(coalesce(p->'lossesUsed', '[]'::jsonb)) loop
      update tax_losses set used = used + (l->>'used')::bigint
       where user_id = uid and currency = l->>'currency' and year = (l->>'year')::integer;
    end loop;
    -- A sale that leaves no share clears the holding's take profit and stop loss (decision 013).
    delete from stock_tpsl
     where user_id = uid and symbol = sym
       and not exists (select 1 from accounts
                        where owner_type = 'user' and owner_id = uid and asset = o->>'asset'
                          and purpose in ('spot', 'locked', 'frozen') and balance <> 0);
  end if;

  if p->'answer' is not null and jsonb_typeof(p->'answer') = 'object' then
    update idempotency_keys set response = p->'answer'->'response'
     where scope = p->'answer'->>'scope' and call = p->'answer'->>'call'
       and request_id = p->'answer'->>'requestId';
  end if;

  -- Last: the platform's balances (decision 020), locked in ascending id and held only until COMMIT.
  with moves as (
         select (ids->>(m->>'account'))::bigint as id, (m->>'delta')::bigint as delta
           from jsonb_array_elements(p->'platformMoves') as m),
       locked as materialized (
         select id from accounts where id in (select id from moves) order by id for no key update)
  update accounts a set balance = a.balance + moves.delta
    from locked join moves on moves.id = locked.id
   where a.id = locked.id;
end;
$$;
