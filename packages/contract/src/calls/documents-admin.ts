import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { documentKinds, documentView } from './documents-shapes';

/*
 * Documents in the back office (issue 19 item 4, decision 050): an investor's documents, and making one for them
 * on request (in their language), for the operators who answer investors about their statements and taxes. The
 * bytes are read from `adminDocumentFilePath` with the operator's token.
 */

const readers = ['admin', 'compliance', 'finance'] as const;

export const adminDocuments = defineCall({
  method: 'GET',
  path: '/admin/documents',
  auth: 'operator',
  roles: readers,
  tag: 'admin-documents',
  summary: 'An investor’s documents, newest period first.',
  input: { ...pageFields, userId: rowIdField },
  output: listOf(documentView),
});

export const adminDocumentGenerate = defineCall({
  method: 'POST',
  path: '/admin/documents/generate',
  auth: 'operator',
  roles: readers,
  tag: 'admin-documents',
  summary:
    'Makes (again) one document of an investor for a period that has begun, in the investor’s language.',
  input: {
    userId: rowIdField,
    kind: z.enum(documentKinds, { error: 'documents.kind' }),
    period: z
      .string({ error: 'documents.period' })
      .trim()
      .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: 'documents.period' }),
  },
  output: documentView,
});
