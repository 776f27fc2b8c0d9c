import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '../src/realtime/topics';
import { countRows, demoAdmin, demoSupport, operatorWithRole, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';
import { submitKyc } from './kyc-steps';

let t: TestApp;
let dataDir: string;
let clock: TestClock;
let admin: string;
let support: string;
let compliance: string;
let finance: string;
let n = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-kyc-'));
  clock = new TestClock();
  t = await createTestApp({ env: { DATA_DIR: dataDir }, clock });
  admin = await signIn(t.app, demoAdmin);
  support = await signIn(t.app, demoSupport);
  compliance = await operatorWithRole(t.app, admin, 'compliance');
  finance = await operatorWithRole(t.app, admin, 'finance');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newInvestor = () => registerInvestor(t.app, `33330000${String(++n).padStart(2, '0')}`);

interface AuditLine {
  action: string;
  operatorId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}
const auditOf = (userId: number, action: string) =>
  t.db.query<AuditLine>(
    `select action, operator_id as "operatorId", before, after, reason from audit_log
      where target_type = 'user' and target_id = $1 and action = $2 order by id`,
    [String(userId), action],
  );

interface QueueRow {
  userId: number;
  idStatus: string;
  realName: string;
  displayId: string;
}

describe('the KYC review queue', () => {
  it('lists pending first, oldest first, then reviewed ones; pages; narrows by status', async () => {
    const a = await newInvestor();
    const b = await newInvestor();
    const c = await newInvestor();
    await submitKyc(t.app, a.token, { realName: 'Anna Prima' });
    clock.advance(60_000);
    await submitKyc(t.app, b.token, { realName: 'Bruno Secondo' });
    clock.advance(60_000);
    await submitKyc(t.app, c.token, { realName: 'Carla Terza' });
    clock.advance(60_000);
    expect(
      (await call(t.app, 'POST', '/admin/kyc/approve', { userId: a.user.id }, { token: compliance })).code,
    ).toBe(0);

    const all = await call<{ list: QueueRow[]; total: number }>(
      t.app,
      'GET',
      '/admin/kyc/list',
      {},
      { token: compliance },
    );
    expect(all.code, all.msg).toBe(0);
    expect(all.data.list.map((r) => [r.realName, r.idStatus])).toEqual([
      ['Bruno Secondo', 'pending'],
      ['Carla Terza', 'pending'],
      ['Anna Prima', 'succ'],
    ]);
    expect(all.data.list[0]!.displayId).toBe(`IN365201820${b.user.id}`);
    const page2 = await call<{ list: QueueRow[]; total: number }>(
      t.app,
      'GET',
      '/admin/kyc/list',
      { page: 2, size: 2 },
      { token: compliance },
    );
    expect(page2.data.total).toBe(3);
    expect(page2.data.list.map((r) => r.realName)).toEqual(['Anna Prima']);
    const pending = await call<{ list: QueueRow[] }>(
      t.app,
      'GET',
      '/admin/kyc/list',
      { status: 'pending' },
      { token: admin },
    );
    expect(pending.data.list.map((r) => r.realName)).toEqual(['Bruno Secondo', 'Carla Terza']);
  });

  it('shows a form with document links an operator can open', async () => {
    const me = await newInvestor();
    await submitKyc(t.app, me.token);
    const detail = await call<{
      form: { front: { url: string }; back: { url: string; kind: string } };
      history: unknown[];
    }>(t.app, 'GET', '/admin/kyc/detail', { userId: me.user.id }, { token: compliance });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.form.front.url).toMatch(/^\/ipcg-api\/admin\/kyc\/document\?id=[a-f0-9]{32}$/);
    expect(detail.data.history).toHaveLength(1);
    const front = await t.app.inject({
      method: 'GET',
      url: detail.data.form.front.url,
      headers: { 'access-token': compliance },
    });
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect(detail.data.form.back.kind).toBe('png');
    // The investor's own link is not the operator's, and the operator's link needs an operator.
    const asUser = await t.app.inject({
      method: 'GET',
      url: detail.data.form.front.url,
      headers: { 'access-token': me.token },
    });
    expect(asUser.json().code).toBe(-1000);
  });

  it('approves and rejects with an audit line each, before and after, in the same transaction', async () => {
    const yes = await newInvestor();
    const no = await newInvestor();
    await submitKyc(t.app, yes.token);
    await submitKyc(t.app, no.token);
    // The investor's open app hears the decision on its user channel, so the drawer's label changes at once.
    const heard: unknown[] = [];
    const stop = await t.app.services.bus.subscribe(userTopic(yes.user.id), (m) => heard.push(m));
    await call(t.app, 'POST', '/admin/kyc/approve', { userId: yes.user.id }, { token: compliance });
    await stop();
    expect(heard).toEqual([{ kind: 'kyc', data: { idStatus: 'succ', failReason: null } }]);
    await call(
      t.app,
      'POST',
      '/admin/kyc/reject',
      { userId: no.user.id, reason: 'Documento scaduto' },
      { token: compliance },
    );
    const [approved] = await auditOf(yes.user.id, 'kyc.approve');
    expect(approved).toMatchObject({
      before: { idStatus: 'pending' },
      after: { idStatus: 'succ' },
      reason: null,
    });
    const [rejected] = await auditOf(no.user.id, 'kyc.reject');
    expect(rejected).toMatchObject({
      before: { idStatus: 'pending' },
      after: { idStatus: 'fail' },
      reason: 'Documento scaduto',
    });
    expect(rejected!.operatorId).toBe(approved!.operatorId);
  });

  it('refuses a decision on what is not pending, a reject without reason, and leaves no audit line', async () => {
    const me = await newInvestor();
    const auditBefore = await countRows(t.db, 'audit_log');
    const none = await call(
      t.app,
      'POST',
      '/admin/kyc/approve',
      { userId: me.user.id },
      { token: compliance, lang: 'it-IT' },
    );
    expect(none).toMatchObject({ code: -1001, msg: `L’utente ${me.user.id} non ha inviato il KYC` });
    await submitKyc(t.app, me.token);
    const noReason = await call(
      t.app,
      'POST',
      '/admin/kyc/reject',
      { userId: me.user.id, reason: ' ' },
      { token: compliance },
    );
    expect(noReason).toMatchObject({ code: -1001, msg: 'Give a reason of at least 3 characters' });
    await call(t.app, 'POST', '/admin/kyc/approve', { userId: me.user.id }, { token: compliance });
    const twice = await call(
      t.app,
      'POST',
      '/admin/kyc/reject',
      { userId: me.user.id, reason: 'Ripensamento' },
      { token: compliance },
    );
    expect(twice).toMatchObject({
      code: -1001,
      msg: 'This KYC submission is not waiting for review (status succ)',
    });
    expect(await countRows(t.db, 'audit_log')).toBe(auditBefore + 1);
    const unknown = await call(t.app, 'GET', '/admin/kyc/detail', { userId: 999999 }, { token: compliance });
    expect(unknown).toMatchObject({ code: -1001, msg: 'No user with id 999999' });
  });

  it('is for compliance and admin only', async () => {
    const me = await newInvestor();
    await submitKyc(t.app, me.token);
    for (const token of [support, finance]) {
      const list = await call(t.app, 'GET', '/admin/kyc/list', {}, { token, lang: 'it-IT' });
      expect(list).toMatchObject({ code: -1001, msg: 'Il tuo ruolo non consente questa operazione' });
      expect((await call(t.app, 'POST', '/admin/kyc/approve', { userId: me.user.id }, { token })).code).toBe(
        -1001,
      );
    }
    expect((await call(t.app, 'GET', '/admin/kyc/list', {})).code).toBe(-1000);
    expect((await call(t.app, 'GET', '/admin/kyc/list', {}, { token: me.token })).code).toBe(-1000);
    const auth = await call<{ idStatus: string }>(t.app, 'GET', '/user/auth', {}, { token: me.token });
    expect(auth.data.idStatus).toBe('pending');
  });
});

