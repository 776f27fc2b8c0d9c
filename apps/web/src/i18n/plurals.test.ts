import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './i18n';

// Each catalogue is a chunk the app awaits before it shows texts (decision 068); so does this test.
await loadLanguage('it-IT');
await loadLanguage('en-US');

/*
 * Counted texts choose their form by the language's plural rules (Intl.PluralRules through i18next's `count`):
 * "1 azione", "2 azioni" (issue 17). A key with forms has `_one` and `_other` in both catalogues.
 */
describe('plurals', () => {
  const t = (lng: 'it-IT' | 'en-US', key: 'trade.shares' | 'lending.days', count: number) =>
    i18n.getFixedT(lng)(key, { count, 0: count });

  it('reads one share and one day in the singular, in Italian and English', () => {
    expect(t('it-IT', 'trade.shares', 1)).toBe('1 azione');
    expect(t('it-IT', 'trade.shares', 2)).toBe('2 azioni');
    expect(t('en-US', 'trade.shares', 1)).toBe('1 share');
    expect(t('en-US', 'trade.shares', 10)).toBe('10 shares');
    expect(t('it-IT', 'lending.days', 1)).toBe('1 giorno');
    expect(t('it-IT', 'lending.days', 0)).toBe('0 giorni');
    expect(t('en-US', 'lending.days', 30)).toBe('30 days');
  });

  it('reads the number box’s refusal with the plural of its places', () => {
    expect(i18n.getFixedT('it-IT')('numberInput.tooManyDecimals', { count: 1, 0: 1 })).toBe(
      'Al massimo 1 decimale',
    );
    expect(i18n.getFixedT('it-IT')('numberInput.tooManyDecimals', { count: 2, 0: 2 })).toBe(
      'Al massimo 2 decimali',
    );
  });
});
