import { allot, seedCommitment } from '@piazza/core/primary/allotment';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import {
  adminOf,
  applyFor,
  balance,
  billsOf,
  day,
  hour,
  info,
  ipoTerms,
  newApplicant,
  payFor,
  publishOffering,
  runJob,
} from './primary-steps';

/*
 * Issue 12's scenarios with the numbers written out: an IPO of Newco Industrie on Borsa Italiana at an issue
 * price of 10.00 EUR less 5% (9.50 a share), lots of 100 shares, 10 lots offered, 1 to 8 lots an investor.
 * A lot costs 950.00 EUR.
 */

// Monday 23 November 2026, 10:00 in Milan.
const start = Date.UTC(2026, 10, 23, 9, 0);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUp() {
  const clock = new TestClock(start);
  t = await createTestApp({ clock });
  return { t, clock };
}

async function ledgerClean(app: TestApp) {
  expect(await verifyLedger(app.db)).toEqual([]);
}

describe('an undersubscribed IPO', () => {
  it('allots everyone what they applied for; one pays and gets the shares locked until T+2, the other lapses', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start));
    expect(offering).toMatchObject({
      state: 'coming',
      offerPrice: '9.50',
      issuePrice: '10.00',
      discountPercent: '5.00',
    });
    expect(offering.allotment.seed).toBeNull();
    expect(offering.allotment.seedCommitment).toMatch(/^[0-9a-f]{64}$/);

    const anna = await newApplicant(t, 5_000_00n);
    const bruno = await newApplicant(t, 5_000_00n);
    clock.advance(2 * hour);
    const a = await applyFor(t, anna, offering.id, 3);
    expect(a.code, a.msg).toBe(0);
    expect(a.data).toMatchObject({
      state: 'applying',
      lotsApplied: 3,
      quantityApplied: '300',
      amountApplied: '2850.00',
    });
    // Nothing is taken at application: Italian retail IPOs check the balance, they do not hold it.
    expect(await balance(t, anna.id, 'spot')).toBe(5_000_00n);
    expect((await applyFor(t, bruno, offering.id, 2)).code).toBe(0);

    clock.advance(day); // window closed, allotment due
    expect((await info(t, offering.id, anna)).offering.mine?.state).toBe('pending');
    await runJob(t, 'offering-allot');
    const allotted = await info(t, offering.id, anna);
    expect(allotted.offering).toMatchObject({ state: 'allotted' });
    expect(allotted.offering.allotment).toMatchObject({
      lotsApplied: 5,
      lotsAllotted: 5,
      oversubscribed: false,
    });
    expect(seedCommitment(allotted.offering.allotment.seed ?? '')).toBe(offering.allotment.seedCommitment);
    expect(allotted.offering.mine).toMatchObject({
      state: 'allotted',
      lotsAllotted: 3,
      amountDue: '2850.00',
    });

    const paid = await payFor(t, anna, allotted.offering.mine?.id ?? 0);
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.state).toBe('paid');
    expect(await balance(t, anna.id, 'spot')).toBe(5_000_00n - 2_850_00n);
    // Paying twice is refused and takes nothing more.
    const again = await payFor(t, anna, paid.data.id);
    expect(again.code).toBe(-1001);
    expect(await balance(t, anna.id, 'spot')).toBe(2_150_00n);

    clock.advance(day); // past the payment deadline: Bruno's allotment lapses
    await runJob(t, 'offering-lapse');
    expect((await info(t, offering.id, bruno)).offering.mine?.state).toBe('lapsed');
    const late = await payFor(t, bruno, (await info(t, offering.id, bruno)).offering.mine?.id ?? 0);
    expect(late.code).toBe(-1001);
    expect(await balance(t, bruno.id, 'spot')).toBe(5_000_00n);

    clock.advance(day); // Thursday 26 November, 10:00 in Milan: listing
    await runJob(t, 'offering-list');
    expect((await info(t, offering.id)).offering.state).toBe('listed');
    expect(await balance(t, anna.id, 'locked', 'NEWCO.MI')).toBe(300n);
    expect(await balance(t, bruno.id, 'locked', 'NEWCO.MI')).toBe(0n);
    const hold = await call<{ locked: string; lockedUntil: number | null }>(
      t.app,
      'GET',
      '/stock/hold/info',
      { symbol: 'NEWCO.MI' },
      { token: anna.token },
    );
    expect(hold.code, hold.msg).toBe(0);
    // T+2 from Thursday 26 is Monday 30 November (the weekend does not count).
    expect(new Date(hold.data.lockedUntil ?? 0).toISOString().slice(0, 10)).toBe('2026-11-29');
    // The share now trades: the market quotes it, from its issue price.
    const quote = await t.app.services.market.quote('NEWCO.MI');
    expect(quote.status).toBe('open');
    expect(Number(quote.last)).toBeGreaterThan(8_000);
    expect(Number(quote.last)).toBeLessThan(12_000);

    expect(await billsOf(t, anna.id)).toEqual(['ipo_delivery', 'ipo_payment', 'platform_reward']);
    await ledgerClean(t);

    clock.advance(4 * day); // Monday 30 November: settled, the shares can be sold
    await runJob(t, 'settlement');
    expect(await balance(t, anna.id, 'spot', 'NEWCO.MI')).toBe(300n);
    await ledgerClean(t);
  });
});

