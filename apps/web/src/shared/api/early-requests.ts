import { readPersisted } from '../storage/persisted';
import { resolveApiBase } from './api-base';

/*
 * Reads the entry starts before the page that needs them has arrived (decision 068, amendment): the first page's
 * calls otherwise wait for its chunks, the catalogue and the deferred shell. The request wrapper takes a started
 * answer instead of sending the same call again, once, while it is fresh. No zod here: this is in the first download.
 */

export type Params = Record<string, string | number | boolean | null | undefined>;

/** A started read is used only this long after it was sent; a page opened later reads afresh. */
export const earlyFreshMs = 10_000;

export const apiBase = resolveApiBase(window.location, import.meta.env.VITE_API_BASE);

/** A GET's query string, or a POST's form body: the params in their order, absent ones left out. */
export function encodeParams(params: Params): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  return body.toString();
}

/** The headers every call carries: the language, and the token when signed in. */
export function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': readPersisted('lang') };
  const token = readPersisted('userToken');
  if (token) headers['access-token'] = token;
  return headers;
}

/** The address of a GET call. */
export function getUrl(path: string, params: Params): string {
  const query = encodeParams(params);
  return query ? `${apiBase}${path}?${query}` : apiBase + path;
}

interface Started {
  answer: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

const keyOf = (url: string, headers: Record<string, string>) =>
  `${url}\n${headers['Accept-Language'] ?? ''}\n${headers['access-token'] ?? ''}`;

/** Sends a GET now, kept for the page's own call; returns the answer, for a look at it (the home's banner). */
export function startEarly(path: string, params: Params, timeoutMs: number): Promise<Response> {
  const headers = callHeaders();
  const url = getUrl(path, params);
  const answer = fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  // Never taken (the investor left at once), its failure is nobody's: no unhandled rejection.
  answer.catch(() => undefined);
  started.set(keyOf(url, headers), { answer, at: Date.now() });
  return answer;
}

/** The started answer to this very GET (same address, language and token), once, while it is fresh. */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const found = started.get(key);
  if (!found) return undefined;
  started.delete(key);
  return Date.now() - found.at <= earlyFreshMs ? found.answer : undefined;
}
