import type { a11yItIT } from './a11y-it-IT';

/** Texts of accessibility (issue 21), in English. */
export const a11yEnUS: Record<keyof typeof a11yItIT, string> = {
  'content.accessibility': 'Accessibility statement',
  'about.accessibility': 'Accessibility statement',
  'drawer.accessibility': 'Accessibility',
  'a11y.skipToContent': 'Skip to content',
  'a11y.chart.summary': '{0}: last price {1}, change {2} ({3}), range {4} to {5}',
  'a11y.chart.empty': '{0}: no data',
  'a11y.price.live': '{0}: {1}, {2}',
};
