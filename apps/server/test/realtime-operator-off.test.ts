import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helper';
import { registerInvestor } from './identity-steps';
import { type RealtimeApp, startRealtimeApp, TestSocket } from './realtime-steps';

// The periodic session check is an hour here: only the operator's action can end the channel in time.
let t: RealtimeApp;
beforeAll(async () => {
  t = await startRealtimeApp({ realtime: { sessionCheckMs: 3_600_000 } });
});
afterAll(() => t.close());

describe('an operator turning an investor off', () => {
  it('ends the investor user channel at once, not at the next session check', async () => {
    const fabio = await registerInvestor(t.app, 'fabio@example.it');
    const socket = await TestSocket.open(t.url);
    try {
      await socket.ask({ op: 'auth', token: fabio.token });
      await socket.ask({ op: 'subscribe', topics: ['user'] });
      const login = await call<{ token: string }>(t.app, 'POST', '/admin/login', {
        email: 'support@piazza.local',
        password: 'Piazza-Support-2026',
      });
      const off = await call(
        t.app,
        'POST',
        '/admin/user/status',
        { id: fabio.user.id, status: 0, reason: 'Richiesta del cliente' },
        { token: login.data.token },
      );
      expect(off.code).toBe(0);
      await socket.next((m) => 'topic' in m && m.topic === 'user', 2_000);
      expect(socket.of('user').map((m) => m.data)).toEqual([{ kind: 'session', data: { state: 'ended' } }]);
    } finally {
      await socket.close();
    }
  });
});
