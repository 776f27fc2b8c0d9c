import { ConfigError, loadConfig } from '../config';
import { BackupError, writeBackup } from './backup';

/*
 * `npm run backup -- <file>`: the whole of this Piazza's state in one file (backup.ts, decision 042). On the
 * embedded PGlite default a running server is asked for its dump through DATA_DIR/backup.sock; with no server
 * running the database is opened here. On PostgreSQL (DATABASE_URL) pg_dump takes the database. Exit 0 when
 * the backup is written, 2 when it could not be.
 */

async function main(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error(
      'usage: npm run backup -- <file>, e.g. npm run backup -- backups/piazza-$(date +%F).tar.gz',
    );
    return 2;
  }
  try {
    const config = loadConfig();
    const started = Date.now();
    const manifest = await writeBackup(file, {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      secretKeyFromEnv: config.secretKey !== null,
    });
    const what = manifest.kind === 'postgres' ? 'PostgreSQL (pg_dump)' : `PGlite in ${config.dataDir}`;
    console.log(
      `backup: ${file} written from ${what}, ${manifest.blobs} documents${manifest.secretKey ? ', the generated secret key' : ''}, ` +
        `schema up to ${manifest.migration}, in ${Date.now() - started} ms`,
    );
    return 0;
  } catch (err) {
    const known = err instanceof BackupError || err instanceof ConfigError;
    console.error(
      `backup: ${known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
