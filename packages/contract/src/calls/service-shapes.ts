import { z } from 'zod';

/* What the customer-service calls answer and take (calls/service.ts), and the app's user event `service`. */

/** The longest message, in characters. */
export const serviceTextMax = 1000;

export const serviceTextField = z
  .string({ error: 'service.text' })
  .trim()
  .min(1, { error: 'service.text' })
  .max(serviceTextMax, { error: 'service.text' });

export const serviceMessageView = z.object({
  id: z.number().int(),
  /** user: the investor wrote it; operator: an answer. */
  sender: z.enum(['user', 'operator']),
  /** The answering operator's name (null for the investor's own messages). */
  operatorName: z.string().nullable(),
  text: z.string(),
  /** An attached image, read from `url` with the reader's token (null: text only). */
  image: z.object({ id: z.string(), url: z.string() }).nullable(),
  at: z.number(),
  /** Whether the other side has read it. */
  read: z.boolean(),
});
export type ServiceMessageView = z.output<typeof serviceMessageView>;

/** What the app's user event `service` carries: a new answer and the investor's unread count. */
export const serviceUserEvent = z.object({ message: serviceMessageView, unread: z.number().int() });

export const serviceConversationView = z.object({
  userId: z.number().int(),
  account: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** Investor messages no operator has read. */
  unread: z.number().int(),
  lastText: z.string(),
  lastSender: z.enum(['user', 'operator']),
  lastAt: z.number(),
});

export const serviceCannedView = z.object({
  id: z.number().int(),
  language: z.enum(['it-IT', 'en-US']),
  title: z.string(),
  text: z.string(),
});
