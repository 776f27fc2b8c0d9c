import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { managementFee, navOf, startingNav, unitsFor, valueOfUnits } from './units';

describe('units and NAV', () => {
  it('start at €1.00 a unit: €250.00 buys 250 units worth €250.00', () => {
    const nav = startingNav(2);
    expect(nav).toBe(100_000_000n);
    const units = unitsFor(25_000n, nav);
    expect(units).toBe(250_000_000n);
    expect(valueOfUnits(units, nav)).toBe(25_000n);
  });

  it('round units, values and the NAV down: the roundings stay in the book', () => {
    // A book of €1,000.01 with 1,000 units: NAV 100.001 cents a unit.
    const nav = navOf(100_001n, 1_000_000_000n);
    expect(nav).toBe(100_001_000n);
    // €10.00 buys 9.99990… units, rounded down to the micro-unit.
    expect(unitsFor(1_000n, 100_001_000n)).toBe(9_999_900n);
    // 3 units at 100.001 cents are 300.003 cents: 300.
    expect(valueOfUnits(3_000_000n, 100_001_000n)).toBe(300n);
  });

  it('has no NAV without units, and refuses what cannot be', () => {
    expect(navOf(500n, 0n)).toBeNull();
    expect(() => unitsFor(100n, 0n)).toThrow(RangeError);
    expect(() => navOf(-1n, 5n)).toThrow(RangeError);
  });

  it('charges 1.5 % a year for 3 days on €10,000.00 as €1.23 (1.2328…, rounded down)', () => {
    expect(managementFee(1_000_000n, 150, 3)).toBe(123n);
    expect(managementFee(1_000_000n, 0, 3)).toBe(0n);
    expect(() => managementFee(1_000_000n, 1.5, 3)).toThrow(RangeError);
  });
});

/** One step of a book's life: someone buys, the market moves the book, or a holder is paid out. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), amount: fc.bigInt({ min: 1n, max: 10_000_000n }) }),
  fc.record({ kind: fc.constant('move' as const), permille: fc.integer({ min: 700, max: 1300 }) }),
  fc.record({ kind: fc.constant('redeem' as const), pick: fc.nat() }),
);

describe('a book through random buys, market moves and redemptions', () => {
  it('units × NAV is the book’s value to the cent, holdings never add up to more, and no payout is short', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let value = 0n;
        const holdings: bigint[] = [];
        const outstanding = () => holdings.reduce((a, b) => a + b, 0n);
        const nav = () => navOf(value, outstanding()) ?? startingNav(2);
        for (const s of steps) {
          if (s.kind === 'buy') {
            // A book worth nothing with units outstanding has no price to sell units at.
            if (nav() === 0n) continue;
            const units = unitsFor(s.amount, nav());
            holdings.push(units);
            value += s.amount;
          } else if (s.kind === 'move') {
            value = (value * BigInt(s.permille)) / 1000n;
          } else if (holdings.length > 0) {
            // Paid at the NAV with the holder's units still outstanding, then the units go.
            const at = nav();
            const [units] = holdings.splice(s.pick % holdings.length, 1);
            const payout = valueOfUnits(units ?? 0n, at);
            expect(payout).toBeLessThanOrEqual(value);
            value -= payout;
          }
          const units = outstanding();
          if (units === 0n) continue;
          const whole = valueOfUnits(units, nav());
          // The NAV is rounded down from value ÷ units: units × NAV misses the value by under a cent per
          // million units.
          expect(whole).toBeLessThanOrEqual(value);
          expect(value - whole).toBeLessThanOrEqual(1n + units / 1_000_000_000_000n);
          // Each holding rounds down too: together they never claim more than the book holds.
          const claimed = holdings.reduce((a, u) => a + valueOfUnits(u, nav()), 0n);
          expect(claimed).toBeLessThanOrEqual(value);
          expect(value - claimed).toBeLessThanOrEqual(BigInt(holdings.length) + 1n);
        }
      }),
    );
  });
});
