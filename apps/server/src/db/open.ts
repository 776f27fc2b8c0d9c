import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { liveServerAnswers } from '../ops/backup-socket';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite (refused while a server runs on it). */
export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'pglite');
  // PGlite is one process's database: opening it beside a running server would corrupt it (decision 042).
  if (await liveServerAnswers(config.dataDir)) {
    throw new Error(
      `a Piazza server is running on ${config.dataDir} (its backup.sock answers): stop it first`,
    );
  }
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}
