import { describe, expect, it } from 'vitest';
import { messageParts, translate } from './messages/catalogue';
import { allCalls } from './registry';

describe('the call registry', () => {
  it('declares each method and path once, below the API base', () => {
    const seen = new Set<string>();
    for (const call of allCalls) {
      const id = `${call.method} ${call.path}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
      expect(call.path).toMatch(/^\/[a-z0-9/]+$/i);
      expect(call.summary.length).toBeGreaterThan(0);
    }
  });

  it('gives every money call a requestId and refuses unknown fields everywhere', () => {
    for (const call of allCalls) {
      expect('requestId' in call.input.shape, call.path).toBe(call.money);
      expect(call.input.safeParse({ surelyNotAField: '1' }).success, call.path).toBe(false);
    }
  });

  it('keeps operator calls under /admin and investor calls outside it', () => {
    for (const call of allCalls) {
      if (call.auth === 'operator') expect(call.path.startsWith('/admin/'), call.path).toBe(true);
      if (call.auth === 'user') expect(call.path.startsWith('/admin/'), call.path).toBe(false);
    }
  });
});

describe('the message catalogue', () => {
  it('has the same placeholders in both languages', () => {
    const holes = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
    for (const part of messageParts) {
      const italian: Record<string, string> = part['it-IT'];
      for (const [key, en] of Object.entries(part['en-US'])) {
        expect(holes(italian[key] ?? ''), key).toEqual(holes(en));
      }
    }
  });

  it('defines each key in one module only', () => {
    const owners = new Map<string, number>();
    messageParts.forEach((part, i) => {
      for (const key of Object.keys(part['en-US'])) {
        expect(owners.has(key), key).toBe(false);
        owners.set(key, i);
      }
    });
  });

  it('fills placeholders and falls back to the key when unknown', () => {
    expect(translate('en-US', 'field.required', ['password'])).toBe('password is required');
    expect(translate('it-IT', 'field.required', ['password'])).toBe('password è obbligatorio');
    expect(translate('it-IT', 'no.such.key')).toBe('no.such.key');
  });

  it('writes decimal parameters as each language writes numbers, keeping every place', () => {
    expect(translate('it-IT', 'order.amountMin', ['1250.50'])).toBe('Importo minimo di acquisto: 1.250,50.');
    expect(translate('en-US', 'order.amountMin', ['1250.50'])).toBe(
      'The minimum purchase amount is 1,250.50.',
    );
    expect(translate('it-IT', 'order.amountMin', ['14.240'])).toBe('Importo minimo di acquisto: 14,240.');
    // A decimal before its currency or asset, as the funding and option minimums send it (issue 17).
    expect(translate('it-IT', 'funding.amount.min', ['1000.00 EUR'])).toBe(
      'Importo minimo di deposito 1.000,00 EUR',
    );
    expect(translate('en-US', 'funding.withdraw.min', ['10.00 EUR'])).toBe(
      'Minimum withdrawal amount 10.00 EUR',
    );
    // Whole numbers and words pass through as they are (counts, years, codes).
    expect(translate('it-IT', 'field.required', ['2026'])).toBe('2026 è obbligatorio');
  });

  it('writes a date parameter as the Italian reader reads it, and leaves ISO to the English one', () => {
    expect(translate('it-IT', 'ai.locked', ['2026-12-02'])).toBe(
      'Questa sottoscrizione è vincolata fino al 02/12/2026: nessuna uscita prima di allora.',
    );
    expect(translate('en-US', 'ai.locked', ['2026-12-02'])).toBe(
      'This subscription is locked in until 2026-12-02: no exit before then.',
    );
  });
});
