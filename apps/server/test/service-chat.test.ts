import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Customer service (issue 15 item 5, decision 039): the investor writes, operators read, answer, assign and
 * keep canned replies; images are checked by content; the pace is limited; the external script is a setting.
 */

const clock = new TestClock();
let t: TestApp;
let support: string;
let admin: string;

async function operatorToken(app: App, email: string, password: string): Promise<string> {
  const login = await call<{ token: string }>(app, 'POST', '/admin/login', { email, password });
  if (login.code !== 0) throw new Error(login.msg);
  return login.data.token;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  support = await operatorToken(t.app, 'support@piazza.local', 'Piazza-Support-2026');
  admin = await operatorToken(t.app, 'admin@piazza.local', 'Piazza-Admin-2026');
});
afterAll(() => t.close());

interface Message {
  id: number;
  sender: 'user' | 'operator';
  operatorName: string | null;
  text: string;
  image: { id: string; url: string } | null;
  read: boolean;
}
interface Conversation {
  userId: number;
  account: string;
  assigneeId: number | null;
  assigneeName: string | null;
  unread: number;
  lastText: string;
}

const count = async (table: string) =>
  Number((await t.db.query<{ n: bigint }>(`select count(*) as n from ${table}`))[0]?.n);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  // The sanitiser walks chunks without checking CRCs; a zero CRC keeps this fixture short.
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** A 1×1 PNG carrying a text chunk that must not survive the upload. */
function pngWithComment(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('tEXt', Buffer.from('Comment\0via Roma 1, Milano', 'latin1')),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function sendImage(token: string, bytes: Buffer, name: string, lang = 'en-US') {
  const boundary = `----chat${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/ipcg-api/user/service/upload',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'access-token': token,
      'accept-language': lang,
    },
  });
  return res.json() as { code: number; msg: string; data: Message };
}

describe('a conversation between an investor and customer service', () => {
  it('carries the investor’s words as text, counts unread on both sides and assigns the one who answers', async () => {
    const giulia = await registerInvestor(t.app, 'giulia.chat@example.it');
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const sent = await call<Message>(
      t.app,
      'POST',
      '/user/service/send',
      { text: hostile },
      { token: giulia.token },
    );
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ sender: 'user', text: hostile, image: null, read: false });

    const inbox = await call<{ list: Conversation[]; unread: number }>(
      t.app,
      'GET',
      '/admin/service/conversations',
      {},
      { token: support },
    );
    const line = inbox.data.list.find((c) => c.userId === giulia.user.id);
    expect(line).toMatchObject({
      account: 'giulia.chat@example.it',
      unread: 1,
      assigneeId: null,
      lastText: hostile,
    });

    const answer = await call<Message>(
      t.app,
      'POST',
      '/admin/service/reply',
      { userId: giulia.user.id, text: 'Buongiorno, come possiamo aiutarla?' },
      { token: support },
    );
    expect(answer.data).toMatchObject({ sender: 'operator', operatorName: 'Demo support' });

    const mine = await call<{ list: Conversation[] }>(
      t.app,
      'GET',
      '/admin/service/conversations',
      { filter: 'mine' },
      { token: support },
    );
    // Answering read the investor's message and took the conversation.
    expect(mine.data.list.find((c) => c.userId === giulia.user.id)).toMatchObject({
      unread: 0,
      assigneeName: 'Demo support',
    });

    const unread = await call<{ unread: number }>(
      t.app,
      'GET',
      '/user/service/unread',
      {},
      { token: giulia.token },
    );
    expect(unread.data.unread).toBe(1);
    const history = await call<{ list: Message[]; total: number; unread: number }>(
      t.app,
      'GET',
      '/user/service/messages',
      {},
      { token: giulia.token },
    );
    expect(history.data.total).toBe(2);
    expect(history.data.list.map((m) => m.sender)).toEqual(['operator', 'user']);
    expect(history.data.list[1]?.read).toBe(true);

    const read = await call<{ unread: number }>(
      t.app,
      'POST',
      '/user/service/read',
      {},
      { token: giulia.token },
    );
    expect(read.data.unread).toBe(0);
  });

  it('pages the history, newest first', async () => {
    const paolo = await registerInvestor(t.app, 'paolo.chat@example.it');
    for (const text of ['uno', 'due', 'tre']) {
      clock.advance(61_000);
      await call(t.app, 'POST', '/user/service/send', { text }, { token: paolo.token });
    }
    const page2 = await call<{ list: Message[]; total: number }>(
      t.app,
      'GET',
      '/user/service/messages',
      { page: 2, size: 2 },
      { token: paolo.token },
    );
    expect(page2.data.total).toBe(3);
    expect(page2.data.list.map((m) => m.text)).toEqual(['uno']);
    const operatorView = await call<{ list: Message[] }>(
      t.app,
      'GET',
      '/admin/service/messages',
      { userId: paolo.user.id, size: 2 },
      { token: support },
    );
    expect(operatorView.data.list.map((m) => m.text)).toEqual(['tre', 'due']);
  });
});

describe('what the chat refuses', () => {
  it('refuses empty and overlong messages in both languages and stores nothing', async () => {
    const marco = await registerInvestor(t.app, 'marco.chat@example.it');
    const before = await count('service_messages');
    const empty = await call(t.app, 'POST', '/user/service/send', { text: '   ' }, { token: marco.token });
    expect(empty.code).toBe(-1001);
    expect(empty.msg).toBe('Write a message of 1 to 1000 characters.');
    const long = await call(
      t.app,
      'POST',
      '/user/service/send',
      { text: 'a'.repeat(1001) },
      { token: marco.token, lang: 'it-IT' },
    );
    expect(long.code).toBe(-1001);
    expect(long.msg).toBe('Scrivi un messaggio da 1 a 1000 caratteri.');
    const noConversation = await call(
      t.app,
      'POST',
      '/admin/service/reply',
      { userId: marco.user.id, text: 'Salve' },
      { token: support, lang: 'it-IT' },
    );
    expect(noConversation.msg).toBe("Questo investitore non ha scritto all'assistenza clienti.");
    expect(await count('service_messages')).toBe(before);
    const rows = await t.db.query('select 1 from service_conversations where user_id = $1', [marco.user.id]);
    expect(rows).toHaveLength(0);
  });

  it('limits an investor to 8 messages a minute, in both languages, and lets them write again after', async () => {
    const anna = await registerInvestor(t.app, 'anna.chat@example.it');
    for (let i = 1; i <= 8; i++) {
      const ok = await call(
        t.app,
        'POST',
        '/user/service/send',
        { text: `messaggio ${i}` },
        { token: anna.token },
      );
      expect(ok.code).toBe(0);
      clock.advance(1_000);
    }
    const en = await call(t.app, 'POST', '/user/service/send', { text: 'nove' }, { token: anna.token });
    expect(en.code).toBe(-1001);
    expect(en.msg).toBe('You are sending messages too quickly: wait 52 seconds and try again.');
    const it = await call(
      t.app,
      'POST',
      '/user/service/send',
      { text: 'nove' },
      { token: anna.token, lang: 'it-IT' },
    );
    expect(it.msg).toBe('Stai inviando messaggi troppo in fretta: attendi 52 secondi e riprova.');
    const stored = await t.db.query('select 1 from service_messages where user_id = $1', [anna.user.id]);
    expect(stored).toHaveLength(8);
    // Another investor is not slowed by Anna.
    const luca = await registerInvestor(t.app, 'luca.chat@example.it');
    expect(
      (await call(t.app, 'POST', '/user/service/send', { text: 'ciao' }, { token: luca.token })).code,
    ).toBe(0);
    clock.advance(52_000);
    expect(
      (await call(t.app, 'POST', '/user/service/send', { text: 'nove' }, { token: anna.token })).code,
    ).toBe(0);
  });
});

describe('images in the chat', () => {
  it('accepts a PNG without its metadata, shows it to its sender and to support only, and refuses a non-image', async () => {
    const sara = await registerInvestor(t.app, 'sara.chat@example.it');
    const sent = await sendImage(sara.token, pngWithComment(), 'ricevuta.png');
    expect(sent.code).toBe(0);
    expect(sent.data.text).toBe('');
    const image = sent.data.image;
    expect(image?.url).toBe(`/ipcg-api/user/service/attachment?id=${image?.id}`);

    const own = await t.app.inject({ url: image!.url, headers: { 'access-token': sara.token } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(own.rawPayload.includes(Buffer.from('via Roma'))).toBe(false);

    const other = await registerInvestor(t.app, 'other.chat@example.it');
    const stranger = await t.app.inject({ url: image!.url, headers: { 'access-token': other.token } });
    expect(stranger.statusCode).toBe(404);
    const operator = await t.app.inject({
      url: `/ipcg-api/admin/service/attachment?id=${image!.id}`,
      headers: { 'access-token': support },
    });
    expect(operator.statusCode).toBe(200);

    const before = await count('service_messages');
    const pdf = await sendImage(sara.token, Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), 'x.png', 'it-IT');
    expect(pdf).toMatchObject({ code: -1001, msg: 'Puoi inviare solo immagini JPEG o PNG.' });
    const html = await sendImage(sara.token, Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect(html).toMatchObject({ code: -1001, msg: 'Only JPEG or PNG images can be sent.' });
    expect(await count('service_messages')).toBe(before);
  });
});

describe('the inbox', () => {
  it('assigns a conversation to me, to another operator, to nobody, and refuses an operator who does not answer', async () => {
    const elena = await registerInvestor(t.app, 'elena.chat@example.it');
    await call(t.app, 'POST', '/user/service/send', { text: 'Aiuto' }, { token: elena.token });
    const operators = await call<{ list: { id: number; name: string }[] }>(
      t.app,
      'GET',
      '/admin/service/operators',
      {},
      { token: support },
    );
    const adminId = operators.data.list.find((o) => o.name === 'Demo admin')!.id;
    const supportId = operators.data.list.find((o) => o.name === 'Demo support')!.id;

    const toMe = await call<Conversation>(
      t.app,
      'POST',
      '/admin/service/assign',
      { userId: elena.user.id },
      { token: support },
    );
    expect(toMe.data.assigneeId).toBe(supportId);
    const toAdmin = await call<Conversation>(
      t.app,
      'POST',
      '/admin/service/assign',
      { userId: elena.user.id, operatorId: adminId },
      { token: support },
    );
    expect(toAdmin.data.assigneeName).toBe('Demo admin');

    const [compliance] = await t.db.query<{ id: number }>(
      `insert into operators (email, name, password_hash, role) values ('c@piazza.local', 'Compliance', 'x', 'compliance')
       returning id`,
    );
    const refused = await call(
      t.app,
      'POST',
      '/admin/service/assign',
      { userId: elena.user.id, operatorId: compliance!.id },
      { token: support, lang: 'it-IT' },
    );
    expect(refused).toMatchObject({ code: -1001, msg: "Scegli un operatore dell'assistenza attivo." });
    const still = await t.db.query<{ assigneeId: number }>(
      'select assignee_id as "assigneeId" from service_conversations where user_id = $1',
      [elena.user.id],
    );
    expect(still[0]?.assigneeId).toBe(adminId);

    const nobody = await call<Conversation>(
      t.app,
      'POST',
      '/admin/service/assign',
      { userId: elena.user.id, operatorId: 0 },
      { token: admin },
    );
    expect(nobody.data.assigneeId).toBeNull();
    const unassigned = await call<{ list: Conversation[] }>(
      t.app,
      'GET',
      '/admin/service/conversations',
      { filter: 'unassigned', size: 100 },
      { token: support },
    );
    expect(unassigned.data.list.some((c) => c.userId === elena.user.id)).toBe(true);
    const audited = await t.db.query("select 1 from audit_log where action = 'serviceConversation.assign'");
    expect(audited.length).toBeGreaterThanOrEqual(3);

    const read = await call<{ unread: number }>(
      t.app,
      'POST',
      '/admin/service/read',
      { userId: elena.user.id },
      { token: support },
    );
    expect(read.data.unread).toBe(0);
  });

  it('keeps canned replies in both languages and refuses a bad one', async () => {
    const it = await call<{ id: number }>(
      t.app,
      'POST',
      '/admin/service/canned/save',
      { language: 'it-IT', title: 'Saluto', text: 'Buongiorno, sono qui per aiutarla.' },
      { token: support },
    );
    const en = await call<{ id: number }>(
      t.app,
      'POST',
      '/admin/service/canned/save',
      { language: 'en-US', title: 'Greeting', text: 'Good morning, I am here to help.' },
      { token: support },
    );
    expect([it.code, en.code]).toEqual([0, 0]);
    await call(
      t.app,
      'POST',
      '/admin/service/canned/save',
      { id: en.data.id, language: 'en-US', title: 'Greeting', text: 'Hello, how can I help?' },
      { token: support },
    );
    const before = await count('service_canned_replies');
    const bad = await call(
      t.app,
      'POST',
      '/admin/service/canned/save',
      { language: 'fr-FR', title: 'Bonjour', text: 'Bonjour' },
      { token: support },
    );
    expect(bad).toMatchObject({ code: -1001, msg: 'Choose the language of the reply: Italian or English.' });
    expect(await count('service_canned_replies')).toBe(before);
    const list = await call<{ list: { title: string; text: string; language: string }[] }>(
      t.app,
      'GET',
      '/admin/service/canned',
      {},
      { token: support },
    );
    expect(list.data.list).toEqual([
      { id: en.data.id, language: 'en-US', title: 'Greeting', text: 'Hello, how can I help?' },
      { id: it.data.id, language: 'it-IT', title: 'Saluto', text: 'Buongiorno, sono qui per aiutarla.' },
    ]);
    await call(t.app, 'POST', '/admin/service/canned/delete', { id: it.data.id }, { token: support });
    const gone = await call(
      t.app,
      'POST',
      '/admin/service/canned/delete',
      { id: it.data.id },
      { token: support, lang: 'it-IT' },
    );
    expect(gone.msg).toBe('Risposta predefinita non trovata.');
  });
});

describe('the external chat script', () => {
  it('is an https address set by an admin, handed to the app and let through the policy, or nothing', async () => {
    const none = await call<{ scriptUrl: string }>(t.app, 'GET', '/common/service/info');
    expect(none.data.scriptUrl).toBe('');

    for (const bad of ['http://chat.example.com/w.js', 'javascript:alert(1)', 'https://chat.example.com']) {
      const refused = await call(
        t.app,
        'POST',
        '/admin/service/settings',
        { scriptUrl: bad },
        { token: admin, lang: 'it-IT' },
      );
      expect(refused.code).toBe(-1001);
      expect(refused.msg).toContain("Inserisci l'indirizzo https di uno script");
    }
    const supportRefused = await call(
      t.app,
      'POST',
      '/admin/service/settings',
      { scriptUrl: 'https://chat.example.com/w.js' },
      { token: support },
    );
    expect(supportRefused.code).not.toBe(0);
    expect((await call<{ scriptUrl: string }>(t.app, 'GET', '/common/service/info')).data.scriptUrl).toBe('');

    const saved = await call(
      t.app,
      'POST',
      '/admin/service/settings',
      { scriptUrl: 'https://chat.example.com/widget.js' },
      { token: admin },
    );
    expect(saved.data).toEqual({ scriptUrl: 'https://chat.example.com/widget.js', source: 'settings' });
    const ivo = await registerInvestor(t.app, 'ivo.chat@example.it');
    const info = await call<{ serviceSaleSmartly: string }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token: ivo.token },
    );
    expect(info.data.serviceSaleSmartly).toBe('https://chat.example.com/widget.js');
    const page = await t.app.inject({ url: '/pages/common/serviceJs', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/chat\.example\.com/);

    await call(t.app, 'POST', '/admin/service/settings', { scriptUrl: '' }, { token: admin });
    const off = await t.app.inject({ url: '/pages/common/serviceJs', headers: { accept: 'text/html' } });
    expect(String(off.headers['content-security-policy'])).not.toContain('chat.example.com');
    const after = await call<{ serviceSaleSmartly: string }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token: ivo.token },
    );
    expect(after.data.serviceSaleSmartly).toBe('');

    // The policy is built once per setting (issue 18), yet follows every change: a new origin replaces the
    // old one on the very next answer, and the API's answers carry it too.
    await call(
      t.app,
      'POST',
      '/admin/service/settings',
      { scriptUrl: 'https://help.example.org/chat.js' },
      { token: admin },
    );
    for (const url of ['/pages/common/serviceJs', '/ipcg-api/common/area/list']) {
      const again = String(
        (await t.app.inject({ url, headers: { accept: 'text/html' } })).headers['content-security-policy'],
      );
      expect(again, url).toContain("script-src 'self' https://help.example.org;");
      expect(again, url).toContain('frame-src https://help.example.org;');
      expect(again, url).not.toContain('chat.example.com');
    }
  });
});
