import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
