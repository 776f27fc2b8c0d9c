/** The government-bond pages (issue 20): the list, a bond's ticket and the investor's bonds. */
export const bondPaths = {
  list: '/pages/bonds/list',
  ticket: '/pages/bonds/ticket',
  holdings: '/pages/bonds/holdings',
} as const;

export const bondTicketPath = (isin: string) => `${bondPaths.ticket}?isin=${encodeURIComponent(isin)}`;
