/**
 * Texts of the measured figures the managed products' pages share (shared/figures, shared/charts): the
 * measured blocks, the line chart and the risk scale, in Italian.
 */
export const figuresItIT = {
  'figures.sri': 'SRI {0}/7',
  'figures.risk.title': 'Classe di rischio {0} su 7',
  'figures.risk.lower': 'Rischio più basso',
  'figures.risk.higher': 'Rischio più alto',
  'figures.risk.1': 'Rischio molto basso: il valore si è mosso pochissimo.',
  'figures.risk.2': 'Rischio basso: il valore può oscillare un poco da un giorno all’altro.',
  'figures.risk.3': 'Rischio medio-basso: sono possibili perdite contenute.',
  'figures.risk.4': 'Rischio medio: il valore può scendere in modo sensibile anche in poche settimane.',
  'figures.risk.5': 'Rischio medio-alto: oscillazioni ampie e frequenti, perdite rilevanti possibili.',
  'figures.risk.6': 'Rischio alto: il valore può scendere molto e in fretta.',
  'figures.risk.7': 'Rischio molto alto: puoi perdere gran parte dell’importo investito.',
  'figures.backtest.kind': 'Simulazione',
  'figures.backtest.title': 'Backtest (storico simulato)',
  'figures.backtest.about':
    'La strategia ripetuta sull’anno di storico di mercato precedente al lancio, commissioni di negoziazione comprese. Nessun denaro è stato investito.',
  'figures.backtest.none': 'Nessuno storico disponibile per la simulazione.',
  'figures.live.kind': 'Operatività reale',
  'figures.live.title': 'Risultati reali dal lancio',
  'figures.live.about':
    'Misurati sulle operazioni effettivamente eseguite dal portafoglio e sul NAV di ogni chiusura, al netto delle commissioni.',
  'figures.live.none': 'Ancora nessuna chiusura dal lancio: i primi dati arrivano dopo la prima seduta.',
  'figures.period': 'Dal {0} al {1} · {2} sedute',
  'figures.chart.empty': 'Nessun dato da mostrare.',
  'figures.chart.range': 'max {0} · min {1}',
  'figures.fig.totalReturn': 'Rendimento totale',
  'figures.fig.annualisedReturn': 'Rendimento annualizzato',
  'figures.fig.annualisedVolatility': 'Volatilità annualizzata',
  'figures.fig.maxDrawdown': 'Massima perdita da un picco',
  'figures.fig.hitRate': 'Operazioni chiuse in guadagno',
  'figures.fig.hitRateOf': '{0} ({1} su {2})',
  'figures.fig.trades': 'Numero di operazioni',
  'figures.fig.feesBacktest': 'Commissioni (sul valore iniziale)',
  'figures.fig.feesLive': 'Commissioni pagate',
  'figures.missing.noSessions': 'nessuna seduta chiusa',
  'figures.missing.oneSession': 'servono almeno due sedute',
  'figures.missing.noRoundTrips': 'nessuna operazione ancora chiusa',
} as const;
