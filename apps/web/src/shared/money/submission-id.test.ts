import { describe, expect, it } from 'vitest';
import { newRequestId, SubmissionIds } from './submission-id';

function counter() {
  let n = 0;
  return () => `request-${++n}`;
}

describe('submission ids', () => {
  it('fit the contract field', () => {
    expect(newRequestId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(newRequestId());
  });

  it('reuse the id when the same values are sent again, whatever the key order', () => {
    const ids = new SubmissionIds(counter());
    const first = ids.idFor({ amount: '100', currency: 'EUR' });
    expect(ids.idFor({ currency: 'EUR', amount: '100' })).toBe(first);
  });

  it('take a new id for other values, so a stored answer for the old ones is never returned', () => {
    const ids = new SubmissionIds(counter());
    const first = ids.idFor({ amount: '100' });
    expect(ids.idFor({ amount: '101' })).not.toBe(first);
  });

  it('take a new id after a success, even for the same values', () => {
    const ids = new SubmissionIds(counter());
    const first = ids.idFor({ amount: '100' });
    ids.settle();
    expect(ids.idFor({ amount: '100' })).not.toBe(first);
  });
});
