import type { Language } from '@piazza/contract/wire';
import enUS from 'antd-mobile/es/locales/en-US';
import itBase from 'antd-mobile/es/locales/it-IT';

type AntdLocale = typeof enUS;

/*
 * antd-mobile's own texts in Italian. Its bundled it-IT has typos and a few odd choices ("Ho capito" for
 * OK, "Finora"), so the texts our pages can show are restated here in plain Italian.
 */
const itIT: AntdLocale = {
  ...itBase,
  locale: 'it-IT',
  common: { confirm: 'Conferma', cancel: 'Annulla', loading: 'Caricamento', close: 'Chiudi' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  DatePicker: { tillNow: 'Fino a oggi' },
  Input: { clear: 'Cancella' },
  InfiniteScroll: {
    noMore: 'Non ci sono altri elementi',
    failedToLoad: 'Caricamento non riuscito',
    retry: 'Riprova',
  },
  PullToRefresh: {
    pulling: 'Trascina in basso per aggiornare',
    canRelease: 'Rilascia per aggiornare',
    complete: 'Aggiornamento completato',
  },
  Form: {
    ...itBase.Form,
    defaultValidateMessages: {
      ...itBase.Form.defaultValidateMessages,
      // antd-mobile fills ${label} itself.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: antd-mobile's placeholder syntax
      whitespace: '${label} non può contenere solo spazi',
    },
  },
};

export const antdLocales: Record<Language, AntdLocale> = { 'it-IT': itIT, 'en-US': enUS };
