import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import {
  serviceCannedView,
  serviceConversationView,
  serviceMessageView,
  serviceTextField,
  serviceTextMax,
} from './service-shapes';

/*
 * Customer service (issue 15 item 5, SPEC §1, §2 `common/service`, `user/service`, `serviceJs`, DESIGN.md §11,
 * decision 039): one conversation per investor, written from the app and answered from the back office's
 * inbox. The database is the record; answers reach the investor's socket as the user event `service`, new
 * investor messages reach the operators' inbox through the stream `/admin/service/stream` (server-sent events,
 * not a contract call). Text is plain text: the apps show it as text, never as markup.
 */

export const commonServiceInfo = defineCall({
  method: 'GET',
  path: '/common/service/info',
  auth: 'guest',
  tag: 'service',
  summary:
    'Which chat the app offers: the external script’s address when the operator configured one (login info’s serviceSaleSmartly), else "" for the built-in chat.',
  input: {},
  output: z.object({ scriptUrl: z.string() }),
});

export const userServiceMessages = defineCall({
  method: 'GET',
  path: '/user/service/messages',
  auth: 'user',
  tag: 'service',
  summary: 'The caller’s conversation, newest first (page 1 is the latest), and how many answers are unread.',
  input: pageFields,
  output: listOf(serviceMessageView).extend({ unread: z.number().int() }),
});

export const userServiceSend = defineCall({
  method: 'POST',
  path: '/user/service/send',
  auth: 'user',
  tag: 'service',
  summary: `Writes a message (plain text, 1 to ${serviceTextMax} characters) to customer service. At most 8 messages a minute.`,
  input: { text: serviceTextField },
  output: serviceMessageView,
});

export const userServiceUpload = defineCall({
  method: 'POST',
  path: '/user/service/upload',
  auth: 'user',
  tag: 'service',
  summary:
    'multipart/form-data with one file field: sends a JPEG or PNG image (recognised by its content, metadata removed, at most 5 MB) as a message. Counts against the same limit as text.',
  input: {},
  output: serviceMessageView,
});

export const userServiceRead = defineCall({
  method: 'POST',
  path: '/user/service/read',
  auth: 'user',
  tag: 'service',
  summary: 'Marks every answer of the conversation read; answers the unread count (0).',
  input: {},
  output: z.object({ unread: z.number().int() }),
});

export const userServiceUnread = defineCall({
  method: 'GET',
  path: '/user/service/unread',
  auth: 'user',
  tag: 'service',
  summary: 'How many answers from customer service the caller has not read (the app’s badge).',
  input: {},
  output: z.object({ unread: z.number().int() }),
});

/* The back office's inbox. */

const desks = ['support'] as const;

export const adminServiceConversations = defineCall({
  method: 'GET',
  path: '/admin/service/conversations',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary:
    'Conversations, latest activity first, with their unread counts and assignee; `mine` keeps those assigned to the caller, `unassigned` those of nobody.',
  input: {
    ...pageFields,
    filter: z.enum(['all', 'mine', 'unassigned'], { error: 'field.invalid' }).optional(),
  },
  output: listOf(serviceConversationView).extend({ unread: z.number().int() }),
});

export const adminServiceMessages = defineCall({
  method: 'GET',
  path: '/admin/service/messages',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'One investor’s conversation, newest first, and the conversation’s line in the inbox.',
  input: { userId: rowIdField, ...pageFields },
  output: listOf(serviceMessageView).extend({ conversation: serviceConversationView }),
});

export const adminServiceRead = defineCall({
  method: 'POST',
  path: '/admin/service/read',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'Marks the investor’s messages of one conversation read by the operators.',
  input: { userId: rowIdField },
  output: z.object({ unread: z.number().int() }),
});

export const adminServiceReply = defineCall({
  method: 'POST',
  path: '/admin/service/reply',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary:
    'Answers an investor (plain text); the investor’s socket gets it at once. An unassigned conversation is assigned to the one who answers.',
  input: { userId: rowIdField, text: serviceTextField },
  output: serviceMessageView,
});

export const adminServiceAssign = defineCall({
  method: 'POST',
  path: '/admin/service/assign',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary:
    'Assigns a conversation to an operator who may answer (support or admin, active); without operatorId to the caller; operatorId 0 to nobody. Audited.',
  input: {
    userId: rowIdField,
    operatorId: z
      .union([z.number(), z.string()], { error: 'field.integer' })
      .transform((v) => Number(v))
      .pipe(z.number().int({ error: 'field.integer' }).min(0, { error: 'field.integer' }))
      .optional(),
  },
  output: serviceConversationView,
});

export const adminServiceOperators = defineCall({
  method: 'GET',
  path: '/admin/service/operators',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'The active operators a conversation may be assigned to (support and admin).',
  input: {},
  output: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
});

export const adminServiceCanned = defineCall({
  method: 'GET',
  path: '/admin/service/canned',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'The canned replies in both languages, by language then title.',
  input: {},
  output: z.object({ list: z.array(serviceCannedView) }),
});

export const adminServiceCannedSave = defineCall({
  method: 'POST',
  path: '/admin/service/canned/save',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'Creates a canned reply (no id) or changes one. Audited.',
  input: {
    id: rowIdField.optional(),
    language: z.enum(['it-IT', 'en-US'], { error: 'service.cannedLanguage' }),
    title: z
      .string({ error: 'service.cannedTitle' })
      .trim()
      .min(1, { error: 'service.cannedTitle' })
      .max(80, { error: 'service.cannedTitle' }),
    text: serviceTextField,
  },
  output: serviceCannedView,
});

export const adminServiceCannedDelete = defineCall({
  method: 'POST',
  path: '/admin/service/canned/delete',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary: 'Removes a canned reply. Audited.',
  input: { id: rowIdField },
  output: z.object({ id: z.number().int() }),
});

export const adminServiceSettings = defineCall({
  method: 'GET',
  path: '/admin/service/settings',
  auth: 'operator',
  roles: desks,
  tag: 'admin-service',
  summary:
    'The external chat script in force ("" for the built-in chat) and whether it is the back office’s choice or the SERVICE_SCRIPT_URL default.',
  input: {},
  output: z.object({ scriptUrl: z.string(), source: z.enum(['settings', 'environment', 'none']) }),
});

export const adminServiceSettingsSave = defineCall({
  method: 'POST',
  path: '/admin/service/settings',
  auth: 'operator',
  roles: ['admin'],
  tag: 'admin-service',
  summary:
    'Sets the external chat script: an https URL of a script, or "" for the built-in chat. Its origin joins the Content-Security-Policy at once on every instance. Audited.',
  input: {
    scriptUrl: z
      .string({ error: 'service.scriptUrl' })
      .trim()
      .max(500, { error: 'service.scriptUrl' })
      .refine((v) => v === '' || /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/[^\s"'<>\\]+$/.test(v), {
        error: 'service.scriptUrl',
      })
      // Forms drop empty fields: no address at all means the built-in chat.
      .optional()
      .transform((v) => v ?? ''),
  },
  output: z.object({ scriptUrl: z.string(), source: z.enum(['settings', 'environment', 'none']) }),
});
