import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import LoanRatesScreen from './loans.rates.route';

const table = [
  { days: 30, rate: '12.00' },
  { days: 90, rate: '10.50' },
];
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the loan rate table', () => {
  it('lists each row as "up to N days" with its TAN', async () => {
    renderScreen(<LoanRatesScreen />, {
      route: '/loans/rates',
      script: { '/admin/loans/rates': () => ({ data: { list: table } }) },
    });
    const row = await screen.findByTestId('rate-row-90');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['fino a 90 giorni', '10,50%']);
  });

  it('adds a row typed the Italian way, after a confirmation naming it', async () => {
    const s = renderScreen(<LoanRatesScreen />, {
      route: '/loans/rates',
      script: {
        '/admin/loans/rates': () => ({ data: { list: table } }),
        '/admin/loans/rates/save': () => ({ data: { list: [...table, { days: 180, rate: '9.75' }] } }),
      },
    });
    fireEvent.click(await screen.findByTestId('rate-new'));
    fill('rate-days', '180');
    fill('rate-tan', '9,75');
    fireEvent.click(screen.getByTestId('rate-review'));
    expect(screen.getByTestId('rate-confirm-text').textContent).toBe(
      'Aggiungere la riga: prestiti fino a 180 giorni al TAN 9,75%?',
    );
    expect(s.calls('/admin/loans/rates/save')).toEqual([]);
    fireEvent.click(screen.getByTestId('rate-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Prestiti fino a 180 giorni: TAN 9,75%.']));
    expect(s.calls('/admin/loans/rates/save').map((c) => c.params)).toEqual([{ days: '180', rate: '9.75' }]);
    expect(screen.getByTestId('rate-row-180')).toBeTruthy();
    expect(screen.queryByTestId('rate-form')).toBeNull();
  });

  it('changes a row’s TAN with its days fixed, and keeps the refusal under the form (English)', async () => {
    const refusal = 'The TAN is a percentage from 0 to 30 with at most 2 decimals.';
    let answer: () => { refuse: string } | { data: unknown } = () => ({ refuse: refusal });
    const s = renderScreen(<LoanRatesScreen />, {
      lang: 'en-US',
      route: '/loans/rates',
      script: {
        '/admin/loans/rates': () => ({ data: { list: table } }),
        '/admin/loans/rates/save': () => answer(),
      },
    });
    fireEvent.click(await screen.findByTestId('rate-edit-30'));
    expect(screen.getByTestId('rate-days').hasAttribute('readonly')).toBe(true);
    expect((screen.getByTestId('rate-tan') as HTMLInputElement).value).toBe('12.00');
    fill('rate-tan', '35');
    fireEvent.click(screen.getByTestId('rate-review'));
    expect(screen.getByTestId('rate-confirm-text').textContent).toBe(
      'Loans up to 30 days go from a TAN of 12.00% to 35%. Confirm?',
    );
    fireEvent.click(screen.getByTestId('rate-save'));
    expect((await screen.findByTestId('rate-refusal')).textContent).toBe(refusal);
    expect((screen.getByTestId('rate-tan') as HTMLInputElement).value).toBe('35');
    answer = () => ({ data: { list: [{ days: 30, rate: '11.25' }, table[1]] } });
    fill('rate-tan', '11.25');
    fireEvent.click(screen.getByTestId('rate-review'));
    fireEvent.click(screen.getByTestId('rate-save'));
    await waitFor(() => expect(s.notices()).toContain('Loans up to 30 days: TAN 11.25%.'));
    expect(s.calls('/admin/loans/rates/save').map((c) => c.params)).toEqual([
      { days: '30', rate: '35' },
      { days: '30', rate: '11.25' },
    ]);
  });

  it('deletes a row only after a confirmation', async () => {
    const s = renderScreen(<LoanRatesScreen />, {
      route: '/loans/rates',
      script: {
        '/admin/loans/rates': () => ({ data: { list: table } }),
        '/admin/loans/rates/delete': () => ({ data: { list: [table[1]] } }),
      },
    });
    fireEvent.click(await screen.findByTestId('rate-delete-30'));
    expect(screen.getByTestId('rate-delete-text').textContent).toBe(
      'Eliminare la riga dei prestiti fino a 30 giorni (TAN 12,00%)? I prestiti aperti tengono il loro tasso.',
    );
    expect(s.calls('/admin/loans/rates/delete')).toEqual([]);
    fireEvent.click(screen.getByTestId('rate-delete-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['Riga di 30 giorni eliminata.']));
    expect(s.calls('/admin/loans/rates/delete').map((c) => c.params)).toEqual([{ days: '30' }]);
    expect(screen.queryByTestId('rate-row-30')).toBeNull();
  });

  it('shows compliance the table without a control', async () => {
    renderScreen(<LoanRatesScreen />, {
      role: 'compliance',
      route: '/loans/rates',
      script: { '/admin/loans/rates': () => ({ data: { list: table } }) },
    });
    await screen.findByTestId('rate-row-30');
    expect(screen.queryByTestId('rate-new')).toBeNull();
    expect(screen.queryByTestId('rate-edit-30')).toBeNull();
    expect(screen.queryByTestId('rate-delete-30')).toBeNull();
  });
});
