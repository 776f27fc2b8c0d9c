import { describe, expect, it } from 'vitest';
import { controlCharacterField } from './control-characters';

describe('controlCharacterField', () => {
  it('names the first field holding a control character, however deep', () => {
    expect(controlCharacterField({ nickname: 'a\u0000b' })).toBe('nickname');
    expect(controlCharacterField({ a: 'ok', list: ['x', { name: 'esc\u001b[31m' }] })).toBe('list.1.name');
    expect(controlCharacterField({ 'bad\u0007key': 'x' })).toBe('bad\uFFFDkey');
    expect(controlCharacterField({ reason: 'c1 \u0085 next line' })).toBe('reason');
    expect(controlCharacterField({ del: '\u007f' })).toBe('del');
  });

  it('lets ordinary text through, with tabs and line breaks, accents, euro and emoji', () => {
    expect(
      controlCharacterField({ address: 'Via Roma 1\nMilano\t20121\r\n', name: 'Niccolò € 🚀' }),
    ).toBeNull();
    expect(controlCharacterField({ amount: 5, flag: true, none: null })).toBeNull();
  });
});
