import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import { describe, expect, it } from 'vitest';
import { percentText, previewOption } from './option-preview';

/*
 * The ticket prices with the server's inputs: ENI.MI at 14.240 quoted on Monday 23 November 2026, 10:30 in
 * Milan, 22% volatility, 2% rate, the 18 December expiry (the numbers of apps/server/test/options.test.ts).
 */
const december = Date.UTC(2026, 11, 18, 16, 30);
const series: OptionSeries = {
  symbol: 'ENI.MI',
  name: 'Eni',
  kind: 'stock',
  currency: 'EUR',
  marketOpen: true,
  spot: '14.240',
  volatility: '0.22',
  rate: '0.02',
  contractSize: '100',
  minimumAmount: '50.00',
  contractsMax: 1000,
  verdict: 'fit',
  expiries: [{ expiresAt: december, strikes: [{ strike: '14.000', call: '47.20', put: '21.26' }] }],
  quotedAt: Date.UTC(2026, 10, 23, 9, 30),
};

describe('the option preview', () => {
  it('prices one call contract as the server lists it, below the minimum of 50.00', () => {
    expect(
      previewOption(series, { right: 'call', expiresAt: december, strike: '14.000', contracts: 1 }),
    ).toEqual({
      perContract: '47.20',
      total: '47.20',
      belowMinimum: true,
    });
  });

  it('rounds two contracts once on the total, as the purchase does', () => {
    expect(
      previewOption(series, { right: 'call', expiresAt: december, strike: '14.000', contracts: 2 }),
    ).toEqual({
      perContract: '47.20',
      total: '94.39',
      belowMinimum: false,
    });
  });

  it('prices puts too', () => {
    expect(
      previewOption(series, { right: 'put', expiresAt: december, strike: '14.000', contracts: 3 })?.total,
    ).toBe('63.77');
  });

  it('has no preview for a strike or expiry the series does not list', () => {
    expect(
      previewOption(series, { right: 'call', expiresAt: december, strike: '14.500', contracts: 1 }),
    ).toBeNull();
    expect(
      previewOption(series, { right: 'call', expiresAt: december + 1, strike: '14.000', contracts: 1 }),
    ).toBeNull();
  });

  it('shows the volatility as a percentage', () => {
    expect(percentText('0.22', 'it-IT')).toBe('22%');
    expect(percentText('0.185', 'en-US')).toBe('18%');
  });
});
