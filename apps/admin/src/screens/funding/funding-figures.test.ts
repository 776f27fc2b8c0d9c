import { describe, expect, it } from 'vitest';
import { dayRuns, debitedAmount, percentOfBp, readableDestination } from './funding-figures';

describe('what the money screens work out', () => {
  it('adds the fee to the payout exactly, at the finer scale', () => {
    expect(debitedAmount('400.00', '4.00')).toBe('404.00');
    expect(debitedAmount('0.1', '0.2')).toBe('0.3');
    expect(debitedAmount('120.25', '1.5')).toBe('121.75');
    expect(debitedAmount('10.000000', '1.000000')).toBe('11.000000');
    expect(debitedAmount('99999999999.99', '0.01')).toBe('100000000000.00');
    expect(debitedAmount('-1', '0')).toBeNull();
  });

  it('groups an IBAN by four and leaves wallets and addresses as they are', () => {
    expect(readableDestination('bank', 'IT51X0300203280000400162854')).toBe(
      'IT51 X030 0203 2800 0040 0162 854',
    );
    expect(readableDestination('bank', 'DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(readableDestination('crypto', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    );
    expect(readableDestination('wallet', '+393331234567')).toBe('+393331234567');
  });

  it('writes basis points as a percentage', () => {
    expect(percentOfBp(0)).toBe('0.00');
    expect(percentOfBp(5)).toBe('0.05');
    expect(percentOfBp(50)).toBe('0.50');
    expect(percentOfBp(125)).toBe('1.25');
    expect(percentOfBp(5000)).toBe('50.00');
  });

  it('groups open days into runs', () => {
    expect(dayRuns([1, 2, 3, 4, 5])).toEqual([[1, 5]]);
    expect(dayRuns([5, 1, 2, 6])).toEqual([
      [1, 2],
      [5, 6],
    ]);
    expect(dayRuns([3])).toEqual([[3, 3]]);
    expect(dayRuns([1, 3, 5, 7])).toEqual([
      [1, 1],
      [3, 3],
      [5, 5],
      [7, 7],
    ]);
    expect(dayRuns([])).toEqual([]);
  });
});