interface Controls {
  creditScore: number;
  loanLimit: string;
  vipStrategy: number;
  openAutoApply: number;
  hni: { status: string };
  scoreChanges: { before: number; after: number; reason: string; operator: string | null }[];
}

describe('user controls', () => {
  it('sets the credit score with a reason into the change log, audited; refuses out of range or unchanged', async () => {
    const me = await newInvestor();
    const set = await call<Controls>(
      t.app,
      'POST',
      '/admin/user/score',
      { id: me.user.id, score: 55, reason: 'Ritardo nei pagamenti' },
      { token: support },
    );
    expect(set.code, set.msg).toBe(0);
    expect(set.data.creditScore).toBe(55);
    expect(set.data.scoreChanges).toEqual([
      {
        before: 80,
        after: 55,
        reason: 'Ritardo nei pagamenti',
        operator: 'Demo support',
        createdAt: clock.ms,
      },
    ]);
    const log = await t.db.query<{ before: number; after: number; reason: string }>(
      'select before, after, reason from credit_score_changes where user_id = $1',
      [me.user.id],
    );
    expect(log).toEqual([{ before: 80, after: 55, reason: 'Ritardo nei pagamenti' }]);
    expect(await auditOf(me.user.id, 'user.creditScore')).toMatchObject([
      { before: { creditScore: 80 }, after: { creditScore: 55 } },
    ]);
    const info = await call<{ user: { creditScore: number } }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token: me.token },
    );
    expect(info.data.user.creditScore).toBe(55);

    for (const score of [101, -1, 'abc']) {
      const res = await call(
        t.app,
        'POST',
        '/admin/user/score',
        { id: me.user.id, score, reason: 'Prova' },
        { token: support, lang: 'it-IT' },
      );
      expect(res).toMatchObject({
        code: -1001,
        msg: 'Il punteggio di credito deve essere un numero intero da 0 a 100',
      });
    }
    const same = await call(
      t.app,
      'POST',
      '/admin/user/score',
      { id: me.user.id, score: 55, reason: 'Prova' },
      { token: support },
    );
    expect(same).toMatchObject({ code: -1001, msg: 'Nothing to change: the value is already 55' });
    const noReason = await call(
      t.app,
      'POST',
      '/admin/user/score',
      { id: me.user.id, score: 60 },
      { token: support },
    );
    expect(noReason.code).toBe(-1001);
    const byFinance = await call(
      t.app,
      'POST',
      '/admin/user/score',
      { id: me.user.id, score: 60, reason: 'Prova' },
      { token: finance },
    );
    expect(byFinance).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    expect(await countRows(t.db, 'credit_score_changes')).toBe(1);
  });

  it('sets the loan limit in euros (finance), VIP strategy and openAutoApply (support), each audited', async () => {
    const me = await newInvestor();
    const bySupport = await call(
      t.app,
      'POST',
      '/admin/user/loanlimit',
      { id: me.user.id, amount: '5000', reason: 'Cliente storico' },
      { token: support },
    );
    expect(bySupport.code).toBe(-1001);
    const bad = await call(
      t.app,
      'POST',
      '/admin/user/loanlimit',
      { id: me.user.id, amount: '10.123', reason: 'Cliente storico' },
      { token: finance },
    );
    expect(bad).toMatchObject({
      code: -1001,
      msg: 'The loan limit must be an amount in euros with at most 2 decimals',
    });
    const limit = await call<Controls>(
      t.app,
      'POST',
      '/admin/user/loanlimit',
      { id: me.user.id, amount: '5000.5', reason: 'Cliente storico' },
      { token: finance },
    );
    expect(limit.data.loanLimit).toBe('5000.50');
    expect(await auditOf(me.user.id, 'user.loanLimit')).toMatchObject([
      { before: { loanLimit: '0.00' }, after: { loanLimit: '5000.50' }, reason: 'Cliente storico' },
    ]);

    const vip = await call<Controls>(
      t.app,
      'POST',
      '/admin/user/vipstrategy',
      { id: me.user.id, on: 1 },
      { token: support },
    );
    expect(vip.data.vipStrategy).toBe(1);
    const vipAgain = await call(
      t.app,
      'POST',
      '/admin/user/vipstrategy',
      { id: me.user.id, on: 1 },
      { token: support },
    );
    expect(vipAgain.code).toBe(-1001);

    const auto = await call<Controls>(
      t.app,
      'POST',
      '/admin/user/autoapply',
      { id: me.user.id, on: 1 },
      { token: support },
    );
    expect(auto.data.openAutoApply).toBe(1);
    const info = await call<{ openAutoApply: number }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token: me.token },
    );
    expect(info.data.openAutoApply).toBe(1);
    expect(await auditOf(me.user.id, 'user.openAutoApply')).toMatchObject([
      { before: { openAutoApply: 0 }, after: { openAutoApply: 1 } },
    ]);

    const read = await call<Controls>(
      t.app,
      'GET',
      '/admin/user/controls',
      { id: me.user.id },
      { token: finance },
    );
    expect(read.data).toMatchObject({
      loanLimit: '5000.50',
      vipStrategy: 1,
      openAutoApply: 1,
      creditScore: 80,
    });
  });

  it('decides HNI only for a pending application, approval only for a verified investor', async () => {
    const me = await newInvestor();
    const nothing = await call(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 1 },
      { token: support },
    );
    expect(nothing).toMatchObject({
      code: -1001,
      msg: 'This user has no HNI application waiting for a decision',
    });
    // Put the application there directly: the investor's side is tested in kyc-submission.
    await t.db.query(`update users set hni_status = 'pending', hni_applied_at = now() where id = $1`, [
      me.user.id,
    ]);
    const unverified = await call(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 1 },
      { token: support },
    );
    expect(unverified).toMatchObject({ code: -1001, msg: 'Complete identity verification (KYC) first' });
    const queue = await call<{ list: { userId: number }[] }>(
      t.app,
      'GET',
      '/admin/hni/list',
      {},
      { token: compliance },
    );
    expect(queue.data.list.map((r) => r.userId)).toContain(me.user.id);
    const noReason = await call(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 0 },
      { token: support },
    );
    expect(noReason).toMatchObject({
      code: -1001,
      msg: 'Give a reason of at least 3 characters for the rejection',
    });
    const byFinance = await call(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 0, reason: 'No' },
      { token: finance },
    );
    expect(byFinance.code).toBe(-1001);
    const rejected = await call<Controls>(
      t.app,
      'POST',
      '/admin/user/hni',
      { id: me.user.id, approve: 0, reason: 'Patrimonio insufficiente' },
      { token: support },
    );
    expect(rejected.data.hni.status).toBe('rejected');
    expect(await auditOf(me.user.id, 'user.hni')).toMatchObject([
      { before: { hni: 'pending' }, after: { hni: 'rejected' }, reason: 'Patrimonio insufficiente' },
    ]);
  });
});
