import type { AdminNoticeView, NoticeView } from '@piazza/contract/calls/notices-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import type { Language } from '@piazza/contract/wire';
import { displayUserId } from '@piazza/core/display-id';
import type { Queryable } from '../../db/db';

/* Notice rows, who may see them now, and their texts in a language (decision 037). */

export interface NoticeRow {
  id: bigint;
  userId: number | null;
  source: 'operator' | 'event';
  titleIt: string | null;
  titleEn: string | null;
  bodyIt: string | null;
  bodyEn: string | null;
  messageKey: string | null;
  params: (string | number)[] | null;
  dialog: boolean;
  publishAt: Date;
  expireAt: Date | null;
  withdrawnAt: Date | null;
}

export const noticeColumns = `n.id, n.user_id as "userId", n.source, n.title_it as "titleIt", n.title_en as "titleEn",
  n.body_it as "bodyIt", n.body_en as "bodyEn", n.message_key as "messageKey", n.params, n.dialog,
  n.publish_at as "publishAt", n.expire_at as "expireAt", n.withdrawn_at as "withdrawnAt"`;

/**
 * The filter of the notices in force at `$nowParam` for the investor in `$userParam` (everyone's and their
 * own), or for a guest (everyone's) when `userParam` is null.
 */
export function inForce(nowParam: number, userParam: number | null): string {
  const audience =
    userParam === null ? 'n.user_id is null' : `(n.user_id is null or n.user_id = $${userParam})`;
  return `n.withdrawn_at is null and n.publish_at <= $${nowParam}
    and (n.expire_at is null or n.expire_at > $${nowParam}) and ${audience}`;
}

export function textsOf(n: NoticeRow, lang: Language): { title: string; body: string } {
  if (n.source === 'event') {
    const params = n.params ?? [];
    return {
      title: translate(lang, `${n.messageKey}.title`, params),
      body: translate(lang, `${n.messageKey}.body`, params),
    };
  }
  return lang === 'it-IT'
    ? { title: n.titleIt ?? '', body: n.bodyIt ?? '' }
    : { title: n.titleEn ?? '', body: n.bodyEn ?? '' };
}

export function noticeViewOf(n: NoticeRow & { read?: boolean }, lang: Language): NoticeView {
  return {
    id: Number(n.id),
    ...textsOf(n, lang),
    audience: n.userId === null ? 'everyone' : 'personal',
    dialog: n.dialog,
    publishAt: n.publishAt.getTime(),
    expireAt: n.expireAt?.getTime() ?? null,
    read: n.read ?? false,
  };
}

export function adminViewOf(n: NoticeRow & { reads: bigint | number }, nowMs: number): AdminNoticeView {
  const it = textsOf(n, 'it-IT');
  const en = textsOf(n, 'en-US');
  let state: AdminNoticeView['state'] = 'live';
  if (n.withdrawnAt) state = 'withdrawn';
  else if (n.publishAt.getTime() > nowMs) state = 'scheduled';
  else if (n.expireAt && n.expireAt.getTime() <= nowMs) state = 'expired';
  return {
    id: Number(n.id),
    source: n.source,
    userId: n.userId,
    investor: n.userId === null ? null : displayUserId(n.userId),
    titleIt: it.title,
    titleEn: en.title,
    bodyIt: it.body,
    bodyEn: en.body,
    dialog: n.dialog,
    publishAt: n.publishAt.getTime(),
    expireAt: n.expireAt?.getTime() ?? null,
    withdrawnAt: n.withdrawnAt?.getTime() ?? null,
    state,
    reads: Number(n.reads),
  };
}

/** How many notices in force the investor has not read. */
export async function unreadCount(q: Queryable, userId: number, nowMs: number): Promise<number> {
  const [row] = await q.query<{ n: bigint }>(
    `select count(*) as n from notices n
      where ${inForce(2, 1)}
        and not exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = $1)`,
    [userId, new Date(nowMs)],
  );
  return Number(row?.n ?? 0n);
}

export interface PersonalNoticeText {
  id: number;
  userId: number;
  texts: Record<Language, { title: string; body: string }>;
}

/**
 * The personal notices (the platform's and the operators' to one investor) after `afterId`, oldest first, in
 * both languages: what a push sender walks with a cursor. Withdrawn and expired ones are left out; the list
 * stops before the first not yet published, so a cursor at the last id returned never passes over it.
 */
export async function personalNoticesAfter(
  q: Queryable,
  afterId: number,
  limit: number,
  nowMs: number,
): Promise<PersonalNoticeText[]> {
  const rows = await q.query<NoticeRow>(
    `select ${noticeColumns} from notices n
      where n.user_id is not null and n.id > $1 and n.withdrawn_at is null
        and (n.expire_at is null or n.expire_at > $3)
      order by n.id limit $2`,
    [afterId, limit, new Date(nowMs)],
  );
  const out: PersonalNoticeText[] = [];
  for (const n of rows) {
    if (n.publishAt.getTime() > nowMs) break;
    out.push({
      id: Number(n.id),
      userId: n.userId as number,
      texts: { 'it-IT': textsOf(n, 'it-IT'), 'en-US': textsOf(n, 'en-US') },
    });
  }
  return out;
}
