import type { Queryable } from '../../db/db';
import { type PageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';

/* The back office's inbox: conversations with their unread counts, assignee and last message. */

export type InboxFilter = 'all' | 'mine' | 'unassigned';

interface ConversationRow {
  userId: number;
  account: string;
  assigneeId: number | null;
  assigneeName: string | null;
  unread: bigint | number | string;
  lastText: string | null;
  lastImage: string | null;
  lastSender: 'user' | 'operator' | null;
  lastAt: Date;
}

const columns = `c.user_id as "userId", u.account, c.assignee_id as "assigneeId", o.name as "assigneeName",
  (select count(*) from service_messages m
    where m.user_id = c.user_id and m.sender = 'user' and m.read_at is null) as unread,
  l.body as "lastText", l.attachment_id as "lastImage", l.sender as "lastSender", c.last_message_at as "lastAt"`;
const from = `service_conversations c
  join users u on u.id = c.user_id
  left join operators o on o.id = c.assignee_id
  left join lateral (select body, attachment_id, sender from service_messages m
                      where m.user_id = c.user_id order by m.id desc limit 1) l on true`;

function conversationView(r: ConversationRow) {
  return {
    userId: r.userId,
    account: r.account,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeName,
    unread: Number(r.unread),
    // An image alone shows as an empty text; the back office marks it.
    lastText: r.lastText ?? '',
    lastSender: r.lastSender ?? 'user',
    lastAt: r.lastAt.getTime(),
  };
}

export async function inboxPage(q: Queryable, filter: InboxFilter, operatorId: number, at: PageAt) {
  const where =
    filter === 'mine' ? 'c.assignee_id = $1' : filter === 'unassigned' ? 'c.assignee_id is null' : 'true';
  const { rows, total } = await pagedRows<ConversationRow>(
    q,
    {
      columns,
      from,
      where,
      orderBy: 'c.last_message_at desc, c.user_id desc',
      params: filter === 'mine' ? [operatorId] : [],
    },
    at,
  );
  return { list: rows.map(conversationView), total, ...at };
}

export async function conversationLine(q: Queryable, userId: number) {
  const [row] = await q.query<ConversationRow>(`select ${columns} from ${from} where c.user_id = $1`, [
    userId,
  ]);
  if (!row) throw new Refusal('service.noConversation');
  return conversationView(row);
}

/** The operators who may answer: active, support or admin. */
export async function answeringOperators(q: Queryable) {
  return q.query<{ id: number; name: string }>(
    `select id, name from operators where active and role in ('support', 'admin') order by name, id`,
  );
}
