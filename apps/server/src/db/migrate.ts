import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/** Beside this file in the sources, beside the bundle in dist/ (the build copies it). */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  name: string;
  sql: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (name) => ({ name, sql: await readFile(`${dir}/${name}`, 'utf8') })));
}

/**
 * The database was migrated by a newer Piazza: it holds migrations this code does not know, so this code may
 * misread what they changed. Migrations are forward-only (decision 042): the way back is a backup.
 */
export class NewerDatabase extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database was upgraded by a newer version of Piazza: ${unknown.length === 1 ? 'migration' : 'migrations'} ` +
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not known to this version. Run the newer ` +
        'version, or restore a backup taken before the upgrade (docs/operations/backup.md).',
    );
    this.name = 'NewerDatabase';
  }
}

/**
 * Applies the migrations not applied yet, each in its own transaction, in file order. On PostgreSQL an
 * advisory lock makes concurrent starts of several instances wait for one another. Refuses (NewerDatabase) a
 * database that records a migration this code does not know.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await db.query(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied: string[] = [];
  await db.tx(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7306001)');
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const known = new Set(all.map((m) => m.name));
    const unknown = [...done].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) throw new NewerDatabase(unknown);
    for (const m of all) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
  });
  return applied;
}

/** True when every migration on disk is applied (readiness). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const all = await readMigrations();
  const rows = await db.query<{ name: string }>('select name from schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  return all.every((m) => done.has(m.name));
}
