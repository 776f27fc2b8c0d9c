import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields } from '../fields';
import { listOf } from '../wire';
import { amountText, documentKinds, documentView, timelineLine } from './documents-shapes';

/*
 * Documents an investor can file (issue 19 item 4, decision 050) and where their money is (item 5, decision
 * 051). Each document is a PDF and a CSV in the investor's language, made from the ledger: the monthly
 * statement, the yearly tax certificate and the MiFID II yearly report of costs and charges. The bytes are not
 * envelopes: they are fetched from `documentFilePath` with the session token, like a KYC document.
 */

/** A month ('2026-11') for a statement, a year ('2026') for the tax certificate and the costs report. */
const periodField = z
  .string({ error: 'documents.period' })
  .trim()
  .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: 'documents.period' });

export const userDocuments = defineCall({
  method: 'GET',
  path: '/user/documents',
  auth: 'user',
  tag: 'documents',
  summary: "The caller's documents, newest period first: statements, tax certificates and costs reports.",
  input: { ...pageFields, kind: z.enum(documentKinds, { error: 'documents.kind' }).optional() },
  output: listOf(documentView),
});

export const userDocumentGenerate = defineCall({
  method: 'POST',
  path: '/user/documents/generate',
  auth: 'user',
  tag: 'documents',
  summary:
    'Makes (again) one document of a period that has begun, in the caller’s language, from the ledger as it stands.',
  input: { kind: z.enum(documentKinds, { error: 'documents.kind' }), period: periodField },
  output: documentView,
});

export const userMoneyTimeline = defineCall({
  method: 'GET',
  path: '/user/assets/timeline',
  auth: 'user',
  tag: 'documents',
  summary:
    'Where the caller’s money is: withdrawable now and buying power per currency, what is locked and when it unlocks, each line traced to its postings, and loans due.',
  input: {},
  output: z.object({
    currencies: z.array(
      z.object({ asset: z.string(), withdrawableNow: amountText, buyingPower: amountText }),
    ),
    lines: z.array(timelineLine),
    /** The balances the lines add up to, per account. */
    accounts: z.array(z.object({ purpose: z.string(), asset: z.string(), balance: amountText })),
    loans: z.array(
      z.object({
        id: z.string(),
        asset: z.string(),
        owed: amountText,
        dueAt: z.number().int(),
        entryIds: z.array(z.string()),
      }),
    ),
    updatedAt: z.number().int(),
  }),
});
