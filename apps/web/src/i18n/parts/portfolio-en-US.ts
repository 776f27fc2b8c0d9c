import type { portfolioItIT } from './portfolio-it-IT';

/** Texts of the home's profit, performance and allocation and of the FX split (features/portfolio), in English. */
export const portfolioEnUS: Record<keyof typeof portfolioItIT, string> = {
  'portfolio.today': 'Today',
  'portfolio.total': 'Since the start',
  'portfolio.range.1W': '1W',
  'portfolio.range.1M': '1M',
  'portfolio.range.1Y': '1Y',
  'portfolio.range.all': 'All',
  'portfolio.window': 'In the period: {0} ({1}), deposits and withdrawals left out',
  'portfolio.chart': 'Account performance, {0}',
  'portfolio.allocation': 'Allocation',
  'portfolio.class.cash': 'Cash',
  'portfolio.class.shares': 'Shares',
  'portfolio.class.etfs': 'ETFs',
  'portfolio.class.crypto': 'Crypto',
  'portfolio.class.contracts': 'Contracts',
  'portfolio.class.options': 'Options',
  'portfolio.class.managed': 'Managed products',
  'portfolio.unvalued': 'Left out because they have no price yet: {0}.',
  'portfolio.fx.title': '{0} in euros',
  'portfolio.fx.quantity': 'Quantity',
  'portfolio.fx.cost': 'Purchase cost',
  'portfolio.fx.costValue': '{0} = {1} (EUR/USD {2})',
  'portfolio.fx.value': 'Worth today',
  'portfolio.fx.instrument': 'The share’s move',
  'portfolio.fx.currency': 'The dollar’s move',
  'portfolio.fx.total': 'Result in euros',
  'portfolio.fx.note':
    'The result in euros of a dollar share has two parts: the share’s own move, and the dollar’s move against the euro since the purchase. Fees are in the cost.',
};
