import { z } from 'zod';
import { defineCall } from '../define';
import { flagField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { adminNoticeView, noticeView } from './notices-shapes';

/*
 * Notices (issue 15 item 1, SPEC §2 `notice/list`, `notice/detail`, §7 `/user/notice`, `/user/notice/read`,
 * `/index/notice`, DESIGN.md §11, decision 037). A notice is for everyone or for one investor; operators
 * write them in both languages, and the platform writes one to an investor when something of theirs
 * happened (a KYC decision, a deposit credited, …). Every text is plain text: the apps show it as text, never
 * as markup. Answers are in the caller's language. Beyond SPEC: `/user/notice/unread`, the details, and the
 * back office's calls.
 */

const noticeId = rowIdField;

export const indexNotice = defineCall({
  method: 'GET',
  path: '/index/notice',
  auth: 'guest',
  tag: 'notices',
  summary:
    'Notices for everyone in force now, newest first, and the newest one flagged as a dialog (null if none).',
  input: { ...pageFields },
  output: listOf(noticeView).extend({ dialog: noticeView.nullable() }),
});

export const indexNoticeInfo = defineCall({
  method: 'GET',
  path: '/index/notice/info',
  auth: 'guest',
  tag: 'notices',
  summary: 'One notice for everyone in force now.',
  input: { id: noticeId },
  output: noticeView,
});

export const userNotice = defineCall({
  method: 'GET',
  path: '/user/notice',
  auth: 'user',
  tag: 'notices',
  summary:
    'The caller’s notices in force now (everyone’s and their own), newest first, each with its read state, and how many are unread.',
  input: { ...pageFields },
  output: listOf(noticeView).extend({ unread: z.number().int() }),
});

export const userNoticeUnread = defineCall({
  method: 'GET',
  path: '/user/notice/unread',
  auth: 'user',
  tag: 'notices',
  summary: 'How many of the caller’s notices in force are unread (the badge on the home and the drawer).',
  input: {},
  output: z.object({ unread: z.number().int() }),
});

export const userNoticeInfo = defineCall({
  method: 'GET',
  path: '/user/notice/info',
  auth: 'user',
  tag: 'notices',
  summary:
    'One of the caller’s notices in force (reading it does not mark it read: `/user/notice/read` does).',
  input: { id: noticeId },
  output: noticeView,
});

export const userNoticeRead = defineCall({
  method: 'POST',
  path: '/user/notice/read',
  auth: 'user',
  tag: 'notices',
  summary:
    'Marks one notice read (id), or every notice in force (all = 1); marking again changes nothing. Answers the unread count.',
  input: { id: noticeId.optional(), all: flagField().optional() },
  output: z.object({ unread: z.number().int() }),
});

/* The back office. */

const desks = ['support', 'compliance'] as const;
const text = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
const timeMs = (key: string) => intField(key).pipe(z.number().min(0, { error: key }));

export const adminNotices = defineCall({
  method: 'GET',
  path: '/admin/notices',
  auth: 'operator',
  roles: desks,
  tag: 'admin-notices',
  summary:
    'Notices newest first: the operators’ (source operator, the default) or those the platform wrote to investors (source event), optionally of one investor.',
  input: {
    ...pageFields,
    source: z.enum(['operator', 'event'], { error: 'notices.source' }).optional(),
    userId: rowIdField.optional(),
  },
  output: listOf(adminNoticeView),
});

export const adminNoticeSave = defineCall({
  method: 'POST',
  path: '/admin/notices/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-notices',
  summary:
    'Writes a notice (no id) or changes one: title and body in both languages (plain text), publish time, optional expiry, for everyone or one investor (userId), and for everyone whether it shows once as a dialog. Audited.',
  input: {
    id: rowIdField.optional(),
    titleIt: text('notices.title', 120),
    titleEn: text('notices.title', 120),
    bodyIt: text('notices.body', 5000),
    bodyEn: text('notices.body', 5000),
    userId: intField('notices.investor')
      .pipe(z.number().min(1, { error: 'notices.investor' }))
      .nullable()
      .optional(),
    dialog: flagField().optional(),
    publishAt: timeMs('notices.publishAt'),
    expireAt: timeMs('notices.expireAt').nullable().optional(),
  },
  output: adminNoticeView,
});

export const adminNoticeWithdraw = defineCall({
  method: 'POST',
  path: '/admin/notices/withdraw',
  auth: 'operator',
  roles: desks,
  tag: 'admin-notices',
  summary: 'Withdraws a notice: investors no longer see it. Audited.',
  input: { id: rowIdField },
  output: adminNoticeView,
});
