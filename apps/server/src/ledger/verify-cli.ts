import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import type { Db } from '../db/db';
import { openDatabase } from '../db/open';
import { registerModuleLedgerChecks } from '../server-modules';
import { allLedgerChecks, verifyLedger } from './verify';

/*
 * `npm run ledger:verify`: checks every ledger invariant against the configured database (DATABASE_URL, or the
 * PGlite database in DATA_DIR). Exit 0 when the ledger holds, 1 on any breach, 2 when it cannot be checked.
 * `npm run ledger:verify -- dir…` checks the PGlite database of each data directory in turn, in one process
 * (CI verifies what every browser journey left), and exits with the worst of their codes.
 */

const Exit = { clean: 0, breach: 1, unreadable: 2 } as const;

/** Where the database is, without credentials: the summary may end up in CI logs. */
function describeTarget(databaseUrl: string, dataDir: string): string {
  if (!databaseUrl) return `PGlite at ${path.join(dataDir, 'pglite')}`;
  const u = new URL(databaseUrl);
  return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function verifyOne(env: NodeJS.ProcessEnv): Promise<number> {
  let db: Db;
  let target: string;
  try {
    const config = loadConfig(env);
    target = describeTarget(config.databaseUrl, config.dataDir);
    // Opening PGlite on a missing directory would create an empty database and call it clean.
    if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      console.error(`ledger:verify: no database at ${target}`);
      return Exit.unreadable;
    }
    db = await openDatabase(config);
  } catch (err) {
    console.error(`ledger:verify: cannot open the database: ${messageOf(err)}`);
    return Exit.unreadable;
  }
  try {
    const checks = allLedgerChecks();
    const breaches = await verifyLedger(db, checks);
    const [size] = await db.query<{ entries: bigint; postings: bigint; accounts: bigint }>(
      `select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings,
              (select count(*) from accounts) as accounts`,
    );
    const scope = `${size?.entries ?? 0n} entries, ${size?.postings ?? 0n} postings, ${size?.accounts ?? 0n} accounts`;
    console.log(`ledger:verify on ${target}`);
    for (const b of breaches) console.log(`BREACH ${b.check}: ${b.subject}: ${b.detail}`);
    if (breaches.length === 0) {
      console.log(`ledger:verify: clean, ${checks.length} checks hold over ${scope}`);
      return Exit.clean;
    }
    const broken = new Set(breaches.map((b) => b.check));
    const rules = checks.filter((c) => broken.has(c.name)).map((c) => `${c.name} (${c.rule})`);
    console.log(
      `ledger:verify: ${breaches.length} breaches of ${broken.size} of ${checks.length} checks over ${scope}`,
    );
    for (const r of rules) console.log(`  broken: ${r}`);
    return Exit.breach;
  } catch (err) {
    // Tables missing (migrations never applied) or the connection lost mid-way: the ledger was not checked.
    console.error(`ledger:verify: cannot read the ledger at ${target}: ${messageOf(err)}`);
    return Exit.unreadable;
  } finally {
    await db.close().catch(() => undefined);
  }
}

async function main(dirs: string[]): Promise<number> {
  registerModuleLedgerChecks();
  if (dirs.length === 0) return verifyOne(process.env);
  let worst: number = Exit.clean;
  for (const dir of dirs) {
    const code = await verifyOne({ ...process.env, DATABASE_URL: '', DATA_DIR: dir });
    worst = Math.max(worst, code);
  }
  return worst;
}

process.exitCode = await main(process.argv.slice(2));
