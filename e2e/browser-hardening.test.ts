import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * Issue 24, as a browser sees it (decision 031): another site that frames the app or the back office gets
 * nothing shown, and the operator's customer-service script, served from an origin of its own, still loads
 * under the policy. The harness fails the journey on any policy violation in our own pages.
 */

let other: Server;
let otherOrigin = '';
let j: Journey;

beforeAll(async () => {
  // A site of another origin: a page that frames ours, and a "customer-service" script.
  other = createServer((req, res) => {
    if (req.url === '/widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end("document.body.setAttribute('data-service-widget', 'loaded');");
      return;
    }
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>elsewhere</title><iframe id="framed" src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  j = await startJourney('browser-hardening', { SERVICE_SCRIPT_URL: `${otherOrigin}/widget.js` });
});
afterAll(async () => {
  await j?.close();
  await new Promise((resolve) => other?.close(resolve));
});

describe('framing by another site', () => {
  it.each([
    ['the order ticket', '/pages/tabbar/trade?symbol=ENI.MI'],
    ['the back office', '/admin/'],
  ])('shows nothing of %s', async (_, path) => {
    const { context, page } = await j.newPage();
    try {
      const blocked = page.waitForEvent('console', {
        predicate: (m) => /frame-ancestors/.test(m.text()),
        timeout: 10_000,
      });
      await page.goto(`${otherOrigin}/?target=${encodeURIComponent(j.baseUrl + path)}`);
      expect((await blocked).text()).toContain("frame-ancestors 'none'");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      // The refused frame holds Chromium's error page, never our markup.
      expect(await frame?.locator('#root').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the external customer-service script', () => {
  it('loads from the configured origin under the policy, for a signed-in investor', async () => {
    const account = 'cliente.servizio@example.it';
    await j.api('POST', '/common/code/send', { account, scene: 'register', areaCode: '+39' });
    const registered = await j.api<{ token: string }>('POST', '/user/register', {
      account,
      password: 'Servizio2026',
      confirmPassword: 'Servizio2026',
      code: await j.outboxCode(account),
      areaCode: '+39',
      agree: '1',
    });
    expect(registered.code).toBe(0);
    const { context, page } = await j.newPage();
    try {
      await page.goto('/');
      await page.evaluate(
        (token) => localStorage.setItem('userToken', JSON.stringify(token)),
        registered.data.token,
      );
      await page.goto('/pages/tabbar/home');
      await page.waitForFunction(() => document.body.getAttribute('data-service-widget') === 'loaded', null, {
        timeout: 10_000,
      });
    } finally {
      await context.close();
    }
  });
});
