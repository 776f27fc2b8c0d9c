import { describe, expect, it } from 'vitest';
import { type ContractTicketInput, previewContract, typedMargin } from './contract-preview';

const terms = {
  priceScale: 2,
  quantityScale: 4,
  maintenanceRateBp: 50,
  feeRateBp: 5,
  marginMin: '10.000000',
};
const book = {
  symbol: 'ETHUSDT',
  time: 0,
  bids: [['3299.00', '10.0000']] as [string, string][],
  asks: [['3300.00', '10.0000']] as [string, string][],
};
const ticket = (t: Partial<ContractTicketInput>): ContractTicketInput => ({
  side: 'long',
  leverage: 2,
  margin: '',
  type: 'market',
  limitPrice: '',
  ...t,
});

describe('contract ticket preview', () => {
  it('1,000 USDT at 2:1 long opens 0.6060 ETH at 3,300.00, a fee of 0.9999, liquidated at 1,658.95', () => {
    expect(previewContract(ticket({ margin: '1000' }), terms, book)).toEqual({
      quantity: 6060n,
      price: 330_000n,
      notional: 1_999_800_000n,
      fee: 999_900n,
      liquidation: 165_895n,
    });
  });

  it('a short opens at the bid and is liquidated above it', () => {
    const preview = previewContract(ticket({ side: 'short', margin: '1000' }), terms, book);
    expect(preview?.quantity).toBe(6062n);
    expect(preview?.liquidation).toBe(492_156n);
  });

  it('a limit opening is valued at its limit: 1,000 at 2:1 at 3.000,00 is 0.6666 ETH, liquidated at 1,508.14', () => {
    const preview = previewContract(
      ticket({ margin: '1000', type: 'limit', limitPrice: '3000,00' }),
      terms,
      null,
    );
    expect(preview).toMatchObject({ quantity: 6666n, price: 300_000n, liquidation: 150_814n });
  });

  it('nothing to show without a margin, with a comma margin read, or with an empty book', () => {
    expect(previewContract(ticket({}), terms, book)).toBeNull();
    expect(typedMargin('12,5')).toBe(12_500_000n);
    expect(previewContract(ticket({ leverage: 1, margin: '100' }), terms, { ...book, asks: [] })).toBeNull();
    expect(previewContract(ticket({ margin: '100', type: 'limit', limitPrice: '' }), terms, book)).toBeNull();
  });
});
