import { login } from '@piazza/contract/calls/identity';
import type { z } from 'zod';

/** The signed-in investor as the `userInfo` key keeps them: the contract's user view. */
export const storedUserSchema = login.output.shape.user;
export type StoredUser = z.output<typeof storedUserSchema>;
