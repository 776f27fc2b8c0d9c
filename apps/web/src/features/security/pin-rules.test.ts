import { describe, expect, it } from 'vitest';
import { lockMinutes, newPinProblem } from './pin-rules';

describe('newPinProblem', () => {
  it('wants exactly 6 digits, then the same 6 again', () => {
    expect(newPinProblem('12345', '12345')).toBe('pin.format');
    expect(newPinProblem('1234567', '1234567')).toBe('pin.format');
    expect(newPinProblem('12345a', '12345a')).toBe('pin.format');
    expect(newPinProblem('123456', '123465')).toBe('password.mismatch');
    expect(newPinProblem('123456', '')).toBe('password.mismatch');
    expect(newPinProblem('123456', '123456')).toBeNull();
  });
});

describe('lockMinutes', () => {
  it('rounds up as the refusal does', () => {
    expect(lockMinutes(900)).toBe(15);
    expect(lockMinutes(601)).toBe(11);
    expect(lockMinutes(1)).toBe(1);
    expect(lockMinutes(0)).toBe(0);
  });
});
