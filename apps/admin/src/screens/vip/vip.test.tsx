import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../app/layout';
import { renderScreen, type Script } from '../../testing/screen-harness';
import VipScreen from './vip.route';

const plans = {
  list: [
    { id: 1, days: 30, price: '9.99', currency: 'EUR', active: true },
    { id: 2, days: 365, price: '89.00', currency: 'USD', active: false },
  ],
  trialDays: 7,
};
const note = {
  id: 5,
  kind: 'ipo',
  language: 'it-IT',
  title: 'IPO di Alfa S.p.A.: prezzo e domanda',
  body: 'Il range di prezzo è 4,20–4,80 €.\nLa domanda istituzionale è ampia.',
  author: 'Giulia Conti, CFA',
  publishedAt: Date.UTC(2026, 10, 24, 8, 15),
};
const notes = (list: object[] = [note]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const script = (more: Script = {}): Script => ({
  '/admin/vip/plans': () => ({ data: plans }),
  '/admin/vip/notes': () => notes(),
  ...more,
});
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the VIP screen', () => {
  it('lists the plans with their price and whether on sale, the trial, and the notes with author and date', async () => {
    renderScreen(<VipScreen />, { route: '/vip', script: script() });
    const cells = async (id: number) =>
      within(await screen.findByTestId(`plan-row-${id}`))
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent);
    expect(await cells(1)).toEqual(['30 giorni', '9,99 EUR', 'In vendita']);
    expect(await cells(2)).toEqual(['365 giorni', '89,00 USD', 'Ritirato']);
    expect(screen.getByTestId('trial-current').textContent).toBe(
      'La prova dura 7 giorni; ogni investitore può richiederla una volta.',
    );
    expect((await screen.findByTestId('note-meta-5')).textContent).toMatch(
      /^IPO · Italiano · Giulia Conti, CFA · 24-11-2026/,
    );
  });

  it('creates a plan of days, price and currency only: no perk touches leverage, fees or volumes', async () => {
    const s = renderScreen(<VipScreen />, {
      role: 'finance',
      route: '/vip',
      script: script({
        '/admin/vip/plans/save': () => ({
          data: { id: 3, days: 90, price: '1249.50', currency: 'EUR', active: true },
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId('plan-new'));
    const form = screen.getByTestId('plan-form');
    const fields = Array.from(form.querySelectorAll('input, select, textarea'), (f) =>
      f.getAttribute('data-testid'),
    );
    expect(fields).toEqual(['plan-days', 'plan-price', 'plan-currency', 'plan-active']);
    expect(form.textContent).not.toMatch(/leva|commission|margin|volum/i);
    fill('plan-days', '90');
    fill('plan-price', '1.249,50');
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Piano di 90 giorni a 1.249,50 EUR salvato.']));
    expect(s.calls('/admin/vip/plans/save').map((c) => c.params)).toEqual([
      { days: '90', price: '1249.50', currency: 'EUR', active: '1' },
    ]);
    // Finance prices plans; the trial is support's and the notes are support's and compliance's.
    expect(screen.queryByTestId('trial-form')).toBeNull();
    expect(screen.queryByTestId('notes-list')).toBeNull();
  });

  it('withdraws a plan from sale, sending it back whole, and keeps a refusal under the form (English)', async () => {
    const refusal = 'Enter the price with at most 2 decimals, above zero.';
    let answer: () => { refuse: string } | { data: unknown } = () => ({ refuse: refusal });
    const s = renderScreen(<VipScreen />, {
      lang: 'en-US',
      role: 'finance',
      route: '/vip',
      script: script({ '/admin/vip/plans/save': () => answer() }),
    });
    fireEvent.click(await screen.findByTestId('plan-edit-1'));
    expect((screen.getByTestId('plan-price') as HTMLInputElement).value).toBe('9.99');
    fill('plan-price', '0');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect((await screen.findByTestId('plan-refusal')).textContent).toBe(refusal);
    answer = () => ({ data: { ...plans.list[0], active: false } });
    fill('plan-price', '9.99');
    fireEvent.click(screen.getByTestId('plan-active'));
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(s.notices()).toContain('Plan of 30 days at 9.99 EUR saved.'));
    expect(s.calls('/admin/vip/plans/save').map((c) => c.params)).toEqual([
      { id: '1', days: '30', price: '0', currency: 'EUR', active: '1' },
      { id: '1', days: '30', price: '9.99', currency: 'EUR', active: '0' },
    ]);
  });

  it('sets the trial’s length (support)', async () => {
    const s = renderScreen(<VipScreen />, {
      role: 'support',
      route: '/vip',
      script: script({ '/admin/vip/trial': (p) => ({ data: { trialDays: Number(p.days) } }) }),
    });
    await screen.findByTestId('trial-form');
    expect(screen.queryByTestId('plan-new')).toBeNull();
    fill('trial-days', '14');
    fireEvent.click(screen.getByTestId('trial-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Prova gratuita di 14 giorni.']));
    expect(s.calls('/admin/vip/trial').map((c) => c.params)).toEqual([{ days: '14' }]);
    expect(screen.getByTestId('trial-current').textContent).toBe(
      'La prova dura 14 giorni; ogni investitore può richiederla una volta.',
    );
  });

  it('writes a note with its author (compliance sees no plans)', async () => {
    const s = renderScreen(<VipScreen />, {
      role: 'compliance',
      route: '/vip',
      script: script({
        '/admin/vip/notes': () => notes([]),
        '/admin/vip/notes/save': (p) => ({ data: { ...note, id: 6, title: p.title } }),
      }),
    });
    fireEvent.click(await screen.findByTestId('note-new'));
    expect(screen.queryByTestId('plans-table')).toBeNull();
    fill('note-kind', 'block');
    fill('note-language', 'en-US');
    fill('note-author', 'Marco Riva');
    fill('note-title', 'Block in ENI.MI');
    fill('note-body', 'A block of 2 million shares was placed at a 3% discount.');
    fireEvent.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Nota «Block in ENI.MI» salvata.']));
    expect(s.calls('/admin/vip/notes/save').map((c) => c.params)).toEqual([
      {
        kind: 'block',
        language: 'en-US',
        title: 'Block in ENI.MI',
        body: 'A block of 2 million shares was placed at a 3% discount.',
        author: 'Marco Riva',
      },
    ]);
    expect(screen.queryByTestId('note-form')).toBeNull();
  });

  it('edits a note, sending its id', async () => {
    const s = renderScreen(<VipScreen />, {
      role: 'support',
      route: '/vip',
      script: script({ '/admin/vip/notes/save': (p) => ({ data: { ...note, title: p.title } }) }),
    });
    fireEvent.click(await screen.findByTestId('note-edit-5'));
    expect((screen.getByTestId('note-author') as HTMLInputElement).value).toBe('Giulia Conti, CFA');
    fill('note-title', 'IPO di Alfa S.p.A.: prezzo fissato a 4,50 €');
    fireEvent.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(s.calls('/admin/vip/notes/save')).toHaveLength(1));
    expect(s.calls('/admin/vip/notes/save')[0]?.params).toEqual({
      id: '5',
      kind: 'ipo',
      language: 'it-IT',
      title: 'IPO di Alfa S.p.A.: prezzo fissato a 4,50 €',
      body: note.body,
      author: 'Giulia Conti, CFA',
    });
  });

  it('deletes a note only after a confirmation naming it', async () => {
    let list: object[] = [note];
    const s = renderScreen(<VipScreen />, {
      role: 'support',
      route: '/vip',
      script: script({
        '/admin/vip/notes': () => notes(list),
        '/admin/vip/notes/delete': (p) => {
          list = [];
          return { data: { id: Number(p.id) } };
        },
      }),
    });
    fireEvent.click(await screen.findByTestId('note-delete-5'));
    expect(screen.getByTestId('note-delete-text').textContent).toBe(
      'Eliminare la nota «IPO di Alfa S.p.A.: prezzo e domanda»? I membri non la vedranno più.',
    );
    expect(s.calls('/admin/vip/notes/delete')).toEqual([]);
    fireEvent.click(screen.getByTestId('note-delete-confirm'));
    await waitFor(() =>
      expect(s.notices()).toEqual(['Nota «IPO di Alfa S.p.A.: prezzo e domanda» eliminata.']),
    );
    expect(s.calls('/admin/vip/notes/delete').map((c) => c.params)).toEqual([{ id: '5' }]);
    await waitFor(() => expect(screen.queryByTestId('note-5')).toBeNull());
  });
});

describe('the Loans and VIP menu entries', () => {
  const entries = async (role: string) => {
    renderScreen(<Layout />, { role, route: '/', script: {} });
    await screen.findByTestId('signed-in-as');
    return ['nav-loans', 'nav-vip'].filter((id) => screen.queryByTestId(id) !== null);
  };

  it.each([
    ['finance', ['nav-loans', 'nav-vip']],
    ['compliance', ['nav-loans', 'nav-vip']],
    ['support', ['nav-vip']],
    ['admin', ['nav-loans', 'nav-vip']],
  ])('lists them for %s as the calls’ roles say', async (role, shown) => {
    expect(await entries(role)).toEqual(shown);
  });
});
