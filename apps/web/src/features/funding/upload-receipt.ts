import { kycUpload } from '@piazza/contract/calls/kyc';
import type { CallOutput } from '@piazza/contract/define';
import { ResultCode } from '@piazza/contract/wire';
import { ServerFailure, SessionEnded } from '../../shared/api/failures';
import { request } from '../../shared/api/request';

/**
 * Uploads a payment receipt through the documents call (/common/upload: JPEG, PNG or PDF by content, at most
 * 10 MB, metadata removed); the deposit then names it by id. Refusals are toasted by the wrapper.
 */
export async function uploadReceipt(file: File): Promise<CallOutput<typeof kycUpload>> {
  const body = new FormData();
  body.append('file', file, file.name);
  const envelope = await request(kycUpload.method, kycUpload.path, body);
  if (envelope.code === ResultCode.session) throw new SessionEnded(envelope.msg);
  const parsed = kycUpload.output.safeParse(envelope.data);
  if (!parsed.success) throw new ServerFailure('answer does not match the contract', parsed.error);
  return parsed.data;
}
