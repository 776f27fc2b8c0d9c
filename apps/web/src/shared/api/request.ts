import { type Envelope, ResultCode } from '@piazza/contract/wire';
import { Toast } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';
import { navigateTo } from '../navigation/navigator';
import { paths } from '../navigation/paths';
import { removePersisted } from '../storage/persisted';
import { apiBase, callHeaders, encodeParams, type Params, takeEarly } from './early-requests';
import { ApiRefusal, NetworkFailure, ServerFailure } from './failures';

export { apiBase, type Params };

/*
 * The one request wrapper (SPEC §7–8). It alone decides the toasts and the login redirect that answers
 * cause; pages receive data or one of the failures in failures.ts.
 */

/** SPEC §9: request, upload and download timeouts. */
export const requestTimeoutMs = 60_000;
/** SPEC §9: server messages show for one second. */
export const refusalToastMs = 1_000;

export type Method = 'GET' | 'POST';

export interface RequestOptions {
  /** No toast on failure (the drawer's login-info: SPEC §8 ignores its failures silently). */
  silent?: boolean;
}

function toast(content: string, durationMs?: number) {
  Toast.show({ content, duration: durationMs });
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code: unknown }).code === 'number';
}

function signOutLocally() {
  removePersisted('userInfo', 'userToken');
  if (window.location.pathname !== paths.login) navigateTo(paths.login);
}

/**
 * The server ended this session outside a request (an operator turned the account off, a sign-out
 * elsewhere): the same as a -1000 answer, decided here like every login redirect.
 */
export function endSessionFromServer() {
  signOutLocally();
}

/**
 * Sends one call: POST as a form-encoded body (or multipart, for an upload's FormData), GET as a query string,
 * with the stored token and language. Resolves with the envelope for code 0 and -1000 (after signing out
 * locally and going to login), rejects with ApiRefusal for -1001 (after a one-second toast of its msg),
 * NetworkFailure or ServerFailure.
 */
export async function request(
  method: Method,
  path: string,
  params: Params | FormData = {},
  opts: RequestOptions = {},
): Promise<Envelope<unknown>> {
  const headers = callHeaders();
  let url = apiBase + path;
  let body: string | FormData | undefined;
  if (params instanceof FormData) {
    // The browser writes the multipart Content-Type with its boundary.
    body = params;
  } else if (method === 'GET') {
    const query = encodeParams(params);
    if (query) url += `?${query}`;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = encodeParams(params);
  }

  let response: Response;
  let payload: unknown;
  try {
    const send = () => fetch(url, { method, headers, body, signal: AbortSignal.timeout(requestTimeoutMs) });
    // The entry may have sent this very read already (the first page's first calls): its answer, or a fresh try.
    const early = method === 'GET' ? takeEarly(url, headers) : undefined;
    response = await (early ? early.catch(send) : send());
  } catch (err) {
    Toast.clear();
    if (!opts.silent) toast(i18n.t('common.networkError'));
    throw new NetworkFailure(err);
  }
  try {
    payload = await response.json();
  } catch (err) {
    if (!opts.silent) toast(i18n.t('common.serverError'));
    throw new ServerFailure(`HTTP ${response.status}`, err);
  }
  if (!isEnvelope(payload)) {
    if (!opts.silent) toast(i18n.t('common.serverError'));
    throw new ServerFailure(`HTTP ${response.status}`);
  }

  switch (payload.code) {
    case ResultCode.ok:
      return payload;
    case ResultCode.session:
      signOutLocally();
      return payload;
    case ResultCode.refusal:
      if (!opts.silent) toast(payload.msg, refusalToastMs);
      throw new ApiRefusal(payload.msg, payload.data);
    default:
      if (!opts.silent) toast(payload.msg || i18n.t('common.serverError'));
      throw new ServerFailure(payload.msg);
  }
}
