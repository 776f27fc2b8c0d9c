-- The operator's regulatory identity (issue 15 item 6): legal name, company registration, the regulator and
-- the authorisation it granted, and links to the public registers. One row at most, absent until the operator
-- configures it: an unconfigured install claims nothing.
create table regulatory_info (
  id                   smallint primary key default 1 check (id = 1),
  legal_name           text not null,
  registration_number  text not null,
  regulator_it         text not null,
  regulator_en         text not null,
  authorisation_number text not null,
  -- [{ "url": "https://…", "labelIt": "…", "labelEn": "…" }], at most three.
  links                jsonb not null default '[]',
  updated_at           timestamptz not null,
  updated_by           integer references operators(id)
);
