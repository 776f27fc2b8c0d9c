import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from './helper';

/* API answers of 1 kB and more travel compressed by what the caller accepts; small ones and non-JSON as they are. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0)) });
});
afterAll(() => t.close());

const listUrl = '/ipcg-api/stock/list?country=IT';

describe('API compression', () => {
  it('sends a share list as brotli to a browser, the same JSON as uncompressed', async () => {
    const plain = await t.app.inject({ url: listUrl });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: listUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const list = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(list.code).toBe(0);
    expect(list.data.list.map((r: { symbol: string }) => r.symbol)).toEqual(
      JSON.parse(plain.body).data.list.map((r: { symbol: string }) => r.symbol),
    );
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const gz = await t.app.inject({ url: listUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).code).toBe(0);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ url: '/ipcg-api/stock/info', headers: { 'accept-encoding': 'br' } });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
