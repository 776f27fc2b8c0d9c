import { z } from 'zod';

/* What the notices calls answer (calls/notices.ts). */

export const noticeView = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** Everyone's notice or this investor's own. */
  audience: z.enum(['everyone', 'personal']),
  /** Shown once as a dialog when the app opens (SPEC §3 `systemNotice`). */
  dialog: z.boolean(),
  publishAt: z.number(),
  expireAt: z.number().nullable(),
  /** Whether the caller has read it (always false for a guest). */
  read: z.boolean(),
});
export type NoticeView = z.output<typeof noticeView>;

export const adminNoticeView = z.object({
  id: z.number().int(),
  source: z.enum(['operator', 'event']),
  /** Null: everyone. */
  userId: z.number().int().nullable(),
  investor: z.string().nullable(),
  titleIt: z.string(),
  titleEn: z.string(),
  bodyIt: z.string(),
  bodyEn: z.string(),
  dialog: z.boolean(),
  publishAt: z.number(),
  expireAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
  /** scheduled: before its publish time; live; expired; withdrawn. */
  state: z.enum(['scheduled', 'live', 'expired', 'withdrawn']),
  /** How many investors have read it. */
  reads: z.number().int(),
});
export type AdminNoticeView = z.output<typeof adminNoticeView>;
