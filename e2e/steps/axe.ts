import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appPages } from '@piazza/contract/app-pages';
import type { Page } from 'playwright-core';

/*
 * axe-core, the standard accessibility engine, run inside the page (issue 21): the WCAG 2.0 and 2.1 A and AA
 * rules. It is evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
 * does not govern, so the app's headers stay as strict in the test as in production.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
}

/** The serious and critical violations on the page as it is now (moderate and minor ones are not counted). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => String(n.target[0])),
      }));
  });
}

/** Waits until the page has drawn its data: no request in flight and no loading skeleton or spinner left. */
export async function settled(page: Page): Promise<void> {
  // A screen that keeps a request open (the service desk's long poll) never goes idle: after 10 s axe runs anyway.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.adm-skeleton, .adm-spin-loading').length === 0, null, {
      timeout: 15_000,
    })
    // A page may keep a spinner on purpose (a live chart waiting for a market that is closed): axe runs anyway.
    .catch(() => undefined);
}

/** Opens `route`, waits for it to settle, and answers each serious or critical violation as one line. */
export async function audit(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await settled(page);
  const found = await seriousViolations(page);
  return found.map((v) => `${route} ${v.rule} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** What a page needs in its address to show something: an instrument, or the first record of a list. */
const queries: Record<string, string> = {
  '/pages/tabbar/trade': '?symbol=ENI.MI',
  '/pages/stock/stockKline': '?symbol=ENI.MI',
  '/pages/etf/detail': '?symbol=SWDA.MI',
  '/pages/bonds/ticket': '?isin=IT0005584856',
  '/pages/stock/index': '?symbol=FTSEMIB',
  '/pages/coin/coinKline': '?symbol=BTCUSDT',
  '/pages/coin/trade': '?symbol=BTCUSDT',
  '/pages/stockIPO/ipoDetail': '?id=1',
  '/pages/stockIPO/ipoOrder': '?id=1',
  '/pages/stockBulk/bulkDetail': '?id=1',
  '/pages/stockBulk/bulkOrder': '?id=1',
  '/pages/coinICO/icoDetail': '?id=1',
  '/pages/coinICO/icoOrder': '?id=1',
  '/pages/robot/detail': '?id=1',
  '/pages/follow/detail': '?id=1',
  '/pages/notice/detail': '?id=1',
  '/pages/news/detail': '?id=1',
  '/pages/stock/vote': '?id=1',
};

/** Pages that only redirect (the start page) or only sign in: checked signed out, not in the signed-in sweep. */
export const guestRoutes = [
  '/pages/account/login',
  '/pages/account/reg',
  '/pages/common/findPasswd',
  '/pages/common/accessibility',
];

/**
 * Every investor route (SPEC §2's list and every page file, which adds the ones landing after the list), with
 * the query each needs, sorted: the routes an investor can reach, whatever helper added them.
 */
export function investorRoutes(): string[] {
  const pagesDir = path.join(root, 'apps/web/src/pages');
  const found = new Set<string>();
  for (const [group, pages] of Object.entries(appPages))
    for (const p of pages) found.add(`/pages/${group}/${p}`);
  for (const group of readdirSync(pagesDir)) {
    for (const file of readdirSync(path.join(pagesDir, group))) {
      if (file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
        found.add(`/pages/${group}/${file.slice(0, -4)}`);
    }
  }
  const skip = new Set(['/pages/common/start', '/pages/account/login', '/pages/common/login']);
  return [...found]
    .filter((r) => !skip.has(r))
    .sort()
    .map((r) => r + (queries[r] ?? ''));
}

/** Every back-office screen, from its route files: `users.$id.route.tsx` is /admin/users/1. */
export function backOfficeRoutes(): string[] {
  const screensDir = path.join(root, 'apps/admin/src/screens');
  const routes: string[] = [];
  for (const domain of readdirSync(screensDir)) {
    const dir = path.join(screensDir, domain);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.route.tsx')) continue;
      const parts = file.slice(0, -'.route.tsx'.length).split('.');
      routes.push(`/admin/${parts.map((p) => (p.startsWith('$') ? '1' : p)).join('/')}`);
    }
  }
  return routes.sort();
}

/** The `part`-th of `parts` slices of the investor routes, so the sweep runs in files side by side. */
export function investorRoutesPart(part: number, parts: number): string[] {
  const all = investorRoutes();
  const size = Math.ceil(all.length / parts);
  return all.slice(part * size, (part + 1) * size);
}
