import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/*
 * One migrated database per run, copied for each test file (STACK.md): on PGlite a dump of the data
 * directory, on PostgreSQL (DATABASE_URL set) a template database. Each file then gets a fresh copy.
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
  const dir = await mkdtemp(path.join(tmpdir(), 'piazza-test-'));
  const db = (await openPglite({})) as Awaited<ReturnType<typeof openPglite>> & { dump(): Promise<Blob> };
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteDump: string;
  }
}
