import type { CallDef } from './define';
import * as admin from './calls/admin';
import * as content from './calls/content';
import * as identity from './calls/identity';
import * as system from './calls/system';

/** Every call of the wire, by group: the OpenAPI document and the contract tests walk this list. */
export const callGroups: Record<string, Record<string, CallDef>> = {
  system,
  admin,
  content,
  identity,
};

export const allCalls: CallDef[] = Object.values(callGroups).flatMap((g) => Object.values(g));
