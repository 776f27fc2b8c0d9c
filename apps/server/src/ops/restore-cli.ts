import { spawnSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../config';
import { BackupError, restoreBackup } from './backup';

/*
 * `npm run restore -- <file> [--force]`: puts a backup (backup.ts) back into the configured database, DATABASE_URL
 * or DATA_DIR, then runs `npm run ledger:verify` on what it restored. Refuses a target that holds data unless
 * --force (PGlite: what was there is renamed aside, not deleted; PostgreSQL: pg_restore --clean), and refuses
 * while a server runs on the PGlite data directory. Exit 0 restored and clean, 1 restored but the ledger has
 * breaches, 2 not restored.
 */

async function main(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (!file || unknown.length > 0) {
    console.error('usage: npm run restore -- <file> [--force]');
    return 2;
  }
  try {
    const config = loadConfig();
    const restored = await restoreBackup(
      file,
      {
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        secretKeyFromEnv: config.secretKey !== null,
      },
      { force: args.includes('--force') },
    );
    const m = restored.manifest;
    console.log(
      `restore: ${file} (taken ${m.createdAt}, schema up to ${m.migration}, ${m.blobs} documents) restored`,
    );
    for (const aside of restored.keptAside) console.log(`restore: what was there is kept at ${aside}`);
  } catch (err) {
    const known = err instanceof BackupError || err instanceof ConfigError;
    console.error(
      `restore: ${known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return 2;
  }
  // The same check as `npm run ledger:verify`, on the same configuration: its exit code is ours.
  const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
    stdio: 'inherit',
    env: process.env,
  });
  return verify.status ?? 2;
}

process.exitCode = await main(process.argv.slice(2));
