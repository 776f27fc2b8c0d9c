import type { noticesItIT } from './notices-it-IT';

/** Texts of the notices pages (notice/list, notice/detail) and their badge, in English. */
export const noticesEnUS: Record<keyof typeof noticesItIT, string> = {
  'notices.title': 'Notices',
  'notices.detailTitle': 'Notice',
  'notices.empty': 'No notices for now.',
  'notices.more': 'More notices',
  'notices.readAll': 'Mark all as read',
  'notices.unread': 'Unread',
  'notices.personal': 'For you',
  'notices.unreadCount': '{{count}} unread notices',
  'notices.dialogOk': 'Got it',
  'notices.open': 'Read',
  'drawer.notices': 'Notices',
};
