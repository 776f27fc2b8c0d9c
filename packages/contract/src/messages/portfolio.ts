/** Refusals of the portfolio calls (calls/portfolio.ts). */
const enUS = {
  'portfolio.range': 'Choose the period: 1W, 1M, 1Y or all.',
};

const itIT: typeof enUS = {
  'portfolio.range': 'Scegli il periodo: 1S, 1M, 1A o tutto.',
};

export const portfolioMessages = { 'en-US': enUS, 'it-IT': itIT };
