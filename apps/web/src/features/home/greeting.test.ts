import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';

describe('greeting by the hour', () => {
  it.each([
    [0, 'home.greeting.evening'],
    [4, 'home.greeting.evening'],
    [5, 'home.greeting.morning'],
    [11, 'home.greeting.morning'],
    [12, 'home.greeting.afternoon'],
    [17, 'home.greeting.afternoon'],
    [18, 'home.greeting.evening'],
    [23, 'home.greeting.evening'],
  ])('%i h → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });
});
