import { describe, expect, it } from 'vitest';
import { loginThrottle } from './login-throttle';

const { waitSecondsAfter } = loginThrottle;

const at = (ms: number) => new Date(ms);

describe('the growing delay after failed logins', () => {
  it.each([
    [4, 0],
    [5, 1],
    [6, 2],
    [7, 4],
    [10, 32],
    [14, 512],
    [15, 900],
    [60, 900],
  ])('after %i failures waits %i s', (failures, seconds) => {
    expect(waitSecondsAfter({ failures, lastAt: at(0) }, 0)).toBe(seconds);
  });

  it('counts from the last failure and rounds the rest up to whole seconds', () => {
    expect(waitSecondsAfter({ failures: 7, lastAt: at(10_000) }, 11_500)).toBe(3);
    expect(waitSecondsAfter({ failures: 7, lastAt: at(10_000) }, 14_000)).toBe(0);
  });
});