describe('an oversubscribed IPO', () => {
  it('shares the 10 lots pro rata by lots and draws the rest by the published seed, as anyone can recompute', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start));
    const investors: { lots: number; who: Awaited<ReturnType<typeof newApplicant>> }[] = [];
    for (const lots of [8, 5, 3]) investors.push({ lots, who: await newApplicant(t, 10_000_00n) });
    clock.advance(2 * hour);
    const ids: number[] = [];
    for (const { lots, who } of investors) {
      const res = await applyFor(t, who, offering.id, lots);
      expect(res.code, res.msg).toBe(0);
      ids.push(res.data.id);
    }
    clock.advance(day);
    await runJob(t, 'offering-allot');
    const { offering: after, lines } = await info(t, offering.id);
    expect(after.allotment).toMatchObject({ lotsApplied: 16, lotsAllotted: 10, oversubscribed: true });
    // 16 lots applied for 10: shares 5, 3.125 and 1.875 round down to 5, 3 and 1, one lot left to draw.
    const expected = allot({
      lotsOffered: 10,
      applications: ids.map((id, i) => ({ id: String(id), lotsApplied: investors[i]?.lots ?? 0 })),
      seed: after.allotment.seed ?? '',
    });
    expect(expected.lines.map((l) => l.lotsProRata)).toEqual([5, 3, 1]);
    expect(lines.map((l) => [l.subscriptionId, l.lotsAllotted])).toEqual(
      expected.lines.map((l) => [Number(l.id), l.lotsAllotted]),
    );
    expect(lines.reduce((sum, l) => sum + l.lotsAllotted, 0)).toBe(10);
    await ledgerClean(t);
  });
});

