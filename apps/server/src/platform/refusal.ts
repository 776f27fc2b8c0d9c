import { ResultCode } from '@piazza/contract/wire';

/**
 * A business refusal: answered as code -1001 with the catalogue message `key` in the caller's language.
 * Throwing one inside a transaction rolls it back, so a refused call changes nothing.
 */
export class Refusal extends Error {
  readonly code = ResultCode.refusal;
  constructor(
    readonly key: string,
    readonly params: readonly (string | number)[] = [],
    /** Extra data the app acts on (for example `{captcha: true}`). */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
  }
}

/** No valid session (code -1000): the app clears its token and goes to login. */
export class SessionRequired extends Error {
  readonly code = ResultCode.session;
  constructor(readonly key: string = 'session.required') {
    super(key);
  }
}
