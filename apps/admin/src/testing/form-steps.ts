import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { renderScreen } from './screen-harness';

/*
 * Steps the screens' tests share: typing into a field, reading a row's cells, and saving a form card.
 */

/** Types `value` into the field with this test id, as an operator would (one change event). */
export const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The text of each cell of a row (or of every row of a table), in order. */
export const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** Saves the open form, then checks the notice naming the saved record and what the save sent. */
export async function saveAndCheck(
  s: ReturnType<typeof renderScreen>,
  saveTestId: string,
  notice: string,
  path: string,
  params: Record<string, string>,
) {
  fireEvent.click(screen.getByTestId(saveTestId));
  await waitFor(() => expect(s.notices()).toEqual([notice]));
  expect(s.calls(path)[0]?.params).toEqual(params);
}

/**
 * On a product's screen (test ids `{kind}-…`): pauses it, then resumes it, checking the status shown after
 * each, the notice of the pause, and the two status calls sent for product `id` to `path`.
 */
export async function pauseThenResume(
  s: ReturnType<typeof renderScreen>,
  kind: string,
  sent: { path: string; id: string; pausedNotice: string },
) {
  fireEvent.click(await screen.findByTestId(`${kind}-pause`));
  await waitFor(() => expect(screen.getByTestId(`${kind}-status`).textContent).toBe('Sospeso'));
  expect(s.notices()).toEqual([sent.pausedNotice]);
  fireEvent.click(screen.getByTestId(`${kind}-resume`));
  await waitFor(() => expect(screen.getByTestId(`${kind}-status`).textContent).toBe('Attivo'));
  expect(s.calls(sent.path).map((c) => c.params)).toEqual([
    { id: sent.id, status: 'paused' },
    { id: sent.id, status: 'active' },
  ]);
}
