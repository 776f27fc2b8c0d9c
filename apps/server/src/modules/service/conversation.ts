import type { ServiceMessageView } from '@piazza/contract/calls/service-shapes';
import { one, type Queryable } from '../../db/db';
import { apiBase } from '../../http/implement';
import { type PageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';

/*
 * One conversation per investor (decision 039): its row (who answers it, when it last moved) and its messages.
 * Messages are plain text; nothing here interprets markup, and the apps show the text as text.
 */

export const userAttachmentPath = '/user/service/attachment';
export const adminAttachmentPath = '/admin/service/attachment';

/** The investor's pace: at most this many messages (text or image)… */
export const messagesPerWindow = 8;
/** …in this rolling window. */
export const paceWindowMs = 60_000;

export type Audience = 'user' | 'operator';

interface MessageRow {
  id: string | bigint | number;
  sender: 'user' | 'operator';
  operatorName: string | null;
  body: string;
  attachmentId: string | null;
  createdAt: Date;
  readAt: Date | null;
}

const messageColumns = `m.id, m.sender, o.name as "operatorName", m.body, m.attachment_id as "attachmentId",
  m.created_at as "createdAt", m.read_at as "readAt"`;
const messageFrom = 'service_messages m left join operators o on o.id = m.operator_id';

/** A message as the wire shows it to `audience`, its image read from that audience's own route. */
export function messageView(row: MessageRow, audience: Audience): ServiceMessageView {
  const path = audience === 'user' ? userAttachmentPath : adminAttachmentPath;
  return {
    id: Number(row.id),
    sender: row.sender,
    operatorName: row.operatorName,
    text: row.body,
    image: row.attachmentId
      ? { id: row.attachmentId, url: `${apiBase}${path}?id=${row.attachmentId}` }
      : null,
    at: row.createdAt.getTime(),
    read: row.readAt !== null,
  };
}

/** A page of one investor's conversation, newest first. */
export async function conversationPage(q: Queryable, userId: number, at: PageAt, audience: Audience) {
  const { rows, total } = await pagedRows<MessageRow>(
    q,
    {
      columns: messageColumns,
      from: messageFrom,
      where: 'm.user_id = $1',
      orderBy: 'm.id desc',
      params: [userId],
    },
    at,
  );
  return { list: rows.map((r) => messageView(r, audience)), total, ...at };
}

async function messageById(q: Queryable, id: string | bigint | number, audience: Audience) {
  const row = await one<MessageRow>(q, `select ${messageColumns} from ${messageFrom} where m.id = $1`, [id]);
  if (!row) throw new Error(`service message ${id} vanished`);
  return messageView(row, audience);
}

/** Answers from operators the investor has not read. */
export async function unreadByUser(q: Queryable, userId: number): Promise<number> {
  const row = await one<{ n: bigint | number | string }>(
    q,
    `select count(*) as n from service_messages where user_id = $1 and sender = 'operator' and read_at is null`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** Investor messages no operator has read: in one conversation, or in all. */
export async function unreadByOperators(q: Queryable, userId?: number): Promise<number> {
  const row = await one<{ n: bigint | number | string }>(
    q,
    `select count(*) as n from service_messages
      where sender = 'user' and read_at is null${userId ? ' and user_id = $1' : ''}`,
    userId ? [userId] : [],
  );
  return Number(row?.n ?? 0);
}

/** Marks what the other side wrote as read by `reader`. */
export async function markRead(q: Queryable, userId: number, reader: Audience, nowMs: number): Promise<void> {
  await q.query(
    `update service_messages set read_at = $3 where user_id = $1 and sender = $2 and read_at is null`,
    [userId, reader === 'user' ? 'operator' : 'user', new Date(nowMs)],
  );
}

/**
 * Writes the investor's message, within their pace: the conversation row is created or locked first, so two
 * messages sent at once are counted one after the other (on PostgreSQL; PGlite has one connection anyway).
 */
export async function writeUserMessage(
  q: Queryable,
  userId: number,
  content: { body: string; attachmentId: string | null },
  nowMs: number,
): Promise<ServiceMessageView> {
  await q.query(
    `insert into service_conversations (user_id, last_message_at) values ($1, $2)
     on conflict (user_id) do update set last_message_at = service_conversations.last_message_at`,
    [userId, new Date(nowMs)],
  );
  await q.query('select user_id from service_conversations where user_id = $1 for update', [userId]);
  const recent = await q.query<{ createdAt: Date }>(
    `select created_at as "createdAt" from service_messages
      where user_id = $1 and sender = 'user' and created_at > $2
      order by created_at desc limit $3`,
    [userId, new Date(nowMs - paceWindowMs), messagesPerWindow],
  );
  if (recent.length >= messagesPerWindow) {
    const oldest = recent[recent.length - 1] as { createdAt: Date };
    const waitSeconds = Math.max(1, Math.ceil((oldest.createdAt.getTime() + paceWindowMs - nowMs) / 1000));
    throw new Refusal('service.tooFast', [waitSeconds]);
  }
  return insertMessage(q, userId, { sender: 'user', operatorId: null, ...content }, nowMs, 'user');
}

/** Writes an operator's answer to an existing conversation, assigning it to them if nobody had it. */
export async function writeOperatorMessage(
  q: Queryable,
  userId: number,
  operatorId: number,
  body: string,
  nowMs: number,
): Promise<ServiceMessageView> {
  const conversation = await one<{ userId: number }>(
    q,
    `update service_conversations set assignee_id = coalesce(assignee_id, $2)
      where user_id = $1 returning user_id as "userId"`,
    [userId, operatorId],
  );
  if (!conversation) throw new Refusal('service.noConversation');
  // Answering is reading: what the investor wrote before the answer counts as read.
  await markRead(q, userId, 'operator', nowMs);
  return insertMessage(
    q,
    userId,
    { sender: 'operator', operatorId, body, attachmentId: null },
    nowMs,
    'operator',
  );
}

async function insertMessage(
  q: Queryable,
  userId: number,
  m: { sender: Audience; operatorId: number | null; body: string; attachmentId: string | null },
  nowMs: number,
  audience: Audience,
): Promise<ServiceMessageView> {
  const at = new Date(nowMs);
  const [row] = await q.query<{ id: string }>(
    `insert into service_messages (user_id, sender, operator_id, body, attachment_id, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [userId, m.sender, m.operatorId, m.body, m.attachmentId, at],
  );
  await q.query('update service_conversations set last_message_at = $2 where user_id = $1', [userId, at]);
  return messageById(q, (row as { id: string }).id, audience);
}

/** The same message as the other side reads it (its image from their route). */
export function forAudience(message: ServiceMessageView, audience: Audience): ServiceMessageView {
  if (!message.image) return message;
  const path = audience === 'user' ? userAttachmentPath : adminAttachmentPath;
  return { ...message, image: { ...message.image, url: `${apiBase}${path}?id=${message.image.id}` } };
}
