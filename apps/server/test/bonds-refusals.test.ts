import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { positions, ticket, trade } from './bonds-steps';
import { createTestApp, type TestApp, TestClock } from './helper';
import { balance, fund, newApplicant } from './investor-steps';

/*
 * Refused bond trades change nothing (issue 20 item 2): a nominal that is not a multiple of €1.000, cash that
 * does not cover price plus accrued interest, selling more than is held (also two sells racing for one
 * holding), an unknown or malformed ISIN, an investor not verified.
 */

const btp = 'IT0005584856';
let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

/** A wire amount ("1043.87") as each language shows it: "1,043.87" and "1.043,87". */
const shown = (wire: string, lang: 'en-US' | 'it-IT') => {
  const [units = '', cents = ''] = wire.split('.');
  const grouped = units.replace(/\B(?=(\d{3})+$)/g, lang === 'en-US' ? ',' : '.');
  return lang === 'en-US' ? `${grouped}.${cents}` : `${grouped},${cents}`;
};

const tradeCount = async () =>
  (await t.db.query<{ n: bigint }>('select count(*)::bigint as n from bond_trades'))[0]?.n;

describe('bond trades refused', () => {
  it.each([
    ['1500', 'en-US', 'Enter the nominal in euros, a multiple of 1,000 from 1,000.'],
    ['999.99', 'en-US', 'Enter the nominal in euros, a multiple of 1,000 from 1,000.'],
    ['0', 'it-IT', 'Inserisci il nominale in euro, un multiplo di 1.000 a partire da 1.000.'],
    ['-1000', 'it-IT', 'Inserisci il nominale in euro, un multiplo di 1.000 a partire da 1.000.'],
  ])('refuses a nominal of %s (%s)', async (nominal, lang, msg) => {
    const who = await newApplicant(t, 0n);
    await fund(t, who.id, 1_000_000n);
    const res = await trade(t, who, 'buy', btp, nominal, lang);
    expect(res.code).toBe(-1001);
    expect(res.msg).toBe(msg);
    const quoted = await ticket(t, btp, 'buy', nominal, lang);
    expect(quoted.msg).toBe(msg);
    expect(await balance(t, who.id, 'spot')).toBe(1_000_000n);
  });

  it('refuses a buy the cash does not cover, naming the total, and leaves cash and positions as they were', async () => {
    const who = await newApplicant(t, 0n);
    await fund(t, who.id, 50_000n); // €500,00 against more than €1.000 of bond
    const before = await tradeCount();
    const quoted = await ticket(t, btp, 'buy', '1000');
    const res = await trade(t, who, 'buy', btp, '1000');
    expect(res.code).toBe(-1001);
    expect(res.msg).toBe(
      `Your cash must cover ${shown(quoted.data.total, 'en-US')} EUR (price plus accrued interest).`,
    );
    const it = await trade(t, who, 'buy', btp, '1000', 'it-IT');
    expect(it.msg).toBe(
      `La liquidità deve coprire ${shown(quoted.data.total, 'it-IT')} EUR (prezzo più rateo di interessi).`,
    );
    expect(await balance(t, who.id, 'spot')).toBe(50_000n);
    expect(await tradeCount()).toBe(before);
    expect(await positions(t, who)).toEqual([]);
  });

  it('refuses selling more than is held, and of two sells racing for one holding only one goes through', async () => {
    const who = await newApplicant(t, 0n);
    await fund(t, who.id, 500_000n);
    const none = await trade(t, who, 'sell', btp, '1000');
    expect(none.msg).toBe('You hold 0.00 EUR nominal of this bond: you cannot sell more.');
    clock.ms = Date.UTC(2026, 10, 23, 10, 0, 0); // Monday
    expect((await trade(t, who, 'buy', btp, '2000')).code).toBe(0);
    // The nominal is sellable from its value date, Wednesday: two business days on (decision 064).
    clock.ms = Date.UTC(2026, 10, 25, 10, 0, 0);
    const more = await trade(t, who, 'sell', btp, '3000');
    expect(more.msg).toBe('You hold 2,000.00 EUR nominal of this bond: you cannot sell more.');
    const race = await Promise.all([trade(t, who, 'sell', btp, '2000'), trade(t, who, 'sell', btp, '2000')]);
    expect(race.map((r) => r.code).sort()).toEqual([-1001, 0]);
    expect(await positions(t, who)).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses an unknown ISIN, a malformed one, and a side that is neither buy nor sell', async () => {
    const unknown = await ticket(t, 'IT0000000000', 'buy', '1000');
    expect(unknown.msg).toBe('No government bond has the ISIN IT0000000000.');
    const malformed = await ticket(t, 'BTP2034', 'buy', '1000', 'it-IT');
    expect(malformed.msg).toBe("Inserisci l'ISIN di un titolo di Stato: 12 caratteri, come IT0005584856.");
    const side = await ticket(t, btp, 'hold' as 'buy', '1000');
    expect(side.msg).toBe('Choose buy or sell.');
  });

  it('refuses an investor whose identity is not verified', async () => {
    const who = await newApplicant(t, 0n, { kyc: false });
    await fund(t, who.id, 500_000n);
    const res = await trade(t, who, 'buy', btp, '1000');
    expect(res.code).toBe(-1001);
    expect(await balance(t, who.id, 'spot')).toBe(500_000n);
  });
});
