import type { MessageKey } from './it-IT';

/**
 * The texts the shell can show before any page has arrived: the tab bar, the skip link, the offline banner, a
 * page's bar, the skeleton and the "could not load" message (decision 068). Only these come with the first
 * download (the shell-texts build plugin picks them from the catalogues); every page waits for the whole
 * catalogue of its language. shell-keys.test.ts checks that the shell's code asks for no other text.
 */
export const shellKeys = [
  'app.name',
  'a11y.skipToContent',
  'common.back',
  'common.loading',
  'common.retry',
  'pwa.offline.title',
  'pwa.offline.body',
  'route.chunkFailed.title',
  'route.chunkFailed.text',
  'tab.home',
  'tab.position',
  'tab.robot',
  'tab.assets',
  'tab.mine',
] as const satisfies readonly MessageKey[];

export type ShellTexts = Record<'it-IT' | 'en-US', Record<(typeof shellKeys)[number], string>>;
