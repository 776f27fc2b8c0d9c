import type { Instrument } from '../../market/instrument';

/** Lower case without accents, so 'Società' and 'societa', 'ENEL' and 'énél' read the same. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Instruments whose symbol, name or ISIN contains the text, best first: an exact symbol, ticker or ISIN,
 * then a symbol or name that starts with it, then the rest; within each, by name.
 */
export function searchInstruments(
  instruments: readonly Instrument[],
  text: string,
  max: number,
): Instrument[] {
  const q = foldForSearch(text);
  if (!q) return [];
  const ranked: { instrument: Instrument; rank: number }[] = [];
  for (const instrument of instruments) {
    const symbol = foldForSearch(instrument.symbol);
    const ticker = symbol.split('.')[0]!;
    const name = foldForSearch(instrument.name);
    const isin = instrument.isin ? foldForSearch(instrument.isin) : '';
    let rank: number;
    if (q === symbol || q === ticker || q === isin) rank = 0;
    else if (symbol.startsWith(q) || name.startsWith(q)) rank = 1;
    else if (symbol.includes(q) || name.includes(q) || isin.includes(q)) rank = 2;
    else continue;
    ranked.push({ instrument, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.instrument.name.localeCompare(b.instrument.name, 'it'));
  return ranked.slice(0, max).map((r) => r.instrument);
}
