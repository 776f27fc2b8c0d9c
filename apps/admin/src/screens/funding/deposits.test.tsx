import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import DepositsScreen, { type DepositRow } from './deposits.route';

const deposit: DepositRow = {
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
};

const page = (list: DepositRow[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

describe('the deposit queue', () => {
  it('lists the deposits under review from the address, and takes one into processing (Italian)', async () => {
    // The server as it would be: once processing, the deposit is no longer "under review".
    let row = deposit;
    const script: Script = {
      '/admin/funding/deposits': (p) => page(p.state === 'review' && row.state !== 'review' ? [] : [row]),
      '/admin/funding/deposit/process': () => {
        row = { ...deposit, state: 'processing', updatedAt: deposit.updatedAt + 60_000 };
        return { data: row };
      },
    };
    const s = renderScreen(<DepositsScreen />, {
      role: 'finance',
      script,
      route: '/deposits',
      path: '/deposits?state=review',
    });
    const line = await screen.findByTestId('deposit-row-7');
    expect(s.calls('/admin/funding/deposits')[0]?.params).toEqual({ page: '1', size: '20', state: 'review' });
    expect((screen.getByTestId('deposits-state') as HTMLSelectElement).value).toBe('review');
    expect(line.textContent).toContain('Bonifico SEPA · Bonifico bancario');
    expect(line.textContent).toContain('5.000,00 EUR');
    expect(line.textContent).toContain('In revisione');
    expect(screen.getByText('Scegli un deposito nella lista per vederne la prova e decidere.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('deposit-open-7'));
    const detail = await screen.findByTestId('deposit-detail');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('Deposito D202611230007');
    expect(detail.textContent).toContain('Nessuna ricevuta allegata: verifica il codice UTR.');
    fireEvent.click(await screen.findByRole('button', { name: 'Segna come in verifica' }));
    await waitFor(() => expect(s.notices()).toEqual(['Il deposito D202611230007 è ora in corso.']));
    expect(s.calls('/admin/funding/deposit/process').map((c) => c.params)).toEqual([{ id: '7' }]);
    // It left the "under review" list, but stays open beside it, now in progress and still to decide.
    await screen.findByTestId('deposits-empty');
    expect(screen.getByTestId('deposit-amount').textContent).toBe('5.000,00 EUR In corso');
    expect(screen.queryByTestId('deposit-process')).toBeNull();
    expect(screen.getByTestId('deposit-approve').textContent).toBe('Approva');
  });

  it('filters by investor id, keeping the state chosen (Italian)', async () => {
    const s = renderScreen(<DepositsScreen />, {
      role: 'finance',
      script: { '/admin/funding/deposits': () => page([deposit]) },
      route: '/deposits',
      path: '/deposits?state=processing',
    });
    await screen.findByTestId('deposit-row-7');
    fireEvent.change(screen.getByTestId('deposits-user'), { target: { value: ' 42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(s.calls('/admin/funding/deposits')).toHaveLength(2));
    expect(s.calls('/admin/funding/deposits')[1]?.params).toEqual({
      page: '1',
      size: '20',
      state: 'processing',
      userId: '42',
    });
  });

  it('shows the server’s refusal of a rejection and keeps the reason typed (English)', async () => {
    const s = renderScreen(<DepositsScreen />, {
      role: 'finance',
      lang: 'en-US',
      script: {
        '/admin/funding/deposits': () => page([deposit]),
        '/admin/funding/deposit/reject': () => ({
          refuse: 'Another operator has already decided this deposit',
        }),
      },
      route: '/deposits',
    });
    expect((await screen.findByTestId('deposit-row-7')).textContent).toContain('5,000.00 EUR');
    expect(s.calls('/admin/funding/deposits')[0]?.params).toEqual({ page: '1', size: '20' });
    fireEvent.click(screen.getByTestId('deposit-row-7'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(screen.getByTestId('deposit-reject-reason'), {
      target: { value: 'The transfer never arrived' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the rejection' }));
    await waitFor(() => expect(s.notices()).toEqual(['Another operator has already decided this deposit']));
    expect(s.calls('/admin/funding/deposit/reject').map((c) => c.params)).toEqual([
      { id: '7', reason: 'The transfer never arrived', requestId: expect.any(String) },
    ]);
    expect((screen.getByTestId('deposit-reject-reason') as HTMLTextAreaElement).value).toBe(
      'The transfer never arrived',
    );
    expect(screen.getByTestId('deposit-amount').textContent).toBe('5,000.00 EUR Under review');
  });
});
