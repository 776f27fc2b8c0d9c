import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { WithdrawalDetail } from './withdrawals-detail';

type Row = Parameters<typeof WithdrawalDetail>[0]['withdrawal'];

const withdrawal: Row = {
  id: 9,
  orderNo: 'W202611230009',
  method: 'bank',
  asset: 'EUR',
  network: null,
  amount: '1200.00',
  fee: '2.00',
  destination: 'IT60X0542811101000000123456',
  destinationName: 'Mario Rossi',
  state: 'processing',
  reason: null,
  createdAt: Date.UTC(2026, 10, 23, 9, 0),
  updatedAt: Date.UTC(2026, 10, 23, 9, 0),
  userId: 42,
  displayId: 'IN36520182042',
  account: 'mario@piazza.test',
};

function Detail() {
  const [row, setRow] = useState<Row>(withdrawal);
  return <WithdrawalDetail withdrawal={row} onChange={setRow} />;
}

describe('a withdrawal’s decision', () => {
  it('is marked paid after a confirmation naming amount and destination (Italian)', async () => {
    const s = renderScreen(<Detail />, {
      role: 'finance',
      script: {
        '/admin/funding/withdrawal/approve': () => ({ data: { ...withdrawal, state: 'success' } }),
      },
    });
    fireEvent.click(await screen.findByTestId('withdrawal-pay'));
    expect(screen.getByTestId('withdrawal-confirm-box').textContent).toContain(
      'Hai inviato 1.200,00 EUR a Mario Rossi',
    );
    fireEvent.click(screen.getByTestId('withdrawal-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['1.200,00 EUR pagati a IN36520182042.']));
    expect(s.calls('/admin/funding/withdrawal/approve')[0]?.params).toMatchObject({ id: '9' });
    await waitFor(() => expect(screen.queryByTestId('withdrawal-pay')).toBeNull());
  });

  it('is rejected with its reason, the refund said (English)', async () => {
    const s = renderScreen(<Detail />, {
      role: 'finance',
      lang: 'en-US',
      script: {
        '/admin/funding/withdrawal/reject': (p) => ({
          data: { ...withdrawal, state: 'fail', reason: p.reason ?? null },
        }),
      },
    });
    fireEvent.click(await screen.findByTestId('withdrawal-reject'));
    fireEvent.change(screen.getByTestId('withdrawal-reject-reason'), { target: { value: 'IBAN closed' } });
    fireEvent.click(screen.getByTestId('withdrawal-reject-confirm'));
    await waitFor(() =>
      expect(s.notices()).toEqual([
        'Withdrawal W202611230009 rejected; the amount and the fee are back on the account.',
      ]),
    );
    expect(s.calls('/admin/funding/withdrawal/reject')[0]?.params).toMatchObject({
      id: '9',
      reason: 'IBAN closed',
    });
  });
});
