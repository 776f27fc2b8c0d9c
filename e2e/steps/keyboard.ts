import type { Page } from 'playwright-core';

/*
 * Moving through a page the way a keyboard user does (issue 21): Tab (or Shift+Tab) until the focus reaches
 * a control, then Enter, Space or typing. No mouse and no element handles' click or fill.
 */

/** What has the focus, for a failure message: its test id, or tag and text. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '(nothing)';
    const id = el.closest<HTMLElement>('[data-testid]')?.dataset.testid;
    return `${el.tagName.toLowerCase()}${id ? ` in ${id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  });

/**
 * Presses Tab until the focus is on the element with `testId` or inside it (an input inside its field), at
 * most `max` times; with `input`, only an <input> or <textarea> there counts (past a stepper's buttons).
 */
export async function tabTo(
  page: Page,
  testId: string,
  opts: { max?: number; backwards?: boolean; input?: boolean } = {},
): Promise<void> {
  const max = opts.max ?? 80;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(opts.backwards ? 'Shift+Tab' : 'Tab');
    const there = await page.evaluate(
      ({ id, input }) => {
        const el = document.activeElement;
        if (!el?.closest(`[data-testid="${id}"]`)) return false;
        return !input || el.matches('input, textarea');
      },
      { id: testId, input: opts.input ?? false },
    );
    if (there) return;
  }
  throw new Error(`${max} Tabs did not reach ${testId}; the focus is on ${await focusedName(page)}`);
}

/** Tabs to a field and types `text` into it, as a person would (what was there is selected and replaced). */
export async function typeInto(page: Page, testId: string, text: string): Promise<void> {
  await tabTo(page, testId, { input: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Tabs to a control and presses Enter on it. */
export async function activate(page: Page, testId: string, opts: { max?: number } = {}): Promise<void> {
  await tabTo(page, testId, opts);
  await page.keyboard.press('Enter');
}
