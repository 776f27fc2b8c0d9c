import { z } from 'zod';
import { defineCall } from '../define';

/*
 * Operator-authored texts (DESIGN.md §11) read by the investor app in the caller's Accept-Language. The key is
 * a plain string so that an unknown one is refused by name; the known keys are in content-keys.ts.
 */

const contentText = z.object({ key: z.string(), title: z.string(), body: z.string() });

export const commonProp = defineCall({
  method: 'GET',
  path: '/common/prop',
  auth: 'guest',
  tag: 'content',
  summary:
    'One content text (companyIntroduction, privacyPolicy, disclaimer, about, loanService, accessibility) in the caller language.',
  input: {
    key: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(100),
  },
  output: contentText,
});

export const commonProps = defineCall({
  method: 'GET',
  path: '/common/props',
  auth: 'guest',
  tag: 'content',
  summary: 'Several content texts at once: keys is a comma-separated list, answered in the same order.',
  input: {
    keys: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(500),
  },
  output: z.object({ list: z.array(contentText) }),
});
