import { hasMessage } from '@piazza/contract/messages/catalogue';
import type { z } from 'zod';

/**
 * Turns the first schema issue into a catalogue key and its parameters. Contract fields name their own key
 * (`{error: 'password.length'}`); anything else falls back to a generic message that names the field.
 */
export function describeZodIssue(issue: z.core.$ZodIssue | undefined): { key: string; params: string[] } {
  if (!issue) return { key: 'field.invalid', params: ['?'] };
  const field = issue.path.map(String).join('.') || '?';
  if (issue.code === 'unrecognized_keys') return { key: 'field.unknown', params: [issue.keys.join(', ')] };
  if (hasMessage(issue.message)) return { key: issue.message, params: [field] };
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return { key: 'field.required', params: [field] };
  return { key: 'field.invalid', params: [field] };
}
