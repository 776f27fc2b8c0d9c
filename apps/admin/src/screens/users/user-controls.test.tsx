import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { CreditScoreForm } from './user-credit-score-form';
import { LoanLimitForm } from './user-loan-limit-form';

type Controls = Parameters<typeof LoanLimitForm>[0]['controls'];

const controls: Controls = {
  userId: 42,
  idStatus: 'succ',
  creditScore: 60,
  hni: { status: 'none', reason: null, appliedAt: null },
  loanLimit: '0.00',
  vipStrategy: 0,
  openAutoApply: 0,
  scoreChanges: [],
};

function Forms() {
  const [c, setC] = useState<Controls>(controls);
  return (
    <>
      <LoanLimitForm controls={c} onChanged={setC} />
      <CreditScoreForm controls={c} onChanged={setC} />
    </>
  );
}

describe('an investor’s credit controls', () => {
  it('sets the loan limit and then the credit score, each shown at once (Italian)', async () => {
    const s = renderScreen(<Forms />, {
      role: 'finance',
      script: {
        '/admin/user/loanlimit': (p) => ({ data: { ...controls, loanLimit: Number(p.amount).toFixed(2) } }),
        '/admin/user/score': (p) => ({
          data: {
            ...controls,
            loanLimit: '2500.00',
            creditScore: Number(p.score),
            scoreChanges: [
              {
                before: 60,
                after: Number(p.score),
                reason: p.reason ?? '',
                operator: 'finance@piazza.local',
                createdAt: 1,
              },
            ],
          },
        }),
      },
    });
    expect(screen.getByTestId('loan-current').textContent).toContain('0,00');
    fireEvent.change(screen.getByTestId('loan-input'), { target: { value: '2500' } });
    fireEvent.change(screen.getByTestId('loan-reason'), { target: { value: 'Reddito verificato' } });
    fireEvent.click(screen.getByTestId('loan-submit'));
    await waitFor(() => expect(s.notices()).toEqual(['Limite di prestito impostato a € 2.500,00.']));
    await waitFor(() => expect(screen.getByTestId('loan-current').textContent).toContain('2.500,00'));

    fireEvent.change(screen.getByTestId('score-input'), { target: { value: '72' } });
    fireEvent.change(screen.getByTestId('score-reason'), { target: { value: 'Storico dei rimborsi' } });
    fireEvent.click(screen.getByTestId('score-submit'));
    await waitFor(() => expect(s.notices()).toContain('Punteggio di credito impostato a 72.'));
    expect(s.calls('/admin/user/loanlimit').map((c) => c.params)).toEqual([
      { id: '42', amount: '2500', reason: 'Reddito verificato' },
    ]);
    expect(s.calls('/admin/user/score').map((c) => c.params)).toEqual([
      { id: '42', score: '72', reason: 'Storico dei rimborsi' },
    ]);
  });

  it('shows a refusal of the loan limit and keeps what was typed (English)', async () => {
    const s = renderScreen(<Forms />, {
      role: 'finance',
      lang: 'en-US',
      script: { '/admin/user/loanlimit': () => ({ refuse: 'Loan limit: an amount in euros, e.g. 2500.00' }) },
    });
    fireEvent.change(screen.getByTestId('loan-input'), { target: { value: '2500,5x' } });
    fireEvent.change(screen.getByTestId('loan-reason'), { target: { value: 'Verified income' } });
    fireEvent.click(screen.getByTestId('loan-submit'));
    await waitFor(() => expect(s.notices()).toEqual(['Loan limit: an amount in euros, e.g. 2500.00']));
    expect((screen.getByTestId('loan-input') as HTMLInputElement).value).toBe('2500,5x');
    expect(screen.getByTestId('loan-current').textContent).toContain('0.00');
  });
});
