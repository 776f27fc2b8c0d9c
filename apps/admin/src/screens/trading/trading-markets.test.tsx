import type { adminTradingSettings } from '@piazza/contract/calls/trading-admin';
import type { CallOutput } from '@piazza/contract/define';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Script } from '../../testing/screen-harness';
import TradingSettingsScreen from './trading.route';

type Settings = CallOutput<typeof adminTradingSettings>['list'][number];

const xmil: Settings = {
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

const crypto: Settings = {
  market: 'CRYPTO',
  currency: 'USDT',
  fee: { rateBp: 10, perShare: null, minimum: '0.50', maximum: null },
  buy: { quantityMin: '0.0001', quantityMax: null, amountMin: '10.00', amountMax: null },
  sell: { quantityMin: '0.0001', quantityMax: null },
  settlementDays: 0,
  leverage: { share: null, majorIndex: null, otherIndex: null, crypto: 2 },
  optionAmountMin: null,
  perpetual: { feeRateBp: 5, maintenanceRateBp: 50, marginMin: '10.00' },
  updatedAt: Date.UTC(2026, 10, 1, 9, 0),
};

/** The server as it would be: a save replaces that market's settings and the next list shows them. */
function server(save?: Script[string]): Script {
  let list: Settings[] = [xmil, crypto];
  return {
    '/admin/trading/settings': () => ({ data: { list } }),
    '/admin/trading/settings/save':
      save ??
      ((p) => {
        const saved = {
          ...crypto,
          buy: { ...crypto.buy, amountMin: p.buyAmountMin ?? null, amountMax: p.buyAmountMax ?? null },
          sell: { ...crypto.sell, quantityMax: p.sellQuantityMax ?? null },
          leverage: { ...crypto.leverage, crypto: Number(p.leverageCrypto) },
          perpetual: { feeRateBp: 5, maintenanceRateBp: 50, marginMin: p.perpetualMarginMin ?? '' },
          updatedAt: crypto.updatedAt + 60_000,
        };
        list = list.map((s) => (s.market === 'CRYPTO' ? saved : s));
        return { data: saved };
      }),
  };
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('the trading limits of one market', () => {
  it('saves the crypto market’s bounds and perpetual terms, leaving another market’s draft alone (Italian)', async () => {
    const s = renderScreen(<TradingSettingsScreen />, {
      role: 'finance',
      route: '/trading',
      script: server(),
    });
    await screen.findByTestId('market-CRYPTO');
    expect(screen.getByRole('heading', { name: 'Cripto · USDT' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Borsa Italiana · EUR' })).toBeTruthy();
    // Each market shows only its own products' terms.
    expect(screen.queryByTestId('market-CRYPTO-leverageShare')).toBeNull();
    expect(screen.queryByTestId('market-XMIL-perpetualMarginMin')).toBeNull();

    // An edit of Borsa Italiana not saved yet.
    fireEvent.change(input('market-XMIL-rateBp'), { target: { value: '25' } });
    fireEvent.change(input('market-CRYPTO-buyAmountMax'), { target: { value: '250000' } });
    fireEvent.change(input('market-CRYPTO-sellQuantityMax'), { target: { value: '12.5' } });
    fireEvent.change(input('market-CRYPTO-leverageCrypto'), { target: { value: '1' } });
    fireEvent.change(input('market-CRYPTO-perpetualMarginMin'), { target: { value: '20.00' } });
    fireEvent.click(screen.getByTestId('market-CRYPTO-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Impostazioni di Cripto salvate.']));
    // Only the crypto market was sent, and the bounds left empty were not (no bound).
    expect(s.calls('/admin/trading/settings/save').map((c) => c.params)).toEqual([
      {
        market: 'CRYPTO',
        rateBp: '10',
        minimum: '0.50',
        buyQuantityMin: '0.0001',
        buyAmountMin: '10.00',
        buyAmountMax: '250000',
        sellQuantityMin: '0.0001',
        sellQuantityMax: '12.5',
        settlementDays: '0',
        leverageCrypto: '1',
        perpetualFeeBp: '5',
        perpetualMaintenanceBp: '50',
        perpetualMarginMin: '20.00',
      },
    ]);
    await waitFor(() => expect(s.calls('/admin/trading/settings').length).toBeGreaterThan(1));
    await waitFor(() => expect(input('market-CRYPTO-leverageCrypto').value).toBe('1'));
    // Reloaded from the server and written as Italian writes numbers (decision 044).
    expect(input('market-CRYPTO-buyAmountMax').value).toBe('250.000');
    expect(input('market-XMIL-rateBp').value).toBe('25');
  });

  it('shows a refusal of the purchase bounds and keeps what was typed (English)', async () => {
    const s = renderScreen(<TradingSettingsScreen />, {
      role: 'finance',
      lang: 'en-US',
      route: '/trading',
      script: server(() => ({ refuse: 'The maximum amount of a purchase cannot be under its minimum.' })),
    });
    await screen.findByTestId('market-CRYPTO');
    expect(screen.getByText('Minimum amount (USDT)')).toBeTruthy();
    fireEvent.change(input('market-CRYPTO-buyAmountMin'), { target: { value: '500' } });
    fireEvent.change(input('market-CRYPTO-buyAmountMax'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('market-CRYPTO-save'));
    await waitFor(() =>
      expect(s.notices()).toEqual(['The maximum amount of a purchase cannot be under its minimum.']),
    );
    expect(s.calls('/admin/trading/settings/save')[0]?.params).toMatchObject({
      market: 'CRYPTO',
      buyAmountMin: '500',
      buyAmountMax: '100',
    });
    expect(input('market-CRYPTO-buyAmountMin').value).toBe('500');
    expect(input('market-CRYPTO-buyAmountMax').value).toBe('100');
  });
});
