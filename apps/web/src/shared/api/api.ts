import type { CallDef, CallOutput, CallParams } from '@piazza/contract/define';
import { ResultCode } from '@piazza/contract/wire';
import { Toast } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';
import { ServerFailure, SessionEnded } from './failures';
import { type Params, type RequestOptions, request } from './request';

/**
 * Whether answers are checked against the contract's output schemas: in development and tests, not in a
 * production build (decision 068, amendment). The server is trusted, and its own checks (decision 067) hold
 * every answer to exactly what the contract says in its tests; on a phone, parsing 500 candles with zod was a
 * long task of half a second.
 */
export const answerChecks = !import.meta.env.PROD;

/**
 * Makes one contract call: the input type is the call's schema input, the answer is parsed with its output
 * schema (in development and tests). Rejects with the failures of failures.ts; a lapsed session (already handled by the wrapper)
 * rejects with SessionEnded so that no page mistakes it for data.
 */
export async function api<C extends CallDef>(
  call: C,
  params: CallParams<C>,
  opts: RequestOptions = {},
): Promise<CallOutput<C>> {
  const envelope = await request(call.method, call.path, params as Params, opts);
  if (envelope.code === ResultCode.session) throw new SessionEnded(envelope.msg);
  if (!answerChecks) return envelope.data as CallOutput<C>;
  const parsed = call.output.safeParse(envelope.data);
  if (!parsed.success) {
    // The server answered something the contract does not allow: a deployment mismatch, not user error.
    if (!opts.silent) Toast.show({ content: i18n.t('common.serverError') });
    throw new ServerFailure('answer does not match the contract', parsed.error);
  }
  return parsed.data as CallOutput<C>;
}
