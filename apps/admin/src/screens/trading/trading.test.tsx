import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import TradingSettingsScreen from './trading.route';

const xmil = {
  market: 'XMIL',
  currency: 'EUR',
  fee: { rateBp: 19, perShare: null, minimum: '2.95', maximum: '19.00' },
  buy: { quantityMin: null, quantityMax: null, amountMin: null, amountMax: null },
  sell: { quantityMin: null, quantityMax: null },
  settlementDays: 2,
  leverage: { share: 5, majorIndex: 20, otherIndex: 10, crypto: null },
  optionAmountMin: '50.00',
  perpetual: null,
  updatedAt: Date.UTC(2026, 10, 1, 9, 0),
};

const script = (save: Script[string]): Script => ({
  '/admin/trading/settings': () => ({ data: { list: [xmil] } }),
  '/admin/trading/settings/save': save,
});

describe('the trading fees and limits', () => {
  it('saves Borsa Italiana’s new fee and shows what the server kept (Italian)', async () => {
    const s = renderScreen(<TradingSettingsScreen />, {
      role: 'finance',
      script: script((p) => ({
        data: {
          ...xmil,
          fee: { rateBp: Number(p.rateBp), perShare: null, minimum: '5.00', maximum: '10.00' },
        },
      })),
    });
    const rate = (await screen.findByTestId('market-XMIL-rateBp')) as HTMLInputElement;
    expect(rate.value).toBe('19');
    fireEvent.change(rate, { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('market-XMIL-minimum'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('market-XMIL-maximum'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('market-XMIL-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Impostazioni di Borsa Italiana salvate.']));
    expect(s.calls('/admin/trading/settings/save')[0]?.params).toMatchObject({
      market: 'XMIL',
      rateBp: '50',
      minimum: '5',
      maximum: '10',
      settlementDays: '2',
      leverageShare: '5',
    });
    // The form now shows the amounts as the server stored them, written as Italian writes numbers.
    await waitFor(() =>
      expect((screen.getByTestId('market-XMIL-minimum') as HTMLInputElement).value).toBe('5,00'),
    );
  });

  it('shows a refusal and keeps the typed values (English)', async () => {
    const s = renderScreen(<TradingSettingsScreen />, {
      role: 'finance',
      lang: 'en-US',
      script: script(() => ({ refuse: 'The maximum fee cannot be under the minimum.' })),
    });
    const max = (await screen.findByTestId('market-XMIL-maximum')) as HTMLInputElement;
    fireEvent.change(max, { target: { value: '1.00' } });
    fireEvent.click(screen.getByTestId('market-XMIL-save'));
    await waitFor(() => expect(s.notices()).toEqual(['The maximum fee cannot be under the minimum.']));
    expect(max.value).toBe('1.00');
  });
});
