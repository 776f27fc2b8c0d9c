import { z } from 'zod';

/* The shapes of the documents calls (calls/documents.ts): a document as listed, and a line of the money timeline. */

export const documentKinds = ['statement', 'tax', 'costs'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);

export const documentView = z.object({
  id: z.string(),
  kind: z.enum(documentKinds),
  period: z.string(),
  language: z.enum(['it-IT', 'en-US']),
  /** False while the period has not ended: the document then covers it up to `createdAt`. */
  final: z.boolean(),
  createdAt: z.number().int(),
  pdfSize: z.number().int(),
  csvSize: z.number().int(),
  /** A statement's closing balances of the currency accounts (as funds detail shows them); empty otherwise. */
  closing: z.array(z.object({ purpose: z.string(), asset: z.string(), balance: amountText })),
});
export type DocumentView = z.output<typeof documentView>;

/** Where a document's bytes are read: `?id=…&format=pdf|csv`, with the session's `access-token` header. */
export const documentFilePath = '/user/documents/file';
/** The same bytes for the back office, with the operator's token. */
export const adminDocumentFilePath = '/admin/documents/file';

/** Why an amount cannot be withdrawn now, and when it can. */
export const lockKinds = [
  'settlement',
  'blockLock',
  'ipoSettlement',
  'order',
  'withdrawal',
  'subscription',
  'contractMargin',
  'product',
  /** Free: a contract account's cash beyond its margins, movable at once. */
  'available',
  'other',
] as const;

export const timelineLine = z.object({
  kind: z.enum(lockKinds),
  /** The ledger account the amount sits in. */
  purpose: z.string(),
  asset: z.string(),
  amount: amountText,
  /** When it unlocks (epoch ms), or null when an event decides it (a fill, a review, a close). */
  unlockAt: z.number().int().nullable(),
  /** The business row behind it, as its journal entries name it. */
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  /** The journal entries whose postings on this account make up the amount. */
  entryIds: z.array(z.string()),
});
