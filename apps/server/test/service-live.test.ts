import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helper';
import { registerInvestor } from './identity-steps';
import { type RealtimeApp, startRealtimeApp, TestSocket, until } from './realtime-steps';

/*
 * The chat live (decision 039): the operators' inbox stream hears of a new investor message, the investor's
 * socket gets the answer, and an open stream ends when the server closes.
 */

let t: RealtimeApp;
let closed = false;
beforeAll(async () => {
  t = await startRealtimeApp();
});
afterAll(async () => {
  if (!closed) await t.close();
});

const httpBase = () => t.url.replace('ws://', 'http://').replace(/\/ipcg-api\/ws$/, '');

/** Opens the inbox stream and collects its frames as they come. */
function openStream(
  token: string,
): Promise<{ res: IncomingMessage; text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${httpBase()}/ipcg-api/admin/service/stream`,
      { headers: { 'access-token': token } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        const ended = new Promise<void>((done) => res.on('end', () => done()));
        resolve({ res, text: () => body, ended });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the chat live', () => {
  it('tells the inbox of a new message, the investor of the answer, and ends the stream when the server closes', async () => {
    const login = await call<{ token: string }>(t.app, 'POST', '/admin/login', {
      email: 'support@piazza.local',
      password: 'Piazza-Support-2026',
    });
    const refused = await openStream('not-a-token');
    await refused.ended;
    // A session refusal is an envelope, as for every call, never a stream.
    expect(refused.res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(refused.text()).code).not.toBe(0);

    const stream = await openStream(login.data.token);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toContain('text/event-stream');
    await until(() => stream.text().includes('event: ready'), 3_000, 'ready');

    const chiara = await registerInvestor(t.app, 'chiara.live@example.it');
    const socket = await TestSocket.open(t.url);
    try {
      await socket.ask({ op: 'auth', token: chiara.token });
      await socket.ask({ op: 'subscribe', topics: ['user'] });

      await call(t.app, 'POST', '/user/service/send', { text: 'Ho una domanda' }, { token: chiara.token });
      await until(() => stream.text().includes(`"userId":${chiara.user.id}`), 3_000, 'inbox news');
      expect(stream.text()).toContain(`event: inbox\ndata: {"userId":${chiara.user.id},"kind":"message"}`);

      await call(
        t.app,
        'POST',
        '/admin/service/reply',
        { userId: chiara.user.id, text: 'Certo, mi dica' },
        { token: login.data.token },
      );
      const heard = await socket.next((m) => 'topic' in m && m.topic === 'user', 3_000);
      const event = (
        heard as unknown as { data: { kind: string; data: { message: { text: string }; unread: number } } }
      ).data;
      expect(event.kind).toBe('service');
      expect(event.data.message.text).toBe('Certo, mi dica');
      expect(event.data.unread).toBe(1);
    } finally {
      await socket.close();
    }

    closed = true;
    await t.close();
    await stream.ended;
    expect(stream.res.complete).toBe(true);
  });
});
