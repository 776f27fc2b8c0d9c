import { describe, expect, it } from 'vitest';
import { formFromDraft, type LoanForm, readDraft, readLoanForm } from './loan-draft';

const terms = { limit: '2500.00', maxDays: 365 };
const filled: LoanForm = {
  amount: '1.000,00',
  days: '30',
  purpose: 'Auto usata',
  income: '2.100,50',
  employment: 'employed',
};

describe('readLoanForm', () => {
  it('reads an Italian form into the wire draft', () => {
    expect(readLoanForm(filled, 'it-IT', terms)).toEqual({
      draft: {
        amount: '1000.00',
        days: 30,
        purpose: 'Auto usata',
        monthlyIncome: '2100.50',
        employment: 'employed',
      },
      problems: {},
    });
  });

  it('reads the English way of writing numbers in English', () => {
    const read = readLoanForm({ ...filled, amount: '1,000.00', income: '2,100.5' }, 'en-US', terms);
    expect(read.draft?.amount).toBe('1000.00');
    expect(read.draft?.monthlyIncome).toBe('2100.50');
  });

  it('names each field that is wrong with the server’s refusal key', () => {
    const read = readLoanForm(
      { amount: '0', days: '0', purpose: ' ab ', income: 'tanto', employment: null },
      'it-IT',
      terms,
    );
    expect(read.draft).toBeNull();
    expect(read.problems).toEqual({
      amount: { key: 'loan.amount', params: [] },
      days: { key: 'loan.days', params: [] },
      purpose: { key: 'loan.purpose', params: [] },
      income: { key: 'loan.income', params: [] },
      employment: { key: 'loan.employment', params: [] },
    });
  });

  it('refuses more than the limit, naming it as the language writes it', () => {
    const read = readLoanForm({ ...filled, amount: '2.500,01' }, 'it-IT', terms);
    expect(read.draft).toBeNull();
    expect(read.problems.amount).toEqual({ key: 'loan.aboveLimit', params: ['2.500,00'] });
    expect(readLoanForm({ ...filled, amount: '2.500,00' }, 'it-IT', terms).draft?.amount).toBe('2500.00');
  });

  it('refuses a term beyond the rate table’s longest row', () => {
    expect(readLoanForm({ ...filled, days: '366' }, 'it-IT', terms).problems.days).toEqual({
      key: 'loan.maxDays',
      params: ['365'],
    });
  });

  it('refuses cents below the cent and a limit of zero', () => {
    expect(readLoanForm({ ...filled, amount: '10,005' }, 'it-IT', terms).problems.amount?.key).toBe(
      'loan.amount',
    );
    expect(readLoanForm(filled, 'it-IT', { limit: '0.00', maxDays: 365 }).problems.amount?.key).toBe(
      'loan.aboveLimit',
    );
  });
});

describe('the saved draft', () => {
  it('comes back into the form in the reader’s language', () => {
    const draft = readLoanForm(filled, 'it-IT', terms).draft;
    expect(formFromDraft(draft, 'en-US')).toEqual({
      amount: '1,000.00',
      days: '30',
      purpose: 'Auto usata',
      income: '2,100.50',
      employment: 'employed',
    });
    expect(formFromDraft(null, 'it-IT').employment).toBeNull();
  });

  it('is ignored when what is stored is not a draft', () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft({ amount: '1000.00' })).toBeNull();
    const draft = { amount: '1.00', days: 1, purpose: 'abc', monthlyIncome: '0.00', employment: 'other' };
    expect(readDraft(draft)).toEqual(draft);
  });
});
