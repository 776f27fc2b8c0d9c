import { z } from 'zod';
import { defineCall } from '../define';

/*
 * The back office's first screen (issue 17): the work waiting for the operator who signed in — KYC to review,
 * deposits and withdrawals to confirm, loans to decide — with how many wait and since when.
 */

export const adminDashboard = defineCall({
  method: 'GET',
  path: '/admin/dashboard',
  auth: 'operator',
  roles: ['support', 'compliance', 'finance'],
  tag: 'admin',
  summary:
    "The work queues the operator's role acts on, each with the items waiting and when the oldest began to wait.",
  input: {},
  output: z.object({
    queues: z.array(
      z.object({
        name: z.string(),
        screen: z.string(),
        count: z.number().int(),
        oldestAt: z.number().nullable(),
      }),
    ),
  }),
});
