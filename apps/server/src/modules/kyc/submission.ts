import { kycStatus, kycSubmit } from '@piazza/contract/calls/kyc';
import type { CallInput } from '@piazza/contract/define';
import type { IdStatus } from '@piazza/contract/enums';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, userOf } from '../../http/implement';
import { userChanged } from '../../kit/user-changes';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { type DocumentRow, documentView, ownDocument } from './documents';
import { readProfile, saveProfile } from './profile';

type SubmitInput = CallInput<typeof kycSubmit>;
type Form = Omit<SubmitInput, 'frontId' | 'backId' | 'privacy'>;

interface SubmissionRow extends Form {
  id: number;
  status: 'pending' | 'succ' | 'fail';
  frontId: string;
  backId: string;
  failReason: string | null;
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewerId: number | null;
}

const submissionColumns = `id, status, cert_type as "certType", real_name as "realName", cert_no as "certNo",
  birthday, address, nationality, valid_until as "validUntil", purpose, fund_source as "fundSource",
  income_range as "incomeRange", asset_range as "assetRange", objective, risk_preference as "riskPreference",
  experience, front_id as "frontId", back_id as "backId", fail_reason as "failReason",
  submitted_at as "submittedAt", reviewed_at as "reviewedAt", reviewer_id as "reviewerId"`;

export async function latestSubmission(q: Queryable, userId: number): Promise<SubmissionRow | undefined> {
  return one<SubmissionRow>(
    q,
    `select ${submissionColumns} from kyc_submissions where user_id = $1 order by id desc limit 1`,
    [userId],
  );
}

/** The stored form as the wire shows it, with its two documents readable by `audience`. */
export async function formView(q: Queryable, s: SubmissionRow, audience: 'user' | 'admin') {
  const docs = await q.query<Pick<DocumentRow, 'id' | 'kind' | 'size'>>(
    'select id, kind, size from kyc_documents where id = $1 or id = $2',
    [s.frontId, s.backId],
  );
  const doc = (id: string) => {
    const d = docs.find((x) => x.id === id);
    if (!d) throw new Error(`document ${id} of submission ${s.id} is missing`);
    return documentView(d, audience);
  };
  return {
    certType: s.certType,
    realName: s.realName,
    certNo: s.certNo,
    birthday: s.birthday,
    address: s.address,
    nationality: s.nationality,
    validUntil: s.validUntil,
    purpose: s.purpose,
    fundSource: s.fundSource,
    incomeRange: s.incomeRange,
    assetRange: s.assetRange,
    objective: s.objective,
    riskPreference: s.riskPreference,
    experience: s.experience,
    front: doc(s.frontId),
    back: doc(s.backId),
    submittedAt: s.submittedAt.getTime(),
  };
}

/** A calendar date typed as YYYY-MM-DD, if it exists (no 31 February). */
function calendarDate(text: string): { y: number; m: number; d: number } | null {
  const [y, m, d] = text.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Today's date in Rome, where the broker's day turns. */
function romeToday(nowMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(nowMs));
}

/**
 * The rules a schema cannot check alone: real dates, an adult holder (18 today or earlier), a document not
 * expired today, and two different documents that this user uploaded.
 */
export async function checkForm(q: Queryable, userId: number, input: SubmitInput, nowMs: number) {
  const today = romeToday(nowMs);
  const birth = calendarDate(input.birthday);
  if (!birth || input.birthday > today || birth.y < 1900) throw new Refusal('kyc.birthday');
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - birth.y - (tm < birth.m || (tm === birth.m && td < birth.d) ? 1 : 0);
  if (age < 18) throw new Refusal('kyc.birthday.adult');
  if (!calendarDate(input.validUntil)) throw new Refusal('kyc.validUntil');
  if (input.validUntil < today) throw new Refusal('kyc.validUntil.expired');
  if (input.frontId === input.backId) throw new Refusal('kyc.document.same');
  if (!(await ownDocument(q, userId, input.frontId))) throw new Refusal('kyc.document.unknown');
  if (!(await ownDocument(q, userId, input.backId))) throw new Refusal('kyc.document.unknown');
}

export function mountSubmission(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;

  implement(app, services, kycStatus, async (ctx) => {
    const user = userOf(ctx);
    const { q } = ctx;
    const u = await one<{
      idStatus: IdStatus;
      hniStatus: 'none' | 'pending' | 'approved' | 'rejected';
      hniReason: string | null;
    }>(
      q,
      'select id_status as "idStatus", hni_status as "hniStatus", hni_reason as "hniReason" from users where id = $1',
      [user.id],
    );
    if (!u) throw new Error(`user ${user.id} vanished`);
    const s = await latestSubmission(q, user.id);
    return {
      idStatus: u.idStatus,
      failReason: u.idStatus === 'fail' ? (s?.failReason ?? null) : null,
      form: s ? await formView(q, s, 'user') : null,
      reviewedAt: s?.reviewedAt?.getTime() ?? null,
      profile: await readProfile(q, user.id),
      hni: { status: u.hniStatus, reason: u.hniStatus === 'rejected' ? u.hniReason : null },
    };
  });

  implement(app, services, kycSubmit, async (ctx) => {
    const user = userOf(ctx);
    const { input } = ctx;
    const now = clock.now();
    const submitted = await db.tx(async (tx) => {
      const row = await one<{ idStatus: IdStatus }>(
        tx,
        'select id_status as "idStatus" from users where id = $1 for update',
        [user.id],
      );
      if (row?.idStatus === 'pending') throw new Refusal('kyc.pending');
      if (row?.idStatus === 'succ') throw new Refusal('kyc.verified');
      await checkForm(tx, user.id, input, now);
      const at = new Date(now);
      await tx.query(
        `insert into kyc_submissions (user_id, cert_type, real_name, cert_no, birthday, address, nationality,
           valid_until, purpose, fund_source, income_range, asset_range, objective, risk_preference, experience,
           front_id, back_id, submitted_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          user.id,
          input.certType,
          input.realName,
          input.certNo,
          input.birthday,
          input.address,
          input.nationality,
          input.validUntil,
          input.purpose,
          input.fundSource,
          input.incomeRange,
          input.assetRange,
          input.objective,
          input.riskPreference,
          input.experience,
          input.frontId,
          input.backId,
          at,
        ],
      );
      await tx.query(`update users set id_status = 'pending', updated_at = $2 where id = $1`, [user.id, at]);
      await saveProfile(tx, user.id, input, at);
      return { idStatus: 'pending' as const };
    });
    await userChanged(services, user.id);
    return submitted;
  });
}