describe('a cancelled IPO that froze the money', () => {
  it('holds the amount from the application and gives it all back when the operator cancels', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start, { freezeOnApply: true }));
    const carla = await newApplicant(t, 3_000_00n);
    clock.advance(2 * hour);
    const applied = await applyFor(t, carla, offering.id, 2);
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data.amountFrozen).toBe('1900.00');
    expect(await balance(t, carla.id, 'spot')).toBe(1_100_00n);
    expect(await balance(t, carla.id, 'frozen')).toBe(1_900_00n);

    const admin = await adminOf(t);
    const refused = await call(
      t.app,
      'POST',
      '/admin/offerings/cancel',
      { id: offering.id },
      { token: admin },
    );
    expect(refused.code).toBe(-1001);
    const cancelled = await call(
      t.app,
      'POST',
      '/admin/offerings/cancel',
      { id: offering.id, reason: 'The issuer withdrew the offer' },
      { token: admin },
    );
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(await balance(t, carla.id, 'spot')).toBe(3_000_00n);
    expect(await balance(t, carla.id, 'frozen')).toBe(0n);
    expect((await info(t, offering.id, carla)).offering.mine?.state).toBe('refunded');
    expect(await billsOf(t, carla.id)).toEqual(['ipo_payment', 'ipo_refund', 'platform_reward']);
    const late = await applyFor(t, await newApplicant(t, 3_000_00n), offering.id, 1, { lang: 'it-IT' });
    expect(late).toMatchObject({ code: -1001, msg: 'Questa offerta è stata annullata.' });
    await ledgerClean(t);
  });

  it('takes the allotted amount from what it froze at the allotment and releases the rest', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start, { freezeOnApply: true, lotsOffered: 8 }));
    const dario = await newApplicant(t, 10_000_00n);
    const elena = await newApplicant(t, 10_000_00n);
    clock.advance(2 * hour);
    expect((await applyFor(t, dario, offering.id, 8)).code).toBe(0);
    expect((await applyFor(t, elena, offering.id, 8)).code).toBe(0);
    clock.advance(day);
    await runJob(t, 'offering-allot');
    // 16 lots for 8: 4 each, nothing to draw; each paid 4 × 950.00 from the 7,600.00 frozen, 3,800.00 back.
    for (const who of [dario, elena]) {
      expect((await info(t, offering.id, who)).offering.mine).toMatchObject({
        state: 'paid',
        lotsAllotted: 4,
      });
      expect(await balance(t, who.id, 'spot')).toBe(10_000_00n - 3_800_00n);
      expect(await balance(t, who.id, 'frozen')).toBe(0n);
    }
    await ledgerClean(t);
  });
});

describe('applying', () => {
  it('refuses, in both languages and changing nothing, what the rules forbid', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start));
    const vipOnly = await publishOffering(t, ipoTerms(start, { symbol: 'VIPCO', vipOnly: true }));
    const rich = await newApplicant(t, 100_000_00n);
    const early = await applyFor(t, rich, offering.id, 1, { lang: 'it-IT' });
    expect(early).toMatchObject({
      code: -1001,
      msg: 'Le sottoscrizioni a questa offerta non sono aperte ora.',
    });
    clock.advance(2 * hour);

    expect(await applyFor(t, rich, offering.id, 9)).toMatchObject({
      code: -1001,
      msg: 'Apply for at most 8 lots.',
    });
    expect(await applyFor(t, rich, offering.id, 0)).toMatchObject({ code: -1001 });
    expect((await applyFor(t, rich, offering.id, '1.5')).msg).toBe(
      'The number of lots must be a whole number of at least 1.',
    );
    const poor = await newApplicant(t, 1_000_00n);
    expect(await applyFor(t, poor, offering.id, 2, { lang: 'it-IT' })).toMatchObject({
      code: -1001,
      msg: 'Il conto deve coprire 1.900,00 EUR per sottoscrivere.',
    });
    const noKyc = await newApplicant(t, 10_000_00n, { kyc: false });
    expect((await applyFor(t, noKyc, offering.id, 1)).code).toBe(-1001);
    const noProfile = await newApplicant(t, 10_000_00n, { profile: 'none' });
    expect((await applyFor(t, noProfile, offering.id, 1)).msg).toBe(
      'Complete the appropriateness questionnaire before subscribing.',
    );
    const novice = await newApplicant(t, 10_000_00n, { profile: 'novice' });
    expect((await applyFor(t, novice, offering.id, 1)).msg).toBe(
      'You have no experience with shares: read the warning and confirm it.',
    );
    expect((await applyFor(t, novice, offering.id, 1, { acknowledgeRisk: true })).code).toBe(0);
    expect((await applyFor(t, rich, vipOnly.id, 1)).msg).toBe('This offering is reserved for VIP members.');
    // VIP-only is for members in force whose strategy service the operator turned on: both, not either.
    const member = await newApplicant(t, 10_000_00n);
    const admin = await adminOf(t);
    await call(t.app, 'POST', '/admin/user/vipstrategy', { id: member.id, on: 1 }, { token: admin });
    expect((await applyFor(t, member, vipOnly.id, 1)).msg).toBe('This offering is reserved for VIP members.');
    const trial = await call(t.app, 'GET', '/user/vip/get', {}, { token: member.token });
    expect(trial.code, trial.msg).toBe(0);
    expect((await applyFor(t, member, vipOnly.id, 1)).code).toBe(0);

    expect((await applyFor(t, rich, offering.id, 1)).code).toBe(0);
    expect(await applyFor(t, rich, offering.id, 1, { lang: 'it-IT' })).toMatchObject({
      code: -1001,
      msg: 'Hai già sottoscritto questa offerta.',
    });
    // The novice's, the rich investor's and the VIP member's: none of the refused ones.
    const [count] = await t.db.query<{ n: bigint }>('select count(*) as n from offering_subscriptions');
    expect(Number(count?.n)).toBe(3);
    clock.advance(day);
    expect((await applyFor(t, poor, offering.id, 1)).msg).toBe(
      'Subscriptions to this offering are not open now.',
    );
  });
});

