import { describe, expect, it } from 'vitest';
import { offeringTone, previewApplication, subscriptionTone } from './offering-text';

const ipo = { lotSize: '50', offerPrice: '8.15', minLots: 1, maxLots: 40 };
const ico = { lotSize: '100', offerPrice: '0.120000', minLots: 1, maxLots: 500 };

describe('previewApplication', () => {
  it('prices the lots at the offer price in the offering currency', () => {
    expect(previewApplication('4', 'it-IT', ipo, '100000.00')).toEqual({
      lots: 4,
      quantity: '200',
      amount: '1630.00',
      problem: null,
    });
    expect(previewApplication('12', 'en-US', ico, '10000.000000')).toMatchObject({
      quantity: '1200',
      amount: '144.000000',
    });
  });

  it('names what is wrong with the lots typed', () => {
    expect(previewApplication('1,5', 'it-IT', ipo, '1000.00').problem).toBe('notNumber');
    expect(previewApplication('0', 'it-IT', ipo, '1000.00').problem).toBe('notNumber');
    expect(previewApplication('41', 'it-IT', ipo, '100000.00').problem).toBe('aboveMax');
    expect(previewApplication('2', 'it-IT', { ...ipo, minLots: 3 }, '100000.00').problem).toBe('belowMin');
    expect(previewApplication('3', 'it-IT', ipo, '1000.00')).toMatchObject({
      amount: '1222.50',
      problem: 'aboveCash',
    });
  });
});

describe('tones', () => {
  it('marks what asks for action, what went well and what ended badly', () => {
    expect(offeringTone('open')).toBe('active');
    expect(offeringTone('cancelled')).toBe('bad');
    expect(subscriptionTone('allotted')).toBe('active');
    expect(subscriptionTone('paid')).toBe('good');
    expect(subscriptionTone('lapsed')).toBe('bad');
    expect(subscriptionTone('pending')).toBe('quiet');
  });
});
