/** Texts of accessibility (issue 21): the statement's links, the skip link, the chart's summary, in Italian. */
export const a11yItIT = {
  'content.accessibility': 'Dichiarazione di accessibilità',
  'about.accessibility': 'Dichiarazione di accessibilità',
  'drawer.accessibility': 'Accessibilità',
  'a11y.skipToContent': 'Vai al contenuto',
  'a11y.chart.summary': '{0}: ultimo prezzo {1}, variazione {2} ({3}), intervallo da {4} a {5}',
  'a11y.chart.empty': '{0}: nessun dato',
  'a11y.price.live': '{0}: {1}, {2}',
} as const;
