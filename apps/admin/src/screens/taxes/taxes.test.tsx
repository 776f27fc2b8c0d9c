import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import TaxesScreen from './taxes.route';

const totals = { '/admin/tax/totals': () => ({ data: { list: [] } }) };
const eni = { symbol: 'ENI.MI', name: 'Eni', year: 2026 };
const saipem = { symbol: 'SPM.MI', name: 'Saipem', year: 2026 };

describe('the taxes screen', () => {
  it('switches an investor to the regime dichiarativo after a refused reason, and shows it', async () => {
    let answer: () => { refuse: string } | { data: unknown } = () => ({
      refuse: 'Scrivi il motivo (almeno 3 caratteri).',
    });
    const s = renderScreen(<TaxesScreen />, {
      role: 'compliance',
      script: {
        ...totals,
        '/admin/tax/exempt': () => ({ data: { list: [] } }),
        '/admin/tax/regime': () => ({
          data: { userId: 42, regime: 'amministrato', setAt: null, reason: null },
        }),
        '/admin/tax/regime/set': () => answer(),
      },
    });
    fireEvent.change(screen.getByTestId('tax-regime-user'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('tax-regime-load'));
    expect((await screen.findByTestId('tax-regime-now')).textContent).toContain(
      'Regime attuale: Amministrato',
    );

    fireEvent.change(screen.getByTestId('tax-regime-reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('tax-regime-switch'));
    fireEvent.click(await screen.findByTestId('tax-regime-confirm'));
    expect((await screen.findByTestId('tax-regime-save-refusal')).textContent).toContain(
      'almeno 3 caratteri',
    );

    answer = () => ({
      data: {
        userId: 42,
        regime: 'dichiarativo',
        setAt: Date.UTC(2026, 10, 29, 9, 0),
        reason: 'Richiesta scritta',
      },
    });
    fireEvent.change(screen.getByTestId('tax-regime-reason'), { target: { value: 'Richiesta scritta' } });
    fireEvent.click(screen.getByTestId('tax-regime-switch'));
    fireEvent.click(await screen.findByTestId('tax-regime-confirm'));
    await waitFor(() => expect(s.notices()).toContain('L’investitore 42 è ora in regime Dichiarativo.'));
    expect(s.calls('/admin/tax/regime/set').map((c) => c.params)).toEqual([
      { userId: '42', regime: 'dichiarativo', reason: 'x' },
      { userId: '42', regime: 'dichiarativo', reason: 'Richiesta scritta' },
    ]);
    expect(screen.getByTestId('tax-regime-now').textContent).toContain('Regime attuale: Dichiarativo');
    // The next switch offers the way back.
    expect(screen.getByTestId('tax-regime-switch').textContent).toBe('Passa a Amministrato');
  });

  it('adds a share to the Tobin-tax exempt list of 2026 and removes another (English)', async () => {
    let exempt = [eni];
    const s = renderScreen(<TaxesScreen />, {
      lang: 'en-US',
      role: 'compliance',
      script: {
        ...totals,
        '/admin/tax/exempt': () => ({ data: { list: exempt } }),
        '/admin/tax/exempt/add': () => {
          exempt = [eni, saipem];
          return { data: { list: exempt } };
        },
        '/admin/tax/exempt/remove': () => {
          exempt = [saipem];
          return { data: { list: exempt } };
        },
      },
    });
    fireEvent.change(screen.getByTestId('tax-exempt-year'), { target: { value: '2026' } });
    await screen.findByTestId('tax-exempt-ENI.MI');
    fireEvent.change(screen.getByTestId('tax-exempt-symbol'), { target: { value: 'spm.mi' } });
    fireEvent.click(screen.getByTestId('tax-exempt-add'));
    await waitFor(() => expect(s.notices()).toContain('SPM.MI is exempt in 2026.'));
    expect(s.calls('/admin/tax/exempt/add').map((c) => c.params)).toEqual([
      { symbol: 'spm.mi', year: '2026' },
    ]);
    expect(within(screen.getByTestId('tax-exempt-SPM.MI')).getAllByRole('cell')[1]?.textContent).toBe(
      'Saipem',
    );

    fireEvent.click(within(screen.getByTestId('tax-exempt-ENI.MI')).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('tax-exempt-ENI.MI')).toBeNull());
    expect(s.calls('/admin/tax/exempt/remove').map((c) => c.params)).toEqual([
      { symbol: 'ENI.MI', year: '2026' },
    ]);
  });

  it('shows a support operator the regime without the switch', async () => {
    renderScreen(<TaxesScreen />, {
      role: 'support',
      script: {
        ...totals,
        '/admin/tax/exempt': () => ({ data: { list: [] } }),
        '/admin/tax/regime': () => ({
          data: { userId: 7, regime: 'dichiarativo', setAt: Date.UTC(2026, 0, 5, 9, 0), reason: 'Richiesta' },
        }),
      },
    });
    fireEvent.change(screen.getByTestId('tax-regime-user'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('tax-regime-load'));
    expect((await screen.findByTestId('tax-regime-now')).textContent).toContain('Dichiarativo');
    expect(screen.queryByTestId('tax-regime-switch')).toBeNull();
  });
});
