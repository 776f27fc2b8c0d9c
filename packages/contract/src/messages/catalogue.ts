import type { Language } from '../wire';
import { adminMessages } from './admin';
import { coinContractMessages } from './coin-contract';
import { coinMessages } from './coin';
import { commonMessages } from './common';
import { fundingMessages } from './funding';
import { identityMessages } from './identity';
import { kycMessages } from './kyc';
import { ledgerMessages } from './ledger';
import { marketMessages } from './market';
import { optionsMessages } from './options';
import { realtimeMessages } from './realtime';
import { securityMessages } from './security';
import { stockContractMessages } from './stock-contract';
import { tradingMessages } from './trading';
import { tradingAdminMessages } from './trading-admin';

/*
 * Every refusal the server can give, in both languages. Each module keeps its own file beside common.ts and
 * is listed here once; a key missing in one language is a type error in that file.
 */
export const messageParts = [
  commonMessages,
  ledgerMessages,
  adminMessages,
  identityMessages,
  realtimeMessages,
  marketMessages,
  kycMessages,
  securityMessages,
  fundingMessages,
  tradingMessages,
  tradingAdminMessages,
  coinContractMessages,
  stockContractMessages,
  coinMessages,
  optionsMessages,
];

type Catalogue = Record<string, string>;

const catalogues: Record<Language, Catalogue> = {
  'it-IT': Object.assign({}, ...messageParts.map((p) => p['it-IT'])),
  'en-US': Object.assign({}, ...messageParts.map((p) => p['en-US'])),
};

export function hasMessage(key: string): boolean {
  return key in catalogues['en-US'];
}

/** The message for `key` in `lang` with `{0}`, `{1}` … replaced by `params`; the key itself if unknown. */
export function translate(lang: Language, key: string, params: readonly (string | number)[] = []): string {
  const template = catalogues[lang][key] ?? catalogues['en-US'][key] ?? key;
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = params[Number(i)];
    return value === undefined ? whole : String(value);
  });
}
