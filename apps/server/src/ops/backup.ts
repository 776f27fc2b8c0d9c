import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { secretKeyFileName } from '../config-secret-key';
import type { Db } from '../db/db';
import { readMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { fetchLiveDump, liveServerAnswers } from './backup-socket';
import { runPgTool, withoutPassword } from './pg-tools';

/*
 * One backup file for the whole of a Piazza's state (decision 042): a gzipped tar holding
 *
 *   piazza-backup.json   what it is: format, database kind, when, the migrations the code that made it knew
 *   database.tar         PGlite: the data directory as PGlite dumps it (dumpDataDir), taken between transactions
 *   database.pgdump      PostgreSQL: pg_dump's custom-format archive, one consistent snapshot (pg_restore reads it)
 *   blobs/…              the uploaded documents of the local blob store (DATA_DIR/blobs), when there are any
 *   files/…              the files the server generated at the top of DATA_DIR: secret.key (when SECRET_KEY is
 *                        not set), the web push keys, … (every regular file there, so a new one is not forgotten)
 *
 * The database is dumped before the blobs are copied: a document is stored before the row that names it, so
 * every document the database names is in the copy.
 */

const run = promisify(execFile);

export const manifestName = 'piazza-backup.json';
const format = 1;

export interface BackupTarget {
  /** DATA_DIR: the PGlite database (DATA_DIR/pglite), the local blob store and the generated key. */
  dataDir: string;
  /** PostgreSQL's connection string, or '' for the embedded PGlite in DATA_DIR. */
  databaseUrl: string;
  /** SECRET_KEY is set: the key lives outside DATA_DIR and is not part of the backup. */
  secretKeyFromEnv?: boolean;
}

export interface Manifest {
  format: number;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** The last migration the code that made the backup knew. */
  migration: string;
  blobs: number;
  /** The top-level files of DATA_DIR in the backup (files/…). */
  files: string[];
  secretKey: boolean;
}

/** A PGlite Db that can dump its data directory (db/pglite.ts). */
type DumpableDb = Db & { dump?: () => Promise<Blob> };

export class BackupError extends Error {}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    // A blob being written is a temporary file renamed into place (blob-store.ts): not a document yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(rel);
  }
  return out;
}

/**
 * The regular files at the top of DATA_DIR (the generated key, the web push keys, …): not the socket, not a file
 * being written, not what a restore kept aside, and not secret.key when SECRET_KEY replaces it.
 */
