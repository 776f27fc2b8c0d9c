import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import NoticesScreen from './notices.route';

const hostile = '<img src=x onerror="alert(1)">';
const notice = {
  id: 7,
  source: 'operator',
  userId: null,
  investor: null,
  titleIt: 'Chiusura per festività',
  titleEn: 'Holiday closure',
  bodyIt: `Mercati chiusi l’8 dicembre. ${hostile}`,
  bodyEn: 'Markets are closed on 8 December.',
  dialog: true,
  publishAt: Date.UTC(2026, 11, 1, 8, 0),
  expireAt: null,
  withdrawnAt: null,
  state: 'live',
  reads: 12,
};
const page = (list: object[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const script = (more: Script = {}): Script => ({ '/admin/notices': () => page([notice]), ...more });
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the Notices screen', () => {
  it('lists notices with state, audience, dates and reads, showing markup as text', async () => {
    renderScreen(<NoticesScreen />, { route: '/notices', script: script() });
    const meta = await screen.findByTestId('notice-meta-7');
    expect(meta.textContent).toMatch(
      /^Pubblicato · per: Tutti · dal 01-12-2026.* al nessuna scadenza · letto da 12 · finestra$/,
    );
    const card = screen.getByTestId('notice-7');
    expect(card.textContent).toContain(hostile);
    expect(card.querySelector('img')).toBeNull();
  });

  it('publishes a notice in both languages for one investor, and keeps a refusal under the form (English)', async () => {
    const refusal = 'Enter the title in both languages (at most 120 characters).';
    let answer: () => { refuse: string } | { data: unknown } = () => ({ refuse: refusal });
    const s = renderScreen(<NoticesScreen />, {
      lang: 'en-US',
      role: 'support',
      route: '/notices',
      script: script({ '/admin/notices/save': () => answer() }),
    });
    fireEvent.click(await screen.findByTestId('notice-new'));
    fill('notice-title-en', 'Maintenance');
    fill('notice-body-it', 'Manutenzione domenica.');
    fill('notice-body-en', 'Maintenance on Sunday.');
    fill('notice-publish', '2026-12-06T09:30');
    fill('notice-investor', '42');
    fireEvent.click(screen.getByTestId('notice-save'));
    expect((await screen.findByTestId('notice-form-refusal')).textContent).toBe(refusal);
    answer = () => ({ data: { ...notice, id: 8, titleIt: 'Manutenzione', userId: 42, investor: 'U42' } });
    fill('notice-title-it', 'Manutenzione');
    fireEvent.click(screen.getByTestId('notice-save'));
    await waitFor(() => expect(s.notices()).toContain('Notice “Manutenzione” saved.'));
    const sent = s.calls('/admin/notices/save').map((c) => c.params);
    expect(sent[1]).toEqual({
      titleIt: 'Manutenzione',
      titleEn: 'Maintenance',
      bodyIt: 'Manutenzione domenica.',
      bodyEn: 'Maintenance on Sunday.',
      userId: '42',
      dialog: '0',
      publishAt: String(new Date('2026-12-06T09:30').getTime()),
    });
  });

  it('withdraws a notice; the platform’s own notices are read only', async () => {
    const s = renderScreen(<NoticesScreen />, {
      role: 'compliance',
      route: '/notices',
      script: script({
        '/admin/notices/withdraw': () => ({ data: { ...notice, state: 'withdrawn' } }),
      }),
    });
    fireEvent.click(await screen.findByTestId('notice-withdraw-7'));
    await waitFor(() => expect(s.notices()).toContain('Avviso «Chiusura per festività» ritirato.'));
    expect(s.calls('/admin/notices/withdraw').map((c) => c.params)).toEqual([{ id: '7' }]);
    fill('notice-source', 'event');
    await waitFor(() => expect(s.calls('/admin/notices').map((c) => c.params.source)).toContain('event'));
    expect(screen.queryByTestId('notice-new')).toBeNull();
    expect(screen.queryByTestId('notice-edit-7')).toBeNull();
  });
});
