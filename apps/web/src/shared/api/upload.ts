import type { CallDef, CallOutput } from '@piazza/contract/define';
import { ResultCode } from '@piazza/contract/wire';
import { Toast } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';
import { ServerFailure, SessionEnded } from './failures';
import { type RequestOptions, request } from './request';

/**
 * Uploads one file to a multipart call (its `file` field) through the same wrapper as every other call, so
 * refusals are toasted and a lapsed session signs out the same way; answers the call's parsed output.
 */
export async function upload<C extends CallDef>(
  call: C,
  file: Blob,
  fileName: string,
  opts: RequestOptions = {},
): Promise<CallOutput<C>> {
  const form = new FormData();
  form.append('file', file, fileName);
  const envelope = await request(call.method, call.path, form, opts);
  if (envelope.code === ResultCode.session) throw new SessionEnded(envelope.msg);
  const parsed = call.output.safeParse(envelope.data);
  if (!parsed.success) {
    if (!opts.silent) Toast.show({ content: i18n.t('common.serverError') });
    throw new ServerFailure('answer does not match the contract', parsed.error);
  }
  return parsed.data as CallOutput<C>;
}
