import type { Queryable } from '../db/db';

export interface CodeMessage {
  to: string;
  scene: string;
  code: string;
}

/** Where verification codes go: SMS or e-mail in production, the local outbox in demo mode. */
export interface Notifier {
  sendCode(q: Queryable, message: CodeMessage): Promise<void>;
}

/** Demo mode: codes are written to the outbox table, readable at /ipcg-api/dev/outbox and in the back office. */
export const outboxNotifier: Notifier = {
  async sendCode(q, m) {
    await q.query('insert into outbox (recipient, scene, code) values ($1, $2, $3)', [m.to, m.scene, m.code]);
  },
};

/**
 * Outside demo mode with no SMS or e-mail provider configured, codes cannot be delivered: the server says
 * so in its log rather than pretending. Adapters for real providers implement the same port.
 */
export function unconfiguredNotifier(warn: (msg: string) => void): Notifier {
  return {
    async sendCode(_q, m) {
      warn(
        `no notifier configured: a ${m.scene} code for ${m.to.replace(/.(?=.{3})/g, '*')} was not delivered`,
      );
    },
  };
}
