import type { CallDef, CallOutput, CallParams } from '@piazza/contract/define';
import { currentLanguage, i18n } from '../i18n/i18n';
import { showNotice } from './notices';
import { session } from './session';

/** The back office is served by the API server itself, so the API is on the same origin. */
const apiBase = '/ipcg-api';
/** SPEC.md §9: requests give up after 60 seconds. */
const timeoutMs = 60_000;

/** The server refused (-1001); its message, in the operator's language, has been shown already. */
export class Refused extends Error {
  /** What the server added to the refusal (e.g. {totp: true}: the login needs the authenticator code). */
  constructor(
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
/** No valid operator session (-1000); the token is gone and the app is on its way to the login page. */
export class SessionEnded extends Error {}

function encode(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') form.set(k, String(v));
  return form;
}

/**
 * The one place that talks to the server and decides what the operator is told: -1000 ends the session (the
 * app then shows the login page), -1001 shows the server's message, a network failure or an unreadable answer
 * shows ours. Everything else resolves with the call's data, checked against the contract.
 */
export async function request<C extends CallDef>(call: C, params: CallParams<C>): Promise<CallOutput<C>> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = session.token();
  if (token) headers['access-token'] = token;
  const form = encode(params as Record<string, unknown>);
  let url = apiBase + call.path;
  const init: RequestInit = { method: call.method, headers, signal: AbortSignal.timeout(timeoutMs) };
  if (call.method === 'GET') {
    if (form.size > 0) url += `?${form}`;
  } else {
    init.body = form;
  }

  let body: { code: number; msg: string; data: unknown };
  try {
    const res = await fetch(url, init);
    body = await res.json();
  } catch (err) {
    showNotice('error', i18n.t('network.failed'));
    throw err;
  }
  if (body.code === -1000) {
    session.end();
    throw new SessionEnded(body.msg);
  }
  if (body.code !== 0) {
    showNotice('error', body.msg);
    throw new Refused(body.msg, body.data);
  }
  const parsed = call.output.safeParse(body.data);
  if (!parsed.success) {
    showNotice('error', i18n.t('network.badAnswer'));
    throw parsed.error;
  }
  return parsed.data as CallOutput<C>;
}
