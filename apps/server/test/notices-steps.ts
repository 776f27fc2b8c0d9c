import type { AdminNoticeView, NoticeView } from '@piazza/contract/calls/notices-shapes';
import type { ListOf } from '@piazza/contract/wire';
import { call, type TestApp } from './helper';

/* Steps of the notices tests: an operator writes a notice, an investor reads their list. */

export const hour = 3_600_000;

export function saveNotice(
  t: TestApp,
  operator: string,
  fields: Record<string, string | number | undefined>,
  lang = 'en-US',
) {
  return call<AdminNoticeView>(
    t.app,
    'POST',
    '/admin/notices/save',
    { titleIt: 'Avviso', titleEn: 'Notice', bodyIt: 'Testo', bodyEn: 'Text', ...fields },
    { token: operator, lang },
  );
}

export async function noticesOf(t: TestApp, token: string, lang = 'en-US') {
  const res = await call<ListOf<NoticeView> & { unread: number }>(
    t.app,
    'GET',
    '/user/notice',
    { size: 100 },
    { token, lang },
  );
  if (res.code !== 0) throw new Error(`notices refused: ${res.msg}`);
  return res.data;
}

export async function unreadOf(t: TestApp, token: string): Promise<number> {
  const res = await call<{ unread: number }>(t.app, 'GET', '/user/notice/unread', {}, { token });
  return res.data.unread;
}
