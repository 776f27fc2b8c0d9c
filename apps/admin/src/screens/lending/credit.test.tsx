import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import CreditScreen from './credit.$id.route';

const factors = [
  { key: 'identity', points: 25, limit: 25 },
  { key: 'tenure', points: 6, limit: 15 },
  { key: 'deposits', points: 8, limit: 20 },
  { key: 'repaidOnTime', points: 10, limit: 40 },
  { key: 'repaidLate', points: 0, limit: -20 },
  { key: 'overdue', points: -4, limit: -60 },
];
/** 25 + 6 + 8 + 10 − 4 = 45 from the factors. */
const score = (adjustment: number, history: object[] = []) => ({
  score: 45 + adjustment,
  band: 'risk',
  factors,
  adjustment,
  adjustments: history,
});
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the credit score and its adjustment', () => {
  it('shows each factor’s points out of its limit, the adjustment apart', async () => {
    renderScreen(<CreditScreen />, {
      route: '/credit/:id',
      path: '/credit/9',
      script: { '/admin/credit/score': () => ({ data: score(0) }) },
    });
    expect((await screen.findByTestId('credit-score')).textContent).toBe('45 su 100 A rischio');
    const rows = within(screen.getByTestId('credit-factors'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Identità verificata', '+25', '+25'],
      ['Anzianità del conto', '+6', '+15'],
      ['Depositi riusciti', '+8', '+20'],
      ['Prestiti rimborsati puntualmente', '+10', '+40'],
      ['Prestiti rimborsati in ritardo', '0', '−20'],
      ['Giorni di ritardo', '−4', '−60'],
      ['Rettifica dell’operatore', '0', '±50'],
    ]);
  });

  it('sets a negative adjustment with its reason, and shows the new score and the history', async () => {
    const reason = 'Ritardi segnalati dalla Centrale Rischi.';
    const s = renderScreen(<CreditScreen />, {
      route: '/credit/:id',
      path: '/credit/9',
      script: {
        '/admin/credit/score': () => ({ data: score(0) }),
        '/admin/credit/adjust': (p) => ({
          data: score(Number(p.adjustment), [
            { adjustment: Number(p.adjustment), reason: p.reason, createdAt: Date.UTC(2026, 10, 25, 10) },
          ]),
        }),
      },
    });
    await screen.findByTestId('credit-form');
    fill('credit-adjustment-input', '−10');
    fill('credit-reason', reason);
    fireEvent.click(screen.getByTestId('credit-submit'));
    await waitFor(() => expect(s.notices()).toEqual(['Rettifica −10: punteggio ora 35.']));
    expect(s.calls('/admin/credit/adjust').map((c) => c.params)).toEqual([
      { id: '9', adjustment: '-10', reason },
    ]);
    expect(screen.getByTestId('credit-score').textContent).toBe('35 su 100 A rischio');
    expect(screen.getByTestId('credit-adjustment').textContent).toBe('−10');
    const history = within(screen.getByTestId('credit-history')).getAllByRole('cell');
    expect(history.slice(0, 2).map((c) => c.textContent)).toEqual(['−10', reason]);
    expect((screen.getByTestId('credit-reason') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the server’s refusal under the form, with what was typed (English)', async () => {
    const refusal = 'Give a reason of at least 3 characters';
    renderScreen(<CreditScreen />, {
      lang: 'en-US',
      route: '/credit/:id',
      path: '/credit/9',
      script: {
        '/admin/credit/score': () => ({ data: score(0) }),
        '/admin/credit/adjust': () => ({ refuse: refusal }),
      },
    });
    await screen.findByTestId('credit-form');
    fill('credit-adjustment-input', '+5');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect((await screen.findByTestId('credit-refusal')).textContent).toBe(refusal);
    expect((screen.getByTestId('credit-adjustment-input') as HTMLInputElement).value).toBe('+5');
  });

  it('says "not yet rated" without a verified identity and some history', async () => {
    renderScreen(<CreditScreen />, {
      route: '/credit/:id',
      path: '/credit/9',
      script: {
        '/admin/credit/score': () => ({
          data: { score: null, band: null, factors, adjustment: 0, adjustments: [] },
        }),
      },
    });
    expect((await screen.findByTestId('credit-score')).textContent).toBe('Non ancora valutato');
  });
});
