import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import LoansScreen from './loans.route';

/** €1.000 for 30 days at a TAN of 12%: 9,86 € of interest, TAEG 12,7% (decision 035's example). */
const loan = {
  id: 41,
  userId: 9,
  investor: 'IN3652018200009',
  state: 'review',
  ending: null,
  currency: 'EUR',
  amount: '1000.00',
  days: 30,
  tan: '12.00',
  taeg: '12.7',
  purpose: 'Riparazione dell’auto',
  monthlyIncome: '2400.00',
  employment: 'employed',
  createdAt: Date.UTC(2026, 10, 24, 9, 30),
  disbursedAt: null,
  repaymentDate: null,
  withdrawalUntil: null,
  daysBorrowed: 0,
  interestToDate: '0.00',
  owedToday: '0.00',
  repaymentAmount: '1009.86',
  repaidAmount: null,
  repaidAt: null,
  rejectReason: null,
  secci: {
    currency: 'EUR',
    amount: '1000.00',
    days: 30,
    tan: '12.00',
    taeg: '12.7',
    totalInterest: '9.86',
    totalCost: '9.86',
    totalRepayable: '1009.86',
    dailyInterest: '0.32',
    repaymentDate: '2026-12-25',
    withdrawalDays: 14,
    withdrawalUntil: '2026-12-09',
  },
  schedule: [],
};
/** The same loan 20 days after disbursement, repaid in full: 1.006,57 € set aside (⌊1000 × 12% × 20 / 365⌋). */
const repaying = {
  ...loan,
  state: 'repaying',
  ending: 'repayment',
  disbursedAt: Date.UTC(2026, 10, 4, 10),
  repaymentDate: '2026-12-04',
  withdrawalUntil: '2026-11-18',
  daysBorrowed: 20,
  interestToDate: '6.57',
  repaidAmount: '1006.57',
};
const score = {
  score: 49,
  band: 'risk',
  factors: [
    { key: 'identity', points: 25, limit: 25 },
    { key: 'tenure', points: 0, limit: 15 },
    { key: 'deposits', points: 4, limit: 20 },
    { key: 'repaidOnTime', points: 0, limit: 40 },
    { key: 'repaidLate', points: 0, limit: -20 },
    { key: 'overdue', points: 0, limit: -60 },
  ],
  adjustment: 20,
  adjustments: [],
};
const page = (list: object[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const queue = (list: object[], more: Script = {}): Script => ({
  '/admin/loans': () => page(list),
  '/admin/credit/score': () => ({ data: score }),
  ...more,
});
const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const facts = (testId: string) =>
  Object.fromEntries(
    within(screen.getByTestId(testId))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('the loans queue', () => {
  it('opens on the loans under review, and shows what the investor declared and the SECCI', async () => {
    const s = renderScreen(<LoansScreen />, { route: '/loans', script: queue([loan]) });
    await screen.findByTestId('loan-row-41');
    expect(s.calls('/admin/loans')[0]?.params).toEqual({ page: '1', size: '20', state: 'review' });
    expect(cells('loan-row-41')).toEqual([
      '#41',
      'IN3652018200009',
      '1.000,00 EUR',
      '30',
      '12,00% / 12,7%',
      'In revisione',
      expect.stringMatching(/^24-11-2026/),
    ]);
    fireEvent.click(screen.getByTestId('loan-open-41'));
    expect(facts('loan-declared')).toEqual({
      Scopo: 'Riparazione dell’auto',
      'Reddito mensile': '2.400,00 EUR',
      'Condizione lavorativa': 'Dipendente',
    });
    expect(facts('loan-secci')).toMatchObject({
      TAN: '12,00%',
      TAEG: '12,7%',
      'Costo totale del credito': '9,86 EUR',
      'Importo totale dovuto': '1.009,86 EUR',
      'Interessi giornalieri': '0,32 EUR',
      'Diritto di recesso': '14 giorni',
    });
    // The investor's computed score sits beside the application, the operator's adjustment apart.
    expect((await screen.findByTestId('credit-score')).textContent).toBe('49 su 100 A rischio');
    expect(screen.getByTestId('credit-adjustment').textContent).toBe('+20');
  });

  it('lists another state when the operator picks it', async () => {
    const s = renderScreen(<LoansScreen />, { route: '/loans', script: queue([repaying]) });
    fireEvent.change(await screen.findByTestId('loans-state'), { target: { value: 'repaying' } });
    await waitFor(() => expect(s.calls('/admin/loans').at(-1)?.params.state).toBe('repaying'));
    fireEvent.change(screen.getByTestId('loans-state'), { target: { value: 'all' } });
    await waitFor(() => expect(s.calls('/admin/loans').at(-1)?.params).toEqual({ page: '1', size: '20' }));
  });

  it('approves only after a confirmation naming the amount and the investor, and says it disbursed', async () => {
    const s = renderScreen(<LoansScreen />, {
      route: '/loans',
      script: queue([loan], {
        '/admin/loans/approve': () => ({
          data: { ...loan, state: 'active', disbursedAt: Date.UTC(2026, 10, 25, 10) },
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId('loan-open-41'));
    fireEvent.click(screen.getByTestId('loan-approve'));
    expect(screen.getByTestId('loan-confirm-text').textContent).toBe(
      'Erogare 1.000,00 EUR a IN3652018200009 per 30 giorni? L’importo arriva subito sul suo conto EUR.',
    );
    expect(s.calls('/admin/loans/approve')).toEqual([]);
    fireEvent.click(screen.getByTestId('loan-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['1.000,00 EUR erogati a IN3652018200009.']));
    expect(s.calls('/admin/loans/approve').map((c) => c.params)).toEqual([{ id: '41' }]);
    // The scripted list still has the loan under review, as a list fetched before the decision would: the
    // server's answer to the decision is what stays open.
    expect(screen.getByTestId('loan-state').textContent).toBe('In corso');
    expect(screen.queryByTestId('loan-approve')).toBeNull();
  });

  it('keeps the server’s refusal of an approval under the confirmation (English)', async () => {
    const refusal =
      'The amount is above the investor’s loan limit of 500.00 EUR now: reject it or raise the limit.';
    const s = renderScreen(<LoansScreen />, {
      lang: 'en-US',
      route: '/loans',
      script: queue([loan], { '/admin/loans/approve': () => ({ refuse: refusal }) }),
    });
    fireEvent.click(await screen.findByTestId('loan-open-41'));
    fireEvent.click(screen.getByTestId('loan-approve'));
    expect(screen.getByTestId('loan-confirm-text').textContent).toBe(
      'Disburse 1,000.00 EUR to IN3652018200009 for 30 days? The amount reaches their EUR account at once.',
    );
    fireEvent.click(screen.getByTestId('loan-confirm'));
    expect((await screen.findByTestId('loan-refusal')).textContent).toBe(refusal);
    expect(s.notices()).toEqual([refusal]);
    expect(screen.getByTestId('loan-confirm-box')).toBeTruthy();
    expect(screen.getByTestId('loan-state').textContent).toBe('Under review');
  });

  it('rejects only with a reason, which reaches the wire as typed', async () => {
    const reason = 'Reddito non sufficiente per la rata.';
    const s = renderScreen(<LoansScreen />, {
      route: '/loans',
      script: queue([loan], {
        '/admin/loans/reject': (p) => ({ data: { ...loan, state: 'rejected', rejectReason: p.reason } }),
      }),
    });
    fireEvent.click(await screen.findByTestId('loan-open-41'));
    fireEvent.click(screen.getByTestId('loan-reject'));
    fireEvent.click(screen.getByTestId('loan-reject-confirm'));
    expect(screen.getByTestId('loan-reject-hint').textContent).toBe(
      'Scrivi il motivo che l’investitore leggerà (almeno 3 caratteri).',
    );
    fireEvent.change(screen.getByTestId('loan-reject-reason'), { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('loan-reject-confirm'));
    expect(s.calls('/admin/loans/reject')).toEqual([]);
    fireEvent.change(screen.getByTestId('loan-reject-reason'), { target: { value: `  ${reason} ` } });
    fireEvent.click(screen.getByTestId('loan-reject-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['Prestito n. 41 di IN3652018200009 rifiutato.']));
    expect(s.calls('/admin/loans/reject').map((c) => c.params)).toEqual([{ id: '41', reason }]);
    expect(screen.getByTestId('loan-state').textContent).toBe('Rifiutato');
    expect(facts('loan-terms')['Motivo del rifiuto']).toBe(reason);
  });

  it('confirms a repayment after naming the amount set aside', async () => {
    const s = renderScreen(<LoansScreen />, {
      route: '/loans',
      path: '/loans?state=repaying',
      script: queue([repaying], {
        '/admin/loans/repayment/confirm': () => ({
          data: { ...repaying, state: 'repaid', repaidAt: Date.UTC(2026, 10, 25, 11) },
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId('loan-open-41'));
    expect(facts('loan-terms')).toMatchObject({
      'Giorni di utilizzo': '20',
      'Interessi a oggi': '6,57 EUR',
      Chiusura: 'Rimborso',
      'Importo rimborsato': '1.006,57 EUR',
    });
    expect(screen.queryByTestId('loan-approve')).toBeNull();
    fireEvent.click(screen.getByTestId('loan-confirm-repayment'));
    expect(screen.getByTestId('loan-confirm-text').textContent).toBe(
      'Confermare il rimborso di 1.006,57 EUR da parte di IN3652018200009 (Rimborso)? L’importo accantonato chiude il prestito.',
    );
    fireEvent.click(screen.getByTestId('loan-confirm'));
    await waitFor(() =>
      expect(s.notices()).toEqual(['Rimborso di 1.006,57 EUR da IN3652018200009 confermato.']),
    );
    expect(s.calls('/admin/loans/repayment/confirm').map((c) => c.params)).toEqual([{ id: '41' }]);
    expect(screen.getByTestId('loan-state').textContent).toBe('Rimborsato');
  });

  it('shows compliance the loan and no decision', async () => {
    renderScreen(<LoansScreen />, { role: 'compliance', route: '/loans', script: queue([loan]) });
    fireEvent.click(await screen.findByTestId('loan-open-41'));
    await screen.findByTestId('credit-score');
    expect(screen.queryByTestId('loan-approve')).toBeNull();
    expect(screen.queryByTestId('loan-reject')).toBeNull();
    expect(screen.queryByTestId('credit-form')).toBeNull();
  });
});
