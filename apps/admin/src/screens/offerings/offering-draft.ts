import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import type { Language } from '@piazza/contract/wire';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';

/*
 * An offering's draft as the form holds it (text as typed, instants as `datetime-local` in the browser's
 * zone) and as the wire wants it. A number the operator's language cannot read is sent as typed, so the
 * server's refusal names the field.
 */

const dayMs = 86_400_000;

/** `datetime-local` text for an instant, in the browser's zone. */
export function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function emptyDraft(now: number) {
  return {
    kind: 'ipo' as OfferingView['kind'],
    symbol: '',
    name: '',
    isin: '',
    market: 'XMIL' as 'XMIL' | 'XNYS',
    issuePrice: '',
    discountPercent: '',
    lotSize: '',
    minLots: '1',
    maxLots: '',
    lotsOffered: '',
    opensAt: localInput(now + 60 * 60_000),
    closesAt: localInput(now + 7 * dayMs),
    allotsAt: localInput(now + 7 * dayMs + 2 * 60 * 60_000),
    payBy: localInput(now + 9 * dayMs),
    listsAt: localInput(now + 10 * dayMs),
    documentUrl: '',
    description: '',
    vipOnly: false,
    freezeOnApply: false,
  };
}
export type Draft = ReturnType<typeof emptyDraft>;

/** A saved draft back into the form. */
export function draftOf(o: OfferingView): Draft {
  const symbol = o.kind === 'ico' ? o.symbol.replace(/USDT$/, '') : o.symbol.replace(/\.(MI|US)$/, '');
  return {
    kind: o.kind,
    symbol,
    name: o.name,
    isin: o.isin ?? '',
    market: o.market === 'XNYS' ? 'XNYS' : 'XMIL',
    issuePrice: o.issuePrice,
    discountPercent: o.discountPercent === '0.00' ? '' : o.discountPercent,
    lotSize: o.lotSize,
    minLots: String(o.minLots),
    maxLots: String(o.maxLots),
    lotsOffered: String(o.lotsOffered),
    opensAt: localInput(o.opensAt),
    closesAt: localInput(o.closesAt),
    allotsAt: localInput(o.allotsAt),
    payBy: localInput(o.payBy),
    listsAt: localInput(o.listsAt),
    documentUrl: o.documentUrl,
    description: o.description,
    vipOnly: o.vipOnly,
    freezeOnApply: o.freezeOnApply,
  };
}

export function offeringFields(d: Draft, lang: Language, id?: number) {
  const decimal = (text: string) => (text.trim() === '' ? undefined : (readTypedNumber(text, lang) ?? text));
  const whole = (text: string) => readTypedInteger(text, lang) ?? text;
  const instant = (text: string) => new Date(text).getTime();
  return {
    ...(id === undefined ? {} : { id }),
    kind: d.kind,
    symbol: d.symbol,
    name: d.name,
    ...(d.kind === 'ico' ? {} : { isin: d.isin, market: d.market }),
    issuePrice: decimal(d.issuePrice) ?? '',
    discountPercent: decimal(d.discountPercent),
    lotSize: whole(d.lotSize),
    minLots: whole(d.minLots),
    maxLots: whole(d.maxLots),
    lotsOffered: whole(d.lotsOffered),
    opensAt: instant(d.opensAt),
    closesAt: instant(d.closesAt),
    allotsAt: instant(d.allotsAt),
    payBy: instant(d.payBy),
    listsAt: instant(d.listsAt),
    documentUrl: d.documentUrl,
    description: d.description,
    vipOnly: d.vipOnly ? 1 : 0,
    freezeOnApply: d.freezeOnApply ? 1 : 0,
  };
}
