/** The price alert pages (issue 20): the list of alerts and the form that sets one on an instrument. */
export const alertPaths = {
  list: '/pages/alert/list',
  set: '/pages/alert/set',
} as const;

export const setAlertPath = (symbol: string) => `${alertPaths.set}?symbol=${encodeURIComponent(symbol)}`;
