import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/screen-harness';
import OfferingScreen from './offerings.$id.route';
import OfferingsScreen from './offerings.route';

const offering = {
  id: 5,
  kind: 'ipo',
  state: 'draft',
  symbol: 'NEWCO.MI',
  name: 'Newco Industrie',
  isin: 'IT0005566770',
  market: 'XMIL',
  currency: 'EUR',
  issuePrice: '10.00',
  offerPrice: '9.50',
  discountPercent: '5.00',
  lotSize: '100',
  minLots: 1,
  maxLots: 8,
  lotsOffered: 10,
  opensAt: Date.UTC(2026, 10, 23, 10),
  closesAt: Date.UTC(2026, 10, 24, 10),
  allotsAt: Date.UTC(2026, 10, 24, 11),
  payBy: Date.UTC(2026, 10, 25, 10),
  listsAt: Date.UTC(2026, 10, 26, 10),
  documentUrl: 'https://issuer.example/prospectus.pdf',
  vipOnly: false,
  freezeOnApply: false,
  description: '',
  allotment: {
    seedCommitment: '',
    seed: null,
    lotsOffered: 10,
    lotsApplied: 0,
    applications: 0,
    lotsAllotted: null,
    oversubscribed: null,
    allottedAt: null,
  },
  mine: null,
};
const subscription = {
  id: 41,
  offeringId: 5,
  kind: 'offline',
  symbol: 'NEWCO.MI',
  name: 'Newco Industrie',
  currency: 'EUR',
  state: 'pending',
  lotsApplied: 6,
  quantityApplied: '600',
  amountApplied: '5700.00',
  lotsAllotted: null,
  quantityAllotted: null,
  amountDue: null,
  amountFrozen: '0.00',
  drawPosition: null,
  automatic: false,
  createdAt: Date.UTC(2026, 10, 23, 11),
  paidAt: null,
  deliveredAt: null,
  payBy: Date.UTC(2026, 10, 25, 10),
  investor: 'IN3652018200042',
};
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the Offerings screens', () => {
  it('writes a draft typed the Italian way: "10,50" and "1.000" lots reach the server as 10.50 and 1000', async () => {
    const s = renderScreen(<OfferingsScreen />, {
      route: '/offerings',
      path: '/offerings',
      script: {
        '/admin/offerings': () => ({ data: { list: [], total: 0, page: 1, size: 20 } }),
        '/admin/offerings/save': () => ({ data: offering }),
      },
    });
    fireEvent.click(await screen.findByTestId('offering-new'));
    fill('offering-symbol', 'NEWCO');
    fill('offering-name', 'Newco Industrie');
    fill('offering-isin', 'IT0005566770');
    fill('offering-issuePrice', '10,50');
    fill('offering-discountPercent', '5');
    fill('offering-lotSize', '100');
    fill('offering-maxLots', '8');
    fill('offering-lotsOffered', '1.000');
    fill('offering-opensAt', '2026-11-23T10:00');
    fill('offering-documentUrl', 'https://issuer.example/prospectus.pdf');
    fireEvent.click(screen.getByTestId('offering-save'));
    await waitFor(() => expect(s.notices()).toEqual(['Bozza di Newco Industrie salvata']));
    expect(s.calls('/admin/offerings/save')[0]?.params).toMatchObject({
      kind: 'ipo',
      symbol: 'NEWCO',
      market: 'XMIL',
      issuePrice: '10.50',
      discountPercent: '5',
      lotSize: '100',
      lotsOffered: '1000',
      opensAt: String(new Date('2026-11-23T10:00').getTime()),
      freezeOnApply: '0',
    });
  });

  it('shows the server’s refusal of a draft (English)', async () => {
    const s = renderScreen(<OfferingsScreen />, {
      lang: 'en-US',
      route: '/offerings',
      path: '/offerings',
      script: {
        '/admin/offerings': () => ({ data: { list: [], total: 0, page: 1, size: 20 } }),
        '/admin/offerings/save': () => ({
          refuse: 'Enter a valid ISIN for this market (e.g. IT0000000001).',
        }),
      },
    });
    fireEvent.click(await screen.findByTestId('offering-new'));
    fill('offering-isin', 'IT123');
    fireEvent.click(screen.getByTestId('offering-save'));
    await waitFor(() =>
      expect(s.notices()).toEqual(['Enter a valid ISIN for this market (e.g. IT0000000001).']),
    );
  });

  it('publishes a draft, then cancels the offering with a reason', async () => {
    let state = 'draft';
    const s = renderScreen(<OfferingScreen />, {
      route: '/offerings/:id',
      path: '/offerings/5',
      script: {
        '/admin/offerings/info': () => ({
          data: { offering: { ...offering, state }, subscriptions: [], lines: [] },
        }),
        '/admin/offerings/publish': () => {
          state = 'coming';
          return { data: { ...offering, state } };
        },
        '/admin/offerings/cancel': () => {
          state = 'cancelled';
          return { data: { ...offering, state } };
        },
      },
    });
    fireEvent.click(await screen.findByTestId('offering-publish'));
    await waitFor(() => expect(screen.getByTestId('offering-state').textContent).toBe('In arrivo'));
    fireEvent.click(screen.getByTestId('offering-cancel'));
    fill('offering-reason', "L'emittente ha ritirato l'offerta");
    fireEvent.click(screen.getByTestId('offering-cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('offering-state').textContent).toBe('Annullata'));
    expect(s.calls('/admin/offerings/cancel')[0]?.params).toEqual({
      id: '5',
      reason: "L'emittente ha ritirato l'offerta",
    });
  });

  it('allots an offline placement by hand, application by application', async () => {
    const s = renderScreen(<OfferingScreen />, {
      route: '/offerings/:id',
      path: '/offerings/5',
      script: {
        '/admin/offerings/info': () => ({
          data: {
            offering: { ...offering, kind: 'offline', state: 'closed' },
            subscriptions: [subscription],
            lines: [],
          },
        }),
        '/admin/offerings/allot/one': () => ({
          data: { ...subscription, state: 'allotted', lotsAllotted: 5 },
        }),
      },
    });
    fill(await screen.findByTestId('allot-lots-41').then(() => 'allot-lots-41'), '5');
    fireEvent.click(screen.getByTestId('allot-one-41'));
    await waitFor(() => expect(s.notices()).toEqual(['IN3652018200042: 5 lotti assegnati']));
    expect(s.calls('/admin/offerings/allot/one')[0]?.params).toEqual({ id: '41', lots: '5' });
    expect(screen.getByTestId('allot-close')).toBeTruthy();
  });
});