async function topLevelFiles(target: BackupTarget): Promise<string[]> {
  if (!existsSync(target.dataDir)) return [];
  return (await readdir(target.dataDir, { withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .filter((name) => !name.endsWith('.tmp') && !name.includes('.before-restore-') && !name.startsWith('.'))
    .filter((name) => !(target.secretKeyFromEnv && name === secretKeyFileName))
    .filter((name) => !name.startsWith(`${secretKeyFileName}.`))
    .sort();
}

/** The PGlite database's dump: from the running server through its socket, or, with no server, opened here. */
async function pgliteDump(target: BackupTarget, db?: DumpableDb): Promise<Buffer> {
  if (db?.dump) return Buffer.from(await (await db.dump()).arrayBuffer());
  const live = await fetchLiveDump(target.dataDir);
  if (live) return live;
  const dir = path.join(target.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no database at ${dir}`);
  const opened = (await openPglite({ dataDir: dir })) as DumpableDb;
  try {
    return Buffer.from(await (await (opened.dump as () => Promise<Blob>)()).arrayBuffer());
  } finally {
    await opened.close();
  }
}

/**
 * Writes a backup of `target` to `file`. On PGlite `db` is the open database when the caller holds it (the
 * server, tests); without it the running server is asked through DATA_DIR/backup.sock, and when no server
 * runs the database is opened here.
 */
export async function writeBackup(file: string, target: BackupTarget, db?: DumpableDb): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'piazza-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (kind === 'postgres') {
      const { url, env } = withoutPassword(target.databaseUrl);
      await runPgTool(
        'pg_dump',
        ['--format=custom', `--file=${path.join(staging, 'database.pgdump')}`, `--dbname=${url}`],
        env,
      );
    } else {
      await writeFile(path.join(staging, 'database.tar'), await pgliteDump(target, db));
    }
    const blobs = await listFiles(path.join(target.dataDir, 'blobs'));
    for (const rel of blobs) {
      await mkdir(path.dirname(path.join(staging, 'blobs', rel)), { recursive: true });
      await copyFile(path.join(target.dataDir, 'blobs', rel), path.join(staging, 'blobs', rel));
    }
    const files = await topLevelFiles(target);
    await mkdir(path.join(staging, 'files'));
    for (const name of files)
      await copyFile(path.join(target.dataDir, name), path.join(staging, 'files', name));
    const secretKey = files.includes(secretKeyFileName);
    const migrations = await readMigrations();
    const manifest: Manifest = {
      format,
      kind,
      createdAt: new Date().toISOString(),
      migration: migrations.at(-1)?.name ?? '',
      blobs: blobs.length,
      files,
      secretKey,
    };
    await writeFile(path.join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    const members = (await readdir(staging)).sort();
    const out = path.resolve(file);
    await mkdir(path.dirname(out), { recursive: true });
    // Written under a temporary name and renamed: a failed backup never leaves a file that looks whole.
    await run('tar', ['-czf', `${out}.partial`, '-C', staging, ...members]);
    // Personal data and perhaps the key: readable by the operator only.
    await chmod(`${out}.partial`, 0o600);
    await rename(`${out}.partial`, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** Replace a target that holds data (its PGlite folder, blobs and key are kept aside, renamed). */
  force?: boolean;
}

export interface Restored {
  manifest: Manifest;
  /** Files and folders of the target that were moved aside (--force on PGlite). */
  keptAside: string[];
}

/** What makes a target "not empty": tables in the database, or documents in the local blob store. */
async function targetHoldsData(target: BackupTarget): Promise<string | null> {
  if (target.databaseUrl) {
    const db = await openPostgres(target.databaseUrl, 1);
    try {
      const [row] = await db.query<{ n: bigint }>(
        `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if ((row?.n ?? 0n) > 0n) return `the database already has ${row?.n} tables`;
    } finally {
      await db.close();
    }
  } else {
    const dir = path.join(target.dataDir, 'pglite');
    if (existsSync(dir) && (await readdir(dir)).length > 0) return `${dir} already holds a database`;
  }
  const blobs = await listFiles(path.join(target.dataDir, 'blobs'));
  if (blobs.length > 0)
    return `${path.join(target.dataDir, 'blobs')} already holds ${blobs.length} documents`;
  return null;
}

/**
 * Restores `file` into `target`. Refuses a target that holds data unless `force`; refuses while a server
 * runs on the PGlite data directory. The caller verifies the ledger afterwards (restore-cli.ts, the tests).
 */
export async function restoreBackup(
  file: string,
  target: BackupTarget,
  opts: RestoreOptions = {},
): Promise<Restored> {
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  if (!target.databaseUrl && (await liveServerAnswers(target.dataDir))) {
    throw new BackupError(`a Piazza server is running on ${target.dataDir}: stop it before restoring`);
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'piazza-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', staging]);
    const manifestFile = path.join(staging, manifestName);
    if (!existsSync(manifestFile))
      throw new BackupError(`${file} is not a Piazza backup (no ${manifestName})`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== format)
      throw new BackupError(`${file} has backup format ${manifest.format}, not ${format}`);
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== kind) {
      throw new BackupError(
        `${file} is a backup of ${manifest.kind === 'pglite' ? 'the embedded PGlite database' : 'PostgreSQL'}; ` +
          `restore it into the same kind (${manifest.kind === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'})`,
      );
    }
    const holding = await targetHoldsData(target);
    if (holding && !opts.force) {
      throw new BackupError(`refusing to restore over data: ${holding}. Add --force to replace it`);
    }
    const keptAside: string[] = [];
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const putAside = async (p: string) => {
      if (!existsSync(p)) return;
      const aside = `${p}.before-restore-${stamp}`;
      await rename(p, aside);
      keptAside.push(aside);
    };
    await mkdir(target.dataDir, { recursive: true });

    if (kind === 'postgres') {
      const { url, env } = withoutPassword(target.databaseUrl);
      const args = ['--no-owner', '--no-privileges', '--single-transaction', `--dbname=${url}`];
      if (holding) args.unshift('--clean', '--if-exists');
      await runPgTool('pg_restore', [...args, path.join(staging, 'database.pgdump')], env);
    } else {
      const dir = path.join(target.dataDir, 'pglite');
      await putAside(dir);
      await mkdir(dir, { recursive: true });
      const dump = await readFile(path.join(staging, 'database.tar'));
      const db = await openPglite({ dataDir: dir, loadDataDir: new Blob([dump]) });
      await db.close();
    }

    const blobsFrom = path.join(staging, 'blobs');
    const blobsTo = path.join(target.dataDir, 'blobs');
    if (existsSync(blobsFrom)) {
      await putAside(blobsTo);
      await rename(blobsFrom, blobsTo).catch(async () => {
        // Another file system (staging under /tmp): copy instead.
        for (const rel of await listFiles(blobsFrom)) {
          await mkdir(path.dirname(path.join(blobsTo, rel)), { recursive: true });
          await copyFile(path.join(blobsFrom, rel), path.join(blobsTo, rel));
        }
      });
    }
    for (const name of manifest.files) {
      const from = path.join(staging, 'files', name);
      const to = path.join(target.dataDir, name);
      if (existsSync(to) && (await readFile(to)).equals(await readFile(from))) continue;
      await putAside(to);
      await copyFile(from, to);
    }
    return { manifest, keptAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