describe('the back office', () => {
  it('refuses terms that do not hold together, each naming its field', async () => {
    const { t } = await setUp();
    const admin = await adminOf(t);
    const save = (overrides: Record<string, string | number | boolean>) =>
      call(t.app, 'POST', '/admin/offerings/save', ipoTerms(start, overrides), {
        token: admin,
        lang: 'it-IT',
      });
    expect((await save({ closesAt: start })).msg).toBe("Le sottoscrizioni devono chiudersi dopo l'apertura.");
    expect((await save({ isin: 'IT0005566771' })).msg).toContain('ISIN');
    expect((await save({ maxLots: 20 })).msg).toBe(
      'I lotti offerti devono essere almeno il massimo per investitore.',
    );
    expect((await save({ symbol: 'ENI' })).msg).toBe('Il simbolo ENI.MI è già quotato o offerto.');
    const draft = await save({ documentUrl: '' });
    expect(draft.code, draft.msg).toBe(0);
    const published = await call(
      t.app,
      'POST',
      '/admin/offerings/publish',
      { id: (draft.data as { id: number }).id },
      { token: admin },
    );
    expect(published.msg).toBe('A prospectus (or white paper) address starting with https:// is required.');
    const [count] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from offerings where status = 'draft'`,
    );
    expect(Number(count?.n)).toBe(1);
  });
});

describe('automatic subscription', () => {
  it('applies the minimum lots at opening for each investor whose switch is on and whose balance covers it, once', async () => {
    const { t, clock } = await setUp();
    const offering = await publishOffering(t, ipoTerms(start, { minLots: 2 }));
    const keen = await newApplicant(t, 5_000_00n);
    const short = await newApplicant(t, 1_000_00n);
    const off = await newApplicant(t, 5_000_00n);
    await t.db.query('update users set open_auto_apply = 1, auto_apply = 1 where id = any($1::int[])', [
      [keen.id, short.id],
    ]);
    await t.db.query('update users set open_auto_apply = 1 where id = $1', [off.id]);
    clock.advance(2 * hour);
    const [summary] = await runJob(t, 'offering-auto-apply');
    expect(summary).toBe('1 automatic applications, 1 investors skipped');
    expect((await info(t, offering.id, keen)).offering.mine).toMatchObject({
      automatic: true,
      lotsApplied: 2,
    });
    expect((await info(t, offering.id, short)).offering.mine).toBeNull();
    expect((await info(t, offering.id, off)).offering.mine).toBeNull();
    expect(await runJob(t, 'offering-auto-apply')).toEqual([]);
  });
});
