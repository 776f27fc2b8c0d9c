import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import BlocksScreen, { blockFields } from './blocks.route';

const block = {
  id: 3,
  state: 'open',
  symbol: 'ENI.MI',
  name: 'Eni',
  currency: 'EUR',
  lastPrice: '20.87',
  price: '12.50',
  pricing: 'fixed',
  discountPercent: '0.00',
  quantityOffered: '1000',
  quantityLeft: '800',
  minQuantity: '100',
  lockDays: 30,
  opensAt: Date.UTC(2026, 10, 23, 9),
  closesAt: Date.UTC(2026, 10, 30, 9),
  deliversAt: Date.UTC(2026, 11, 1, 9),
  vipOnly: false,
  mine: null,
};
const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the Block trades screen', () => {
  it('offers a block typed the Italian way: "12,50" a share and "1.000" shares reach the server as 12.50 and 1000', async () => {
    const s = renderScreen(<BlocksScreen />, {
      script: { '/admin/blocks': () => page([]), '/admin/blocks/save': () => ({ data: block }) },
    });
    fireEvent.click(await screen.findByTestId('block-new'));
    fill('block-symbol', 'ENI.MI');
    fill('block-pricing', 'fixed');
    fill('block-price', '12,50');
    fill('block-quantity', '1.000');
    fill('block-min', '100');
    fill('block-lock', '30');
    fireEvent.click(screen.getByTestId('block-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Blocco di ENI.MI offerto']));
    const [sent] = s.calls('/admin/blocks/save');
    expect(sent?.params).toMatchObject({
      symbol: 'ENI.MI',
      pricing: 'fixed',
      price: '12.50',
      quantity: '1000',
      minQuantity: '100',
      lockDays: '30',
      vipOnly: '0',
    });
    expect(Number(sent?.params.deliversAt)).toBeGreaterThan(Number(sent?.params.closesAt));
  });

  it('shows the server’s refusal and keeps the form as typed (English)', async () => {
    const s = renderScreen(<BlocksScreen />, {
      lang: 'en-US',
      script: {
        '/admin/blocks': () => page([]),
        '/admin/blocks/save': () => ({ refuse: 'Choose a listed share.' }),
      },
    });
    fireEvent.click(await screen.findByTestId('block-new'));
    fill('block-symbol', 'BTCUSDT');
    fill('block-discount', '5');
    fireEvent.click(screen.getByTestId('block-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Choose a listed share.']));
    expect((screen.getByTestId('block-symbol') as HTMLInputElement).value).toBe('BTCUSDT');
  });

  it('cancels a block with the reason given', async () => {
    const s = renderScreen(<BlocksScreen />, {
      script: {
        '/admin/blocks': () => page([block]),
        '/admin/blocks/cancel': () => ({ data: { ...block, state: 'cancelled' } }),
      },
    });
    expect((await screen.findByTestId('block-state-3')).textContent).toBe('Aperto');
    fireEvent.click(screen.getByTestId('block-cancel-3'));
    fill('block-reason-3', 'Il venditore ha ritirato il blocco');
    fireEvent.click(screen.getByTestId('block-cancel-confirm-3'));
    await waitFor(() => expect(s.notices()).toEqual(['Blocco di ENI.MI annullato, acquisti rimborsati']));
    expect(s.calls('/admin/blocks/cancel')[0]?.params).toEqual({
      id: '3',
      reason: 'Il venditore ha ritirato il blocco',
    });
  });

  it('sends what cannot be read as typed, so the server names the field', () => {
    const fields = blockFields(
      {
        symbol: 'ENI.MI',
        pricing: 'discount',
        price: '',
        discountPercent: 'tre',
        quantity: '1.000',
        minQuantity: '10,5',
        lockDays: '30',
        opensAt: '2026-11-23T10:00',
        closesAt: '2026-11-30T10:00',
        deliversAt: '2026-12-01T10:00',
        vipOnly: true,
      },
      'it-IT',
    );
    expect(fields).toMatchObject({ discountPercent: 'tre', quantity: 1000, minQuantity: '10,5', vipOnly: 1 });
  });
});
