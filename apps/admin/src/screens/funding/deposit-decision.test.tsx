import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import { DepositDetail } from './deposits-detail';

const deposit = {
  id: 7,
  orderNo: 'D202611230007',
  channelId: 1,
  channelName: 'Bonifico SEPA',
  kind: 'bank',
  asset: 'EUR',
  network: null,
  amount: '5000.00',
  state: 'review',
  utr: 'TRN-123',
  receiptId: null,
  reason: null,
  createdAt: Date.UTC(2026, 10, 23, 9, 0),
  updatedAt: Date.UTC(2026, 10, 23, 9, 0),
  userId: 42,
  displayId: 'IN36520182042',
  account: 'mario@piazza.test',
} as const;

type Row = Parameters<typeof DepositDetail>[0]['deposit'];

function Detail() {
  const [row, setRow] = useState<Row>(deposit);
  return <DepositDetail deposit={row} onChange={setRow} />;
}

describe('a deposit’s decision', () => {
  it('credits after a confirmation, and a retry after a refusal repeats the same request (Italian)', async () => {
    let tries = 0;
    const s = renderScreen(<Detail />, {
      role: 'finance',
      script: {
        '/admin/funding/deposit/approve': () =>
          ++tries === 1
            ? { refuse: 'Richiesta già in corso' }
            : { data: { ...deposit, state: 'success', entryId: '91' } },
      },
    });
    fireEvent.click(await screen.findByTestId('deposit-approve'));
    expect(screen.getByTestId('deposit-confirm-box').textContent).toContain(
      'Accreditare 5.000,00 EUR a IN36520182042, ricevuti tramite Bonifico SEPA?',
    );
    fireEvent.click(screen.getByTestId('deposit-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['Richiesta già in corso']));
    fireEvent.click(screen.getByTestId('deposit-confirm'));
    await waitFor(() => expect(s.notices()).toContain('5.000,00 EUR accreditati a IN36520182042.'));
    const sent = s.calls('/admin/funding/deposit/approve').map((c) => c.params);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ id: '7' });
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    // Decided: no decision is offered any more.
    await waitFor(() => expect(screen.queryByTestId('deposit-approve')).toBeNull());
  });

  it('rejects with the reason typed (English)', async () => {
    const s = renderScreen(<Detail />, {
      role: 'finance',
      lang: 'en-US',
      script: {
        '/admin/funding/deposit/reject': (p) => ({
          data: { ...deposit, state: 'fail', reason: p.reason ?? null },
        }),
      },
    });
    fireEvent.click(await screen.findByTestId('deposit-reject'));
    fireEvent.change(screen.getByTestId('deposit-reject-reason'), {
      target: { value: 'No transfer arrived' },
    });
    fireEvent.click(screen.getByTestId('deposit-reject-confirm'));
    await waitFor(() => expect(s.notices()).toEqual(['Deposit D202611230007 rejected.']));
    expect(s.calls('/admin/funding/deposit/reject').map((c) => c.params)).toEqual([
      expect.objectContaining({ id: '7', reason: 'No transfer arrived' }),
    ]);
  });
});
