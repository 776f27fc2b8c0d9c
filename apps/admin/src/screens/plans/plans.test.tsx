import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import PlanTermsScreen from './plans.route';

const list = [
  {
    symbol: 'MWRD.MI',
    name: 'Amundi Core MSCI World',
    kind: 'stock',
    planFee: '0.00',
    fractional: false,
    plans: 3,
  },
  { symbol: 'ENI.MI', name: 'Eni', kind: 'stock', planFee: '1.50', fractional: true, plans: 0 },
];

describe('the savings plans terms screen', () => {
  it('lists each instrument with its plan fee, fractions and active plans', async () => {
    renderScreen(<PlanTermsScreen />, {
      route: '/plans',
      script: { '/admin/plan/terms': () => ({ data: { list } }) },
    });
    const row = await screen.findByTestId('plans-row-ENI.MI');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((c) => c.textContent),
    ).toEqual(['1,50 EUR', 'Sì', '0']);
  });

  it('sets a fee and fractions after a refusal, and the row shows them (English)', async () => {
    let answer: () => { refuse: string } | { data: unknown } = () => ({
      refuse: 'Enter the plan fee in euros with at most 2 decimals (zero for none), at most 100.',
    });
    const s = renderScreen(<PlanTermsScreen />, {
      lang: 'en-US',
      route: '/plans',
      script: {
        '/admin/plan/terms': () => ({ data: { list } }),
        '/admin/plan/terms/save': () => answer(),
      },
    });
    fireEvent.click(await screen.findByTestId('plans-edit-MWRD.MI'));
    fireEvent.change(screen.getByTestId('plans-fee'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('plans-save'));
    expect((await screen.findByTestId('plans-refusal')).textContent).toContain('at most 100');
    answer = () => ({ data: { ...list[0], planFee: '1.25', fractional: true } });
    fireEvent.change(screen.getByTestId('plans-fee'), { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('plans-fractional'));
    fireEvent.click(screen.getByTestId('plans-save'));
    await waitFor(() => expect(s.notices()).toContain('Terms of MWRD.MI saved'));
    expect(s.calls('/admin/plan/terms/save').map((c) => c.params)).toEqual([
      { symbol: 'MWRD.MI', planFee: '250', fractional: '0' },
      { symbol: 'MWRD.MI', planFee: '1.25', fractional: '1' },
    ]);
    const row = screen.getByTestId('plans-row-MWRD.MI');
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('1.25 EUR');
  });
});
