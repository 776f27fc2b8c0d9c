import type { tradingEnUS } from './trading-en-US';

/** Testi del back office per le impostazioni di trading, in italiano. */
export const tradingItIT: Record<keyof typeof tradingEnUS, string> = {
  'nav.trading': 'Commissioni e limiti di trading',
  'tradingSettings.title': 'Commissioni e limiti di trading',
  'tradingSettings.hint':
    'Per mercato: la commissione di ogni ordine, i limiti di un singolo ordine, quando si regolano le azioni acquistate, la leva massima e le condizioni di contratti e opzioni. Una modifica vale dal prossimo ordine; un ordine già in attesa mantiene la commissione con cui è stato inserito, un perpetuo aperto la sua commissione e il suo margine di mantenimento. Lascia vuoto un limite per non averne.',
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
  'tradingSettings.contracts': 'Contratti con leva e opzioni',
  'tradingSettings.perpetuals': 'Contratti perpetui',
  'tradingSettings.leverageShare': "Leva massima sulle azioni (n:1, per l'ESMA al massimo 5)",
  'tradingSettings.leverageMajorIndex':
    "Leva massima sugli indici principali (n:1, per l'ESMA al massimo 20)",
  'tradingSettings.leverageOtherIndex': "Leva massima sugli altri indici (n:1, per l'ESMA al massimo 10)",
  'tradingSettings.optionAmountMin': 'Acquisto minimo di opzioni',
  'tradingSettings.leverageCrypto': "Leva massima (n:1, per l'ESMA al massimo 2)",
  'tradingSettings.perpetualFeeBp': "Commissione all'apertura e alla chiusura (punti base; 5 è lo 0,05%)",
  'tradingSettings.perpetualMaintenanceBp': 'Margine di mantenimento (punti base; 50 è lo 0,50%)',
  'tradingSettings.perpetualMarginMin': 'Margine minimo',
  'market.XMIL': 'Borsa Italiana',
  'market.XNYS': 'Azioni USA',
  'market.CRYPTO': 'Cripto',
  'target.trading_settings': 'Impostazioni di trading',
  'action.tradingSettings.save': 'Impostazioni di trading salvate',
};
