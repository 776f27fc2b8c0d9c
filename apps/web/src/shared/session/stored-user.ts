import type { login } from '@piazza/contract/calls/identity';
import type { CallOutput } from '@piazza/contract/define';
import { idStatuses } from '@piazza/contract/enums';
import type { Language } from '@piazza/contract/wire';
import { type Check, isInteger, isString, nullable, objectOf, oneOf } from '../storage/persisted-checks';

/** The signed-in investor as the `userInfo` key keeps them: the contract's user view. */
export type StoredUser = CallOutput<typeof login>['user'];

const languages = ['it-IT', 'en-US'] as const satisfies readonly Language[];

/**
 * The check of a stored user, field by field as the contract's user view (a type-only import of the
 * contract: its zod schema stays out of the first download). persisted-keys.test.ts holds it to the schema.
 */
export const storedUserCheck: Check<StoredUser> = objectOf({
  id: isInteger,
  account: isString,
  status: isInteger,
  idStatus: oneOf(idStatuses),
  displayId: isString,
  email: nullable(isString),
  nickname: nullable(isString),
  creditScore: isInteger,
  language: oneOf(languages),
  inviteCode: isString,
  createdAt: isInteger,
} satisfies { [K in keyof StoredUser]-?: Check<StoredUser[K]> });
