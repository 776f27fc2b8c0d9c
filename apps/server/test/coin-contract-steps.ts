import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import type { LiquidationEngine } from '../src/modules/coin-contract/liquidation-engine';
import { liquidationEngineOf } from '../src/modules/coin-contract/routes';
import { type Questionnaire, saveProfile } from '../src/modules/kyc/profile';
import { newRequestId } from './funding-steps';
import { call, type TestApp } from './helper';
import { createTradingApp, credit, type TradingApp, userBalance } from './trading-steps';

/*
 * Perpetual contract tests: the trading tests' scripted market with ETHUSDT set by hand (prices at 2
 * decimals, quantities at 4, USDT at 6), an investor with USDT moved into the contract account through
 * /coin/transfer, and the appropriateness answers each test needs.
 */

export interface ContractApp extends TradingApp {
  liquidations: LiquidationEngine;
}

export async function createContractApp(): Promise<ContractApp> {
  const t = await createTradingApp();
  const liquidations = liquidationEngineOf(t.app.services);
  if (!liquidations) throw new Error('the coin contract module is not mounted');
  return { ...t, liquidations };
}

/**
 * ETHUSDT at 3,300.00: asks 10 ETH at 3,300.00, bids 10 ETH at 3,299.00. `at(price)` moves the last price
 * and both sides of the book to one level each side of it (the bid at the price, the ask a cent above).
 */
export function setEth(t: TradingApp, last: bigint, bid = last, ask = last + 100n): void {
  t.books.set('ETHUSDT', {
    last,
    bids: [{ price: bid, quantity: 100_000n }],
    asks: [{ price: ask, quantity: 100_000n }],
  });
}

export const eth3300 = (t: TradingApp) => setEth(t, 330_000n, 329_900n, 330_000n);

const experienced: Pick<Questionnaire, 'objective' | 'riskPreference' | 'experience'> = {
  objective: 'growth',
  riskPreference: 'high',
  experience: 'informed',
};

/** Saves appropriateness answers: `fit` (informed, high risk), `warn` (basic, medium) or `refuse` (none). */
export async function setAppropriateness(
  t: TestApp,
  userId: number,
  verdict: 'fit' | 'warn' | 'refuse',
): Promise<void> {
  const answers =
    verdict === 'fit'
      ? experienced
      : verdict === 'warn'
        ? { objective: 'growth' as const, riskPreference: 'medium' as const, experience: 'basic' as const }
        : { objective: 'growth' as const, riskPreference: 'high' as const, experience: 'none' as const };
  await saveProfile(
    t.db,
    userId,
    { purpose: 'investment', fundSource: 'salary', incomeRange: '2', assetRange: '2', ...answers },
    new Date(),
  );
}

/** Credits `usdt` (minor units) to spot and moves it to the contract account with /coin/transfer. */
export async function fundContract(t: TestApp, user: { id: number; token: string }, usdt: bigint) {
  await credit(t, user.id, 'USDT', usdt);
  const amount = (Number(usdt) / 1e6).toFixed(6);
  const res = await call(
    t.app,
    'POST',
    '/coin/transfer',
    { from: 'spot', to: 'contract', asset: 'USDT', amount, requestId: newRequestId() },
    { token: user.token },
  );
  if (res.code !== 0) throw new Error(`transfer refused: ${res.msg}`);
}

export function contractCall<T = PositionView>(
  t: TestApp,
  path: string,
  token: string,
  params: Record<string, string | number | boolean | undefined>,
  opts: { lang?: string; money?: boolean } = {},
) {
  const body = opts.money === false ? params : { requestId: newRequestId(), ...params };
  return call<T>(t.app, 'POST', `/coin/contract${path}`, body, { token, lang: opts.lang });
}

export function openLong(
  t: TestApp,
  token: string,
  params: Record<string, string | number | boolean> = {},
  opts: { lang?: string } = {},
) {
  return contractCall(
    t,
    '/add',
    token,
    { symbol: 'ETHUSDT', side: 'long', margin: '1000', leverage: 2, ...params },
    opts,
  );
}

export const usdtOf = (t: TestApp, userId: number, purpose: 'contract' | 'frozen' | 'spot') =>
  userBalance(t, userId, purpose, 'USDT');

export async function platformUsdt(t: TestApp, purpose: string): Promise<bigint> {
  const [row] = await t.db.query<{ balance: bigint }>(
    `select balance from accounts where owner_type = 'platform' and purpose = $1 and asset = 'USDT'`,
    [purpose],
  );
  return row?.balance ?? 0n;
}

export async function positionCount(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>('select count(*) as n from coin_contract_positions');
  return Number(row?.n ?? 0n);
}

/** The bill types of the user's USDT entries, oldest first. */
export async function billsOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.db.query<{ billType: string }>(
    `select distinct e.id, e.bill_type as "billType" from journal_entries e
       join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
      where a.owner_type = 'user' and a.owner_id = $1 and p.asset = 'USDT' order by e.id`,
    [userId],
  );
  return rows.map((r) => r.billType);
}
