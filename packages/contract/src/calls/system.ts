import { z } from 'zod';
import { defineCall } from '../define';

export const devOutbox = defineCall({
  method: 'GET',
  path: '/dev/outbox',
  auth: 'guest',
  tag: 'demo',
  summary: 'Demo mode only: the verification codes the notifier would have sent to an account.',
  input: {
    to: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }),
    /** For a phone number typed without its country prefix; +39 when left out, as on the register page. */
    areaCode: z.string().trim().optional(),
  },
  output: z.object({
    list: z.array(z.object({ to: z.string(), scene: z.string(), code: z.string(), createdAt: z.number() })),
  }),
});
