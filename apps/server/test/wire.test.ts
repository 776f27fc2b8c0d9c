import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the wire', () => {
  it('answers an unknown API path as not found, never code 0', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ipcg-api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: 'Risorsa non trovata' });
  });

  it('answers a known path with the wrong method as not found', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ipcg-api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });

  it('names the missing field in the caller language, Italian by default', async () => {
    const it_ = await t.app.inject({ method: 'GET', url: '/ipcg-api/dev/outbox' });
    expect(it_.json()).toEqual({ code: -1001, msg: 'to è obbligatorio', data: null });
    const en = await call(t.app, 'GET', '/dev/outbox', {}, { lang: 'en-US,en;q=0.9' });
    expect(en).toMatchObject({ code: -1001, msg: 'to is required' });
  });

  it('refuses unknown fields', async () => {
    const res = await call(t.app, 'GET', '/dev/outbox', { to: 'a@b.it', extra: 1 });
    expect(res).toMatchObject({ code: -1001, msg: 'Unknown field extra' });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('publishes the OpenAPI document and its browsable docs', async () => {
    const doc = (await t.app.inject({ url: '/ipcg-api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/ipcg-api/dev/outbox'].get.parameters[0].name).toBe('to');
    const html = await t.app.inject({ url: '/ipcg-api/docs' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('/ipcg-api/dev/outbox');
  });

  it('reads a malformed JSON body as a refusal, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/user/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('outside demo mode', () => {
  it('has no outbox path at all', async () => {
    const prod = await createTestApp({ env: { DEMO_MODE: '0' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/ipcg-api/dev/outbox?to=x' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('CORS', () => {
  it('answers only the configured origins', async () => {
    const t2 = await createTestApp({ env: { CORS_ORIGINS: 'https://app.piazza.example' } });
    try {
      const preflight = await t2.app.inject({
        method: 'OPTIONS',
        url: '/ipcg-api/dev/outbox',
        headers: {
          origin: 'https://app.piazza.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'access-token',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.piazza.example');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('access-token');
      const stranger = await t2.app.inject({
        method: 'GET',
        url: '/ipcg-api/dev/outbox?to=a@b.it',
        headers: { origin: 'https://evil.example' },
      });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t2.close();
    }
  });
});
