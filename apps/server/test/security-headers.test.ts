import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Issue 24: every answer carries the headers browsers protect people with (decision 031). The HTML of the
 * two apps is checked by the browser journeys (which also fail on any policy violation, and frame the apps
 * from another origin); here the API, the policy's content and the conditions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('on every answer', () => {
  it('sends nosniff, a strict referrer, its own browsing context, no framing and the policy, even on a 404', async () => {
    for (const url of ['/ipcg-api/common/area/list', '/healthz', '/ipcg-api/no/such/call']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self';",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "img-src 'self' data: blob:",
        'report-uri /ipcg-api/csp-report',
      ]) {
        expect(csp, `${url}: ${directive}`).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('gives the app the camera for the KYC photo, and nothing else in it or in the back office', async () => {
    expect((await get('/pages/user/kyc')).headers['permissions-policy']).toContain('camera=(self)');
    expect((await get('/admin/')).headers['permissions-policy']).toContain('camera=()');
    expect((await get('/pages/user/kyc')).headers['permissions-policy']).toContain('microphone=()');
  });

  it('asks for HTTPS only when it knows the request came over HTTPS', async () => {
    expect((await get('/healthz')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    const forged = await get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

describe('violation reports', () => {
  it('takes reports in both formats browsers send and answers 204', async () => {
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/csp-report',
      payload: JSON.stringify({
        'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'eval' },
      }),
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(legacy.statusCode).toBe(204);
    const reporting = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/csp-report',
      payload: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'img-src' } }]),
      headers: { 'content-type': 'application/reports+json' },
    });
    expect(reporting.statusCode).toBe(204);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/csp-report',
      payload: '{not json',
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(garbage.statusCode).toBe(204);
  });
});

describe('an external customer-service script', () => {
  it('is let through the policy, its origin and only it, and handed to the app in login info', async () => {
    const withService = await createTestApp({
      env: { SERVICE_SCRIPT_URL: 'https://chat.example.com/widget.js' },
    });
    try {
      const csp = String(
        (await withService.app.inject({ url: '/healthz' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://chat.example.com;");
      expect(csp).toContain("connect-src 'self' https://chat.example.com;");
      expect(csp).toContain('frame-src https://chat.example.com;');
      const { token } = await registerInvestor(withService.app, 'servizio@example.it');
      const info = await withService.app.inject({
        url: '/ipcg-api/user/login/info',
        headers: { 'access-token': token },
      });
      expect(info.json().data.serviceSaleSmartly).toBe('https://chat.example.com/widget.js');
    } finally {
      await withService.close();
    }
    const csp = String((await get('/healthz')).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('chat.example.com');
  });

  it('must be the http(s) address of a script', () => {
    const env = (url: string) => ({ SERVICE_SCRIPT_URL: url }) as NodeJS.ProcessEnv;
    expect(() => loadConfig(env('javascript:alert(1)'))).toThrow(/SERVICE_SCRIPT_URL/);
    expect(() => loadConfig(env('https://chat.example.com'))).toThrow(/SERVICE_SCRIPT_URL/);
  });
});
