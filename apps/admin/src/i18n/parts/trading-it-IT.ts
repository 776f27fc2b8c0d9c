import type { tradingEnUS } from './trading-en-US';

/** Testi del back office per le impostazioni di trading, in italiano. */
export const tradingItIT: Record<keyof typeof tradingEnUS, string> = {
  'nav.trading': 'Commissioni e limiti di trading',
  'tradingSettings.title': 'Commissioni e limiti di trading',
  'tradingSettings.hint':
    'Per mercato: la commissione di ogni ordine, i limiti di un singolo ordine e quando si regolano le azioni acquistate. Una modifica vale dal prossimo ordine; un ordine già in attesa mantiene la commissione con cui è stato inserito. Lascia vuoto un limite per non averne.',
  'tradingSettings.updated': 'Ultimo salvataggio {{time}}',
  'tradingSettings.fee': 'Commissione per ordine',
  'tradingSettings.buy': 'Un acquisto',
  'tradingSettings.sell': 'Una vendita e il regolamento',
  'tradingSettings.rateBp': 'Percentuale (punti base; 19 è lo 0,19%)',
  'tradingSettings.perShare': 'Per azione',
  'tradingSettings.minimum': 'Commissione minima',
  'tradingSettings.maximum': 'Commissione massima',
  'tradingSettings.quantityMin': 'Quantità minima',
  'tradingSettings.quantityMax': 'Quantità massima',
  'tradingSettings.amountMin': 'Importo minimo',
  'tradingSettings.amountMax': 'Importo massimo',
  'tradingSettings.settlementDays': 'Regolamento (giorni lavorativi dopo il trade)',
  'tradingSettings.saved': 'Impostazioni di {{market}} salvate.',
  'market.XMIL': 'Borsa Italiana',
  'market.XNYS': 'Azioni USA',
  'market.CRYPTO': 'Cripto',
  'target.trading_settings': 'Impostazioni di trading',
  'action.tradingSettings.save': 'Impostazioni di trading salvate',
};
