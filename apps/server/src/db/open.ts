import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}
