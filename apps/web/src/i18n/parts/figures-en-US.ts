import type { figuresItIT } from './figures-it-IT';

/**
 * Texts of the measured figures the managed products' pages share (shared/figures, shared/charts), in
 * English.
 */
export const figuresEnUS: Record<keyof typeof figuresItIT, string> = {
  'figures.sri': 'SRI {0}/7',
  'figures.risk.title': 'Risk class {0} of 7',
  'figures.risk.lower': 'Lower risk',
  'figures.risk.higher': 'Higher risk',
  'figures.risk.1': 'Very low risk: the value has barely moved.',
  'figures.risk.2': 'Low risk: the value may move a little from one day to the next.',
  'figures.risk.3': 'Medium-low risk: small losses are possible.',
  'figures.risk.4': 'Medium risk: the value can fall noticeably, even within a few weeks.',
  'figures.risk.5': 'Medium-high risk: wide, frequent swings; significant losses are possible.',
  'figures.risk.6': 'High risk: the value can fall a lot, and fast.',
  'figures.risk.7': 'Very high risk: you can lose most of the amount invested.',
  'figures.backtest.kind': 'Simulation',
  'figures.backtest.title': 'Backtest (simulated history)',
  'figures.backtest.about':
    'The strategy replayed on the year of market history before launch, trading fees included. No money was invested.',
  'figures.backtest.none': 'No history available to simulate.',
  'figures.live.kind': 'Real trading',
  'figures.live.title': 'Live record since launch',
  'figures.live.about':
    'Measured from the trades the book actually executed and the NAV at each close, after fees.',
  'figures.live.none': 'No close since launch yet: the first figures come after the first session.',
  'figures.period': '{0} to {1} · {2} sessions',
  'figures.chart.empty': 'No data to show.',
  'figures.chart.range': 'high {0} · low {1}',
  'figures.fig.totalReturn': 'Total return',
  'figures.fig.annualisedReturn': 'Annualised return',
  'figures.fig.annualisedVolatility': 'Annualised volatility',
  'figures.fig.maxDrawdown': 'Max drawdown (largest fall from a peak)',
  'figures.fig.hitRate': 'Hit rate (winning round trips)',
  'figures.fig.hitRateOf': '{0} ({1} of {2})',
  'figures.fig.trades': 'Number of trades',
  'figures.fig.feesBacktest': 'Fees (of the starting value)',
  'figures.fig.feesLive': 'Fees paid',
  'figures.missing.noSessions': 'no session closed',
  'figures.missing.oneSession': 'needs at least two sessions',
  'figures.missing.noRoundTrips': 'no round trip closed yet',
};
