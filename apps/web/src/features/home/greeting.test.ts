import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('the home greeting', () => {
  it.each([
    [0, 'evening'],
    [4, 'evening'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('at %i h is the %s one', (hour, part) => {
    expect(greeting(hour, 'Giulia')).toEqual({ key: `home.greeting.${part}`, name: 'Giulia' });
  });

  it('greets without a name rather than by an account', () => {
    expect(greeting(9, null)).toEqual({ key: 'home.greeting.morning.plain', name: '' });
    expect(greeting(9, '  ')).toEqual({ key: 'home.greeting.morning.plain', name: '' });
  });
});
