import type { AdminBondDetail, AdminBondRow } from '@piazza/contract/calls/bonds-shapes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import BondScreen from './bonds.$isin.route';
import BondsScreen from './bonds.route';

const btp: AdminBondRow = {
  isin: 'IT0005584856',
  kind: 'btp',
  coupon: '3.85',
  couponsPerYear: 2,
  issueDate: '2024-01-01',
  maturityDate: '2034-07-01',
  nextCoupon: '2027-01-01',
  price: '101.230',
  bid: '101.180',
  ask: '101.280',
  accruedPer100: '1.538',
  yieldGross: '3.61',
  yieldNet: '3.16',
  holders: 2,
  nominalHeld: '15000.00',
  state: 'quoted',
  valueDate: '2026-11-25',
};
const maturedBot: AdminBondRow = {
  ...btp,
  isin: 'IT0005623019',
  kind: 'bot',
  coupon: '0.00',
  couponsPerYear: 0,
  issueDate: '2026-01-14',
  maturityDate: '2027-01-14',
  nextCoupon: null,
  price: null,
  bid: null,
  ask: null,
  accruedPer100: null,
  yieldGross: null,
  yieldNet: null,
  holders: 0,
  nominalHeld: '0.00',
  state: 'matured',
};

const detail: AdminBondDetail = {
  bond: btp,
  holders: [
    { userId: 7, account: 'ada@piazza.test', nominal: '10000.00', cost: '10123.00' },
    { userId: 9, account: 'bea@piazza.test', nominal: '5000.00', cost: '5061.50' },
  ],
  payments: [
    {
      kind: 'coupon',
      date: '2026-07-01',
      investors: 2,
      nominal: '15000.00',
      gross: '288.75',
      withheld: '36.09',
      net: '252.66',
    },
  ],
  nextCoupon: {
    date: '2027-01-01',
    investors: 2,
    nominal: '15000.00',
    gross: '288.75',
    withheld: '36.09',
    net: '252.66',
  },
  redemption: { date: '2034-07-01', investors: 2, nominal: '15000.00' },
};

const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the government bonds screens', () => {
  it('lists each bond with coupon, maturity, clean price, accrued, yields and holdings, the Italian way', async () => {
    renderScreen(<BondsScreen />, {
      route: '/bonds',
      role: 'finance',
      script: { '/admin/bonds': () => ({ data: { list: [maturedBot, btp] } }) },
    });
    await screen.findByTestId('bonds-row-IT0005584856');
    expect(cells('bonds-row-IT0005584856')).toEqual([
      'BTP',
      'IT0005584856',
      '3,85%',
      '01-07-2034',
      '101,230',
      '1,538',
      '3,61%',
      '3,16%',
      '2',
      '15.000,00 EUR',
    ]);
    // A matured bond is no longer quoted: dashes, and its state beside its kind.
    expect(cells('bonds-row-IT0005623019').slice(0, 8)).toEqual([
      'BOT (Scaduto)',
      'IT0005623019',
      'Nessuna (BOT)',
      '14-01-2027',
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(screen.getByRole('link', { name: 'IT0005584856' }).getAttribute('href')).toBe(
      '/bonds/IT0005584856',
    );
  });

  it("shows a bond's holders, the next coupon the platform will pay and the coupons paid (English)", async () => {
    const s = renderScreen(<BondScreen />, {
      lang: 'en-US',
      route: '/bonds/:isin',
      path: '/bonds/IT0005584856',
      script: { '/admin/bond': () => ({ data: detail }) },
    });
    await screen.findByTestId('bond-holders');
    expect(s.calls('/admin/bond').map((c) => c.params)).toEqual([{ isin: 'IT0005584856' }]);
    expect(screen.getByTestId('bond-price').textContent).toBe('101.230');
    expect(screen.getByTestId('bond-yield-net').textContent).toBe('3.16%');
    expect(screen.getByTestId('bond-value-date').textContent).toBe('25-11-2026');
    expect(cells('bond-holder-7')).toEqual(['ada@piazza.test', '10,000.00 EUR', '10,123.00 EUR']);
    expect(screen.getByTestId('bond-next-coupon').textContent).toBe(
      'Coupon of 01-01-2027 on 15,000.00 EUR nominal (investors: 2): 288.75 EUR gross, 36.09 EUR withheld (12.5%), 252.66 EUR net.',
    );
    expect(screen.getByTestId('bond-redemption').textContent).toContain(
      'Redemption at par on 01-07-2034: 15,000.00 EUR',
    );
    expect(cells('bond-payment-coupon-2026-07-01')).toEqual([
      'Coupon',
      '01-07-2026',
      '2',
      '15,000.00 EUR',
      '288.75 EUR',
      '36.09 EUR',
      '252.66 EUR',
    ]);
  });

  it('shows the refusal of an unknown ISIN, with the way back to the list', async () => {
    renderScreen(<BondScreen />, {
      route: '/bonds/:isin',
      path: '/bonds/IT0000000001',
      script: { '/admin/bond': () => ({ refuse: "Nessun titolo di Stato ha l'ISIN IT0000000001." }) },
    });
    expect((await screen.findByTestId('bond-refusal')).textContent).toContain('IT0000000001');
    expect(screen.getByRole('link', { name: /Tutti i titoli di Stato/ })).toBeTruthy();
  });
});
