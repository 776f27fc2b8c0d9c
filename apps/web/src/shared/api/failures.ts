/*
 * How a call can fail, as the request wrapper reports it to pages. Toasts and login redirects have already
 * happened by the time a page sees one of these; pages only decide what else to do (show a captcha, stay).
 */

/** A business refusal (code -1001): `msg` is the server's localised text, `data` may carry hints. */
export class ApiRefusal extends Error {
  constructor(
    readonly msg: string,
    readonly data: unknown,
  ) {
    super(msg);
    this.name = 'ApiRefusal';
  }
}

/** The session is gone (code -1000): the user has been signed out locally and sent to login. */
export class SessionEnded extends Error {
  constructor(readonly msg: string) {
    super(msg);
    this.name = 'SessionEnded';
  }
}

/** The network failed or timed out: nothing is known about whether the server acted. */
export class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super('network failure', { cause });
    this.name = 'NetworkFailure';
  }
}

/** The server failed (5xx, not found, or an answer that does not fit the contract). */
export class ServerFailure extends Error {
  constructor(
    readonly msg: string,
    cause?: unknown,
  ) {
    super(msg, { cause });
    this.name = 'ServerFailure';
  }
}
