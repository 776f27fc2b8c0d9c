import { expect } from 'vitest';
import { newRequestId } from './funding-steps';
import { call, type TestApp } from './helper';
import { newTrader } from './trading-steps';

/**
 * An investor fit for leveraged products (informed, high risk) with `contractCents` moved into the contract
 * account through the API, as the app would.
 */
export async function contractTrader(
  t: TestApp,
  contractCents: bigint,
): Promise<{ token: string; id: number }> {
  const who = await newTrader(t, contractCents);
  const profile = await call(
    t.app,
    'POST',
    '/user/appropriateness',
    {
      purpose: 'investing',
      fundSource: 'salary',
      incomeRange: '50k_100k',
      assetRange: '50k_250k',
      experience: 'informed',
      riskPreference: 'high',
      objective: 'growth',
    },
    { token: who.token },
  );
  expect(profile.code, profile.msg).toBe(0);
  const moved = await call(
    t.app,
    'GET',
    '/user/transfer',
    {
      from: 'spot',
      to: 'contract',
      asset: 'EUR',
      amount: (Number(contractCents) / 100).toFixed(2),
      requestId: newRequestId(),
    },
    { token: who.token },
  );
  expect(moved.code, moved.msg).toBe(0);
  return who;
}
