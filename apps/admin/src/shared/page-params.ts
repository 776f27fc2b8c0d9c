import { useSearchParams } from 'react-router-dom';

/**
 * List filters and the page number live in the address (?page=2&q=…), so a list can be reloaded, bookmarked
 * and returned to with the back button exactly as it was.
 */
export function usePageParams<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const values = Object.fromEntries(keys.map((k) => [k, search.get(k) ?? ''])) as Record<K, string>;
  const update = (changes: Partial<Record<K | 'page', string | number>>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === '' || v === undefined || v === 1) next.delete(k);
      else next.set(k, String(v));
    }
    // A new filter starts again from the first page.
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  return { page, values, update };
}
