import type { IdStatus } from '@piazza/contract/enums';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/**
 * SPEC §5 "KYC must be completed first": refuses with `kyc.required` unless the user's identity is verified.
 * Withdrawals, HNI and anything else that needs a verified investor call it inside their transaction.
 */
export async function requireKycVerified(q: Queryable, userId: number): Promise<void> {
  const row = await one<{ idStatus: IdStatus }>(
    q,
    'select id_status as "idStatus" from users where id = $1',
    [userId],
  );
  if (row?.idStatus !== 'succ') throw new Refusal('kyc.required');
}
