import { formatNumber } from '@piazza/core/format-number';
import type { Language } from '../wire';
import { adminMessages } from './admin';
import { alertsMessages } from './alerts';
import { bondsMessages } from './bonds';
import { coinMessages } from './coin';
import { coinContractMessages } from './coin-contract';
import { commonMessages } from './common';
import { contentNewsMessages } from './content-news';
import { documentsMessages } from './documents';
import { fundMessages } from './fund';
import { fundingMessages } from './funding';
import { identityMessages } from './identity';
import { kycMessages } from './kyc';
import { ledgerMessages } from './ledger';
import { lendingMessages } from './lending';
import { marketMessages } from './market';
import { noticesMessages } from './notices';
import { optionsMessages } from './options';
import { plansMessages } from './plans';
import { portfolioMessages } from './portfolio';
import { primaryMessages } from './primary';
import { realtimeMessages } from './realtime';
import { regulatoryMessages } from './regulatory';
import { robotMessages } from './robot';
import { securityMessages } from './security';
import { serviceMessages } from './service';
import { stockContractMessages } from './stock-contract';
import { taxesMessages } from './taxes';
import { tradingMessages } from './trading';
import { tradingAdminMessages } from './trading-admin';
import { vipMessages } from './vip';

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
  primaryMessages,
  robotMessages,
  fundMessages,
  lendingMessages,
  plansMessages,
  alertsMessages,
  vipMessages,
  regulatoryMessages,
  contentNewsMessages,
  serviceMessages,
  noticesMessages,
  documentsMessages,
  taxesMessages,
  bondsMessages,
  portfolioMessages,
];

type Catalogue = Record<string, string>;

const catalogues: Record<Language, Catalogue> = {
  'it-IT': Object.assign({}, ...messageParts.map((p) => p['it-IT'])),
  'en-US': Object.assign({}, ...messageParts.map((p) => p['en-US'])),
};

export function hasMessage(key: string): boolean {
  return key in catalogues['en-US'];
}

/**
 * A decimal as the wire writes it ("14.240", "-0.5"), alone or before its currency or asset ("10.00 EUR"):
 * shown in the reader's convention ("10,00 EUR" in Italian), all its places kept (decision 044).
 */
const wireDecimal = /^(-?\d+\.(\d+))( [A-Z][A-Z0-9]{1,9})?$/;

/** A calendar date as the wire writes it (ISO 8601): the Italian reader reads 25/11/2026. */
const wireDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function localised(lang: Language, value: string | number): string {
  const text = String(value);
  const date = wireDate.exec(text);
  if (date) return lang === 'it-IT' ? `${date[3]}/${date[2]}/${date[1]}` : text;
  const decimal = wireDecimal.exec(text);
  if (!decimal) return text;
  return formatNumber(decimal[1] as string, lang, (decimal[2] as string).length) + (decimal[3] ?? '');
}

/**
 * The message for `key` in `lang` with `{0}`, `{1}` … replaced by `params`; the key itself if unknown. A
 * parameter that is a wire decimal ("14.240") is written as the language writes numbers ("14,240" in it-IT).
 */
export function translate(lang: Language, key: string, params: readonly (string | number)[] = []): string {
  const template = catalogues[lang][key] ?? catalogues['en-US'][key] ?? key;
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = params[Number(i)];
    return value === undefined ? whole : localised(lang, value);
  });
}
