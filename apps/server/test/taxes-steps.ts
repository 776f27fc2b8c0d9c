import type { TaxEstimateView, TaxPositionView } from '@piazza/contract/calls/taxes-shapes';
import type { GainKind } from '@piazza/core/tax/rates';
import { withholdOnSale } from '../src/modules/taxes';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { registerInvestor } from './identity-steps';
import { credit, type TradingApp } from './trading-steps';

/* Steps of the tax tests: the investor's calls, and a sale's result realised straight through the face. */

let serial = 0;

export function taxPosition(t: TradingApp, token: string, year?: number, lang = 'en-US') {
  return call<TaxPositionView>(t.app, 'GET', '/tax/position', year ? { year } : {}, { token, lang });
}

export function taxEstimate(
  t: TradingApp,
  token: string,
  params: { symbol: string; side: 'buy' | 'sell'; quantity: string },
  lang = 'en-US',
) {
  return call<TaxEstimateView>(t.app, 'GET', '/tax/estimate', params, { token, lang });
}

/** A sale realising `proceeds − cost` (no fees) at the test clock, as another module's close would. */
export function realise(
  t: TradingApp,
  userId: number,
  r: { kind?: GainKind; proceeds: bigint; cost: bigint; currency?: string },
) {
  serial += 1;
  return t.db.tx((q) =>
    withholdOnSale(q, {
      userId,
      source: 'test_close',
      sourceRef: `${Date.now()}:${serial}`,
      kind: r.kind ?? 'contracts',
      instrument: 'FTSEMIB.IDX',
      currency: r.currency ?? 'EUR',
      proceeds: r.proceeds,
      fees: 0n,
      cost: r.cost,
      nowMs: t.clock.now(),
      actor: { type: 'system' },
    }),
  );
}

/** A new investor with `euros` in spot, who can sign in again after the clock moves past their session. */
export async function taxpayer(
  t: TradingApp,
  euros: bigint,
): Promise<{ id: number; signIn(): Promise<string> }> {
  const account = `taxpayer-${newRequestId()}@piazza.test`;
  const { user } = await registerInvestor(t.app, account);
  if (euros > 0n) await credit(t, user.id, 'EUR', euros);
  return {
    id: user.id,
    async signIn() {
      const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
        account,
        password: 'segreta1',
      });
      if (login.code !== 0) throw new Error(`login refused: ${login.msg}`);
      return login.data.token;
    },
  };
}
