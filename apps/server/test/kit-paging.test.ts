import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { pageAt, pagedRows } from '../src/kit/paging';
import { freshDatabase } from './helper';

/* The one count + rows pair every list call uses (kit/paging.ts), on a real database. */

describe('a paged list', () => {
  let db: Db & { drop(): Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase();
    await db.exec('create table paging_probe (id int primary key, colour text not null)');
    for (let id = 1; id <= 7; id++) {
      await db.query('insert into paging_probe values ($1, $2)', [id, id % 2 === 0 ? 'red' : 'blue']);
    }
  });
  afterAll(() => db?.drop());

  it('counts every row the filter keeps and returns the asked page of them, in order', async () => {
    const page = (n: number) =>
      pagedRows<{ id: number }>(
        db,
        { columns: 'id', from: 'paging_probe', where: 'colour = $1', orderBy: 'id desc', params: ['blue'] },
        { page: n, size: 3 },
      );
    expect(await page(1)).toEqual({ total: 4, rows: [{ id: 7 }, { id: 5 }, { id: 3 }] });
    expect(await page(2)).toEqual({ total: 4, rows: [{ id: 1 }] });
    expect(await page(3)).toEqual({ total: 4, rows: [] });
  });

  it('takes every row without a filter, and the call’s default size when none is asked', async () => {
    const at = pageAt({}, 5);
    expect(at).toEqual({ page: 1, size: 5 });
    const { total, rows } = await pagedRows<{ id: number }>(
      db,
      { columns: 'id', from: 'paging_probe', orderBy: 'id' },
      at,
    );
    expect(total).toBe(7);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
