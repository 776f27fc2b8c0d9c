import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import WithdrawalsScreen, { type WithdrawalRow } from './withdrawals.route';

const withdrawal: WithdrawalRow = {
  id: 9,
  orderNo: 'W202611230009',
  method: 'bank',
  asset: 'EUR',
  network: null,
  amount: '1200.00',
  fee: '2.50',
  destination: 'IT60X0542811101000000123456',
  destinationName: 'Mario Rossi',
  state: 'review',
  reason: null,
  createdAt: Date.UTC(2026, 10, 23, 9, 0),
  updatedAt: Date.UTC(2026, 10, 23, 9, 0),
  userId: 42,
  displayId: 'IN36520182042',
  account: 'mario@piazza.test',
};

const page = (list: WithdrawalRow[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

describe('the withdrawal queue', () => {
  it('takes one investor’s withdrawal into payment, then marks it paid (Italian)', async () => {
    let row = withdrawal;
    const later = (state: WithdrawalRow['state'], minutes: number) => {
      row = { ...withdrawal, state, updatedAt: withdrawal.updatedAt + minutes * 60_000 };
      return { data: row };
    };
    const script: Script = {
      '/admin/funding/withdrawals': () => page([row]),
      '/admin/funding/withdrawal/process': () => later('processing', 1),
      '/admin/funding/withdrawal/approve': () => later('success', 2),
    };
    const s = renderScreen(<WithdrawalsScreen />, {
      role: 'finance',
      script,
      route: '/withdrawals',
      path: '/withdrawals?userId=42',
    });
    const line = await screen.findByTestId('withdrawal-row-9');
    expect(s.calls('/admin/funding/withdrawals')[0]?.params).toEqual({ page: '1', size: '20', userId: '42' });
    expect((screen.getByTestId('withdrawals-user') as HTMLInputElement).value).toBe('42');
    expect(line.textContent).toContain('Conto bancario');
    expect(line.textContent).toContain('1.200,00 EUR');

    // A click anywhere on the row opens it.
    fireEvent.click(line);
    const detail = await screen.findByTestId('withdrawal-detail');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('Prelievo W202611230009');
    expect(screen.getByTestId('withdrawal-destination').textContent).toBe(
      'IT60 X054 2811 1010 0000 0123 456',
    );
    // What is paid, what it cost, and what left the balance: amount plus fee.
    expect(detail.textContent).toContain('Commissione2,50 EUR');
    expect(detail.textContent).toContain('Addebitato sul saldo1.202,50 EUR');

    fireEvent.click(await screen.findByRole('button', { name: 'Segna come in pagamento' }));
    await waitFor(() => expect(s.notices()).toEqual(['Il prelievo W202611230009 è ora in corso.']));
    expect(s.calls('/admin/funding/withdrawal/process').map((c) => c.params)).toEqual([{ id: '9' }]);
    await waitFor(() => expect(screen.queryByTestId('withdrawal-process')).toBeNull());
    expect(screen.getByTestId('withdrawal-amount').textContent).toBe('1.200,00 EUR In corso');

    fireEvent.click(screen.getByRole('button', { name: 'Paga' }));
    expect(screen.getByTestId('withdrawal-confirm-box').textContent).toContain(
      'Hai inviato 1.200,00 EUR a Mario Rossi, IT60 X054 2811 1010 0000 0123 456?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Conferma il pagamento' }));
    await waitFor(() => expect(s.notices()).toContain('1.200,00 EUR pagati a IN36520182042.'));
    expect(s.calls('/admin/funding/withdrawal/approve').map((c) => c.params)).toEqual([
      { id: '9', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    // Decided: the row says so and no decision is offered any more.
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-amount').textContent).toBe('1.200,00 EUR Riuscito'),
    );
    expect(screen.queryByTestId('withdrawal-pay')).toBeNull();
    expect(screen.queryByTestId('withdrawal-reject')).toBeNull();
  });

  it('shows the server’s refusal of a rejection and keeps the reason typed (English)', async () => {
    const s = renderScreen(<WithdrawalsScreen />, {
      role: 'finance',
      lang: 'en-US',
      script: {
        '/admin/funding/withdrawals': () => page([withdrawal]),
        '/admin/funding/withdrawal/reject': () => ({ refuse: 'This withdrawal has already been paid' }),
      },
      route: '/withdrawals',
      path: '/withdrawals?state=review',
    });
    expect((await screen.findByTestId('withdrawal-row-9')).textContent).toContain('1,200.00 EUR');
    fireEvent.click(screen.getByTestId('withdrawal-open-9'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(screen.getByTestId('withdrawal-reject-reason'), {
      target: { value: 'The IBAN belongs to someone else' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the rejection' }));
    await waitFor(() => expect(s.notices()).toEqual(['This withdrawal has already been paid']));
    expect(s.calls('/admin/funding/withdrawal/reject').map((c) => c.params)).toEqual([
      { id: '9', reason: 'The IBAN belongs to someone else', requestId: expect.any(String) },
    ]);
    expect((screen.getByTestId('withdrawal-reject-reason') as HTMLTextAreaElement).value).toBe(
      'The IBAN belongs to someone else',
    );
    expect(screen.getByTestId('withdrawal-amount').textContent).toBe('1,200.00 EUR Under review');
  });
});
