import { callGroups } from '@piazza/contract/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, signIn } from './admin-fixtures';
import { createTestApp, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Issue 16: one input rule at the edge. A control character in any text field of any call is refused by name
 * before the call's own schema (PostgreSQL cannot even store NUL), and a form body that is not UTF-8 is
 * refused with 400 and the envelope, never stored as typed.
 */

let t: TestApp;
let userToken: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = (await registerInvestor(t.app, 'controllo@example.it')).token;
  operatorToken = await signIn(t.app, demoAdmin);
});
afterAll(() => t.close());

const calls = Object.values(callGroups).flatMap((group) => Object.values(group));

function send(method: 'GET' | 'POST', path: string, body: string, token: string | undefined) {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers['access-token'] = token;
  const url = `/ipcg-api${path}`;
  return method === 'GET'
    ? t.app.inject({ method, url: `${url}?${body}`, headers })
    : t.app.inject({
        method,
        url,
        payload: body,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
}

describe('a NUL byte in every field of every call', () => {
  it('is refused by name, never answered with a 5xx', async () => {
    const answered: string[] = [];
    for (const call of calls) {
      const token = call.auth === 'operator' ? operatorToken : call.auth === 'user' ? userToken : undefined;
      for (const field of Object.keys(call.input.shape)) {
        const res = await send(call.method, call.path, `${encodeURIComponent(field)}=a%00b`, token);
        expect(res.statusCode, `${call.path} ${field}`).toBeLessThan(500);
        const body = res.json() as { code: number; msg: string };
        expect(body, `${call.path} ${field}`).toEqual({
          code: -1001,
          msg: `${field} contains a control character`,
          data: null,
        });
        answered.push(`${call.path}:${field}`);
      }
    }
    // Every call with an input was tried: the walk above is the contract, not a hand-made list.
    expect(answered.length).toBeGreaterThan(200);
  });

  it('names the field in Italian too, and refuses escape sequences and JSON bodies alike', async () => {
    const italian = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/user/update',
      payload: 'nickname=%1B%5B31mrosso',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'it-IT',
        'access-token': userToken,
      },
    });
    expect(italian.json()).toEqual({
      code: -1001,
      msg: 'nickname contiene un carattere di controllo',
      data: null,
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/admin/login',
      payload: { email: 'x\u0000@y.it', password: 'z' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(json.json()).toMatchObject({ code: -1001, msg: 'email contains a control character' });
    const nickname = await t.db.query<{ nickname: string | null }>(
      `select nickname from users where account = 'controllo@example.it'`,
    );
    expect(nickname[0]?.nickname).toBeNull();
  });
});

describe('form bodies that are not UTF-8', () => {
  const update = (payload: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({
      method: 'POST',
      url: '/ipcg-api/user/update',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'en-US', 'access-token': userToken },
    });

  it.each([
    ['a truncated percent-escape', 'nickname=%E0%A4%A'],
    ['an escape that is not UTF-8', 'nickname=%E9t%E9'],
    ['a lone continuation byte', 'nickname=%80'],
  ])('refuses %s with 400 and the envelope, storing nothing', async (_, body) => {
    const res = await update(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1001, msg: 'The request is not valid UTF-8 form data', data: null });
  });

  it('refuses a body declared in another charset, and raw bytes that are not UTF-8', async () => {
    expect(
      (await update('nickname=%E9', 'application/x-www-form-urlencoded; charset=latin1')).statusCode,
    ).toBe(400);
    expect((await update(Buffer.from([0x6e, 0x3d, 0xe9]))).statusCode).toBe(400);
    const nickname = await t.db.query<{ nickname: string | null }>(
      `select nickname from users where account = 'controllo@example.it'`,
    );
    expect(nickname[0]?.nickname).toBeNull();
  });

  it('reads UTF-8 as typed, declared or not, with + as a space', async () => {
    const res = await update(
      'nickname=Niccol%C3%B2+%E2%82%AC',
      'application/x-www-form-urlencoded; charset=UTF-8',
    );
    expect(res.json()).toMatchObject({ code: 0, data: { user: { nickname: 'Niccolò €' } } });
  });
});
