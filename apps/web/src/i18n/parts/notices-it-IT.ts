/** Texts of the notices pages (notice/list, notice/detail) and their badge, in Italian. */
export const noticesItIT = {
  'notices.title': 'Avvisi',
  'notices.detailTitle': 'Avviso',
  'notices.empty': 'Nessun avviso per ora.',
  'notices.more': 'Altri avvisi',
  'notices.readAll': 'Segna tutti come letti',
  'notices.unread': 'Non letto',
  'notices.personal': 'Per te',
  'notices.unreadCount': '{{count}} avvisi non letti',
  'notices.dialogOk': 'Ho capito',
  'notices.open': 'Leggi',
  'drawer.notices': 'Avvisi',
};
