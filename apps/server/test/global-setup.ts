import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/*
 * One migrated database per run, copied for each test app (STACK.md): on PGlite a migrated data directory, on
 * PostgreSQL (DATABASE_URL set) a template database. Each app then gets a fresh copy.
 *
 * PGlite's directory lives in memory (/dev/shm where the machine has it) and each app opens a copy of it in
 * place: a recursive copy of its 44 MB and an open take about a third of what unpacking a dump into PGlite's
 * own in-memory file system did (1.6–4 s under load), and a server run opens a few hundred of them.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  if (databaseUrl) {
    const template = `piazza_tpl_${randomBytes(4).toString('hex')}`;
    const admin = await openPostgres(databaseUrl, 1);
    await admin.query(`create database ${template}`);
    const tpl = await openPostgres(withDatabase(databaseUrl, template), 1);
    await migrate(tpl);
    await tpl.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.close();
    };
  }
  const dir = await mkdtemp(path.join(memoryDir(), 'piazza-test-'));
  const template = path.join(dir, 'migrated');
  const db = await openPglite({ dataDir: template });
  await migrate(db);
  await db.close();
  project.provide('pgliteTemplate', template);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** A directory in memory where the machine offers one, else the system's temporary directory. */
export function memoryDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
