import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBalanced, type PostingAmount } from './ledger-rules';

describe('checkBalanced', () => {
  it.each<[string, PostingAmount[], ReturnType<typeof checkBalanced>]>([
    [
      'a deposit: the bank channel pays the user',
      [
        { asset: 'EUR', amount: -10000n },
        { asset: 'EUR', amount: 10000n },
      ],
      null,
    ],
    [
      'an exchange: EUR out, USD in, each leg balanced against the fx desk',
      [
        { asset: 'EUR', amount: -10000n },
        { asset: 'EUR', amount: 10000n },
        { asset: 'USD', amount: 10850n },
        { asset: 'USD', amount: -10850n },
      ],
      null,
    ],
    [
      'a buy with a fee: cash to market and fees, shares from market',
      [
        { asset: 'EUR', amount: -10100n },
        { asset: 'EUR', amount: 10000n },
        { asset: 'EUR', amount: 100n },
        { asset: 'ENI', amount: 10n },
        { asset: 'ENI', amount: -10n },
      ],
      null,
    ],
    ['an empty entry', [], { failure: 'ledger.tooFewPostings' }],
    ['a single posting', [{ asset: 'EUR', amount: 1n }], { failure: 'ledger.tooFewPostings' }],
    [
      'a zero posting',
      [
        { asset: 'EUR', amount: 0n },
        { asset: 'EUR', amount: 0n },
      ],
      { failure: 'ledger.zeroAmount', asset: 'EUR' },
    ],
    [
      'a zero posting beside a balanced pair',
      [
        { asset: 'EUR', amount: -5n },
        { asset: 'EUR', amount: 5n },
        { asset: 'USD', amount: 0n },
      ],
      { failure: 'ledger.zeroAmount', asset: 'USD' },
    ],
    [
      'money made from nothing',
      [
        { asset: 'EUR', amount: 10000n },
        { asset: 'EUR', amount: 1n },
      ],
      { failure: 'ledger.unbalanced', asset: 'EUR' },
    ],
    [
      'a cent lost',
      [
        { asset: 'EUR', amount: -10000n },
        { asset: 'EUR', amount: 9999n },
      ],
      { failure: 'ledger.unbalanced', asset: 'EUR' },
    ],
    [
      'an exchange that balances in total but not per asset',
      [
        { asset: 'EUR', amount: -10000n },
        { asset: 'USD', amount: 10000n },
      ],
      { failure: 'ledger.unbalanced', asset: 'EUR' },
    ],
    [
      'one leg of two unbalanced',
      [
        { asset: 'EUR', amount: -10000n },
        { asset: 'EUR', amount: 10000n },
        { asset: 'USD', amount: 10850n },
        { asset: 'USD', amount: -10849n },
      ],
      { failure: 'ledger.unbalanced', asset: 'USD' },
    ],
  ])('%s', (_story, postings, expected) => {
    expect(checkBalanced(postings)).toEqual(expected);
  });

  const asset = fc.constantFrom('EUR', 'USD', 'USDT', 'BTC', 'ENI');
  const amount = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n }).filter((x) => x !== 0n);
  // A balanced entry: for each asset, some non-zero postings and one that brings the sum back to zero.
  const balanced = fc
    .array(fc.tuple(asset, fc.array(amount, { minLength: 1, maxLength: 5 })), { minLength: 1, maxLength: 4 })
    .map((legs) =>
      legs.flatMap(([name, amounts]) => {
        const sum = amounts.reduce((a, b) => a + b, 0n);
        const closing = sum === 0n ? [amounts[0]!, -amounts[0]!] : [-sum];
        return [...amounts, ...closing].map((a) => ({ asset: name, amount: a }));
      }),
    )
    .chain((postings) => fc.shuffledSubarray(postings, { minLength: postings.length }));

  it('accepts every balanced entry, in any order (property)', () => {
    fc.assert(
      fc.property(balanced, (postings) => {
        expect(checkBalanced(postings)).toBeNull();
      }),
    );
  });

  it('names the asset whose postings no longer sum to zero (property)', () => {
    fc.assert(
      fc.property(balanced, fc.nat(), amount, (postings, pick, delta) => {
        const index = pick % postings.length;
        const changed = postings.map((p, i) => (i === index ? { ...p, amount: p.amount + delta } : p));
        if (changed[index]!.amount === 0n) {
          expect(checkBalanced(changed)).toEqual({
            failure: 'ledger.zeroAmount',
            asset: postings[index]!.asset,
          });
        } else {
          expect(checkBalanced(changed)).toEqual({
            failure: 'ledger.unbalanced',
            asset: postings[index]!.asset,
          });
        }
      }),
    );
  });

  it('refuses a balanced entry with a zero posting added (property)', () => {
    fc.assert(
      fc.property(balanced, asset, fc.nat(), (postings, name, at) => {
        const withZero = [...postings];
        withZero.splice(at % (postings.length + 1), 0, { asset: name, amount: 0n });
        expect(checkBalanced(withZero)).toEqual({ failure: 'ledger.zeroAmount', asset: name });
      }),
    );
  });
});
