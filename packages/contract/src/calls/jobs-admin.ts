import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields } from '../fields';
import { listOf } from '../wire';

/*
 * The back office's Jobs screen (issue 11): the runs of the scheduled jobs (T+n settlement, option expiry,
 * and what later domains add), failures first to the eye, and "run now" for an admin.
 */

const jobStates = ['running', 'succeeded', 'failed'] as const;

const jobNameField = z
  .string({ error: 'admin.job.name' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,63}$/, { error: 'admin.job.name' });

const jobRun = z.object({
  id: z.number().int(),
  job: z.string(),
  key: z.string(),
  state: z.enum(jobStates),
  attempts: z.number().int(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  summary: z.string().nullable(),
  error: z.string().nullable(),
  instance: z.string(),
  requestedBy: z.string().nullable(),
});

export const adminJobs = defineCall({
  method: 'GET',
  path: '/admin/jobs',
  auth: 'operator',
  roles: ['finance', 'compliance'],
  tag: 'admin',
  summary: 'The jobs the server runs, with the count of failed periods each, and which queue delivers them.',
  input: {},
  output: z.object({
    queue: z.enum(['pg-boss', 'in-process']),
    jobs: z.array(
      z.object({
        name: z.string(),
        failed: z.number().int(),
        lastRunAt: z.number().nullable(),
      }),
    ),
  }),
});

export const adminJobRuns = defineCall({
  method: 'GET',
  path: '/admin/jobs/runs',
  auth: 'operator',
  roles: ['finance', 'compliance'],
  tag: 'admin',
  summary:
    'The runs of the jobs, newest first: one row a period, with its attempts and its summary or error.',
  input: {
    ...pageFields,
    job: jobNameField.optional(),
    failedOnly: z
      .enum(['true', 'false'], { error: 'admin.job.failedOnly' })
      .optional()
      .transform((v) => v === 'true'),
  },
  output: listOf(jobRun),
});

export const adminJobRunNow = defineCall({
  method: 'POST',
  path: '/admin/jobs/run',
  auth: 'operator',
  tag: 'admin',
  summary:
    'Admin only: runs every due period of a job now, failed ones included; answers the runs it touched.',
  input: { job: jobNameField },
  output: z.object({ runs: z.array(jobRun) }),
});
