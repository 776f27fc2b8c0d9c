import { describe, expect, it } from 'vitest';
import * as fundAdmin from './fund-admin';
import * as robotAdmin from './robot-admin';

/*
 * Issue 13: no figure on the AI Multiplier and fund pages can be set by an operator. The back office's calls
 * for these products take terms (limits, fees, periods, baskets, a manager's profile, a ticket's order) and
 * never a result: a return, a rate, an accuracy, a NAV, a profit, a hit rate, a volatility or a drawdown.
 */

const figureWords =
  /^(returns?|rates?|accuracy|nav|profits?|hit|volatility|drawdown|yield|sharpe|performance|pnl|gains?|score|risk|daily|annual)$/;
/** A field's words: `maxDrawdown` → max, drawdown (so `strategy` is not read as a rate). */
const wordsOf = (field: string) => field.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
const readsAsFigure = (field: string) => wordsOf(field).some((w) => figureWords.test(w));

const calls = [...Object.values(robotAdmin), ...Object.values(fundAdmin)].filter(
  (c): c is typeof robotAdmin.adminRobotSave => typeof c === 'object' && c !== null && 'path' in c,
);
const inputsOf = (c: (typeof calls)[number]) => Object.keys(c.input.shape);

describe('the back office of managed products', () => {
  it('takes no input that reads as a measured figure', () => {
    expect(calls.length).toBeGreaterThanOrEqual(11);
    for (const c of calls) {
      for (const field of inputsOf(c)) expect(readsAsFigure(field), `${c.path} ${field}`).toBe(false);
    }
  });

  it('takes exactly these terms, so a new field is a decision someone has to make here', () => {
    const inputs = Object.fromEntries(calls.map((c) => [c.path, inputsOf(c).sort().join(',')]));
    expect(inputs).toEqual({
      '/admin/robots': 'page,size',
      '/admin/robots/info': 'id',
      '/admin/robots/save':
        'basket,earlyExit,id,level,lockDays,managementFeePercent,maxAmount,minAmount,name,periodDays,strategy',
      '/admin/robots/status': 'id,status',
      '/admin/funds': 'page,size',
      '/admin/funds/info': 'id',
      '/admin/funds/managers': 'page,size',
      '/admin/funds/managers/save': 'bio,id,name,photoUrl',
      '/admin/funds/save': 'basket,id,managementFeePercent,managerId,minAmount,mode,name,strategy',
      '/admin/funds/status': 'id,status',
      '/admin/funds/order': 'id,quantity,requestId,side,symbol',
    });
  });

  it('would notice a figure if one were added', () => {
    for (const name of ['dailyRate', 'accuracy', 'annualReturn', 'nav', 'hitRate', 'maxDrawdown']) {
      expect(readsAsFigure(name), name).toBe(true);
    }
    expect(readsAsFigure('strategy')).toBe(false);
  });
});
