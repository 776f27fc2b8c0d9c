import { describe, expect, it } from 'vitest';
import { bankFieldsFor, bankFieldUsed, ibanCountry, missingBankField } from './bank-fields';

const names = (country: string | null) =>
  bankFieldsFor(country).map((f) => `${f.name}${f.required ? '*' : ''}`);

describe('bank fields by the IBAN country', () => {
  it('reads the country from an IBAN as typed, spaces and case aside', () => {
    expect(ibanCountry('it60 X054 2811 1010 0000 0123 456')).toBe('IT');
    expect(ibanCountry('BR15 0000 0000 0000 1093 2840 814 P2')).toBe('BR');
    expect(ibanCountry('I')).toBeNull();
    expect(ibanCountry('12345')).toBeNull();
  });

  it('asks an Italian or other SEPA account for the holder and the IBAN only; BIC and bank are optional', () => {
    expect(names('IT')).toEqual(['name*', 'iban*', 'bic', 'bankName']);
    expect(names('DE')).toEqual(names('IT'));
    expect(names('CH')).toEqual(names('IT'));
  });

  it('asks a Brazilian account for the BIC and the CPF/CNPJ, PIX optional, and nobody else for PIX', () => {
    expect(names('BR')).toEqual(['name*', 'iban*', 'bic*', 'taxId*', 'pixAccount', 'bankName']);
    expect(bankFieldUsed('IT', 'pixAccount')).toBe(false);
    expect(bankFieldUsed('AE', 'pixAccount')).toBe(false);
  });

  it('asks any other IBAN country for a SWIFT transfer’s BIC and bank name, never a routing number', () => {
    expect(names('AE')).toEqual(['name*', 'iban*', 'bic*', 'bankName*', 'address']);
    for (const country of ['IT', 'BR', 'AE', 'TR', null]) {
      expect(bankFieldUsed(country, 'routingNumber')).toBe(false);
      expect(bankFieldUsed(country, 'district')).toBe(false);
      expect(bankFieldUsed(country, 'branchName')).toBe(false);
    }
  });

  it('names the first required field an account lacks', () => {
    expect(
      missingBankField('IT', { name: 'Giulia Bianchi', iban: 'IT60X0542811101000000123456' }),
    ).toBeNull();
    expect(missingBankField('BR', { name: 'Ana', iban: 'BR15…', bic: 'BOFABRSP' })).toBe('taxId');
    expect(missingBankField('AE', { name: 'Omar', iban: 'AE07…', bic: '  ' })).toBe('bic');
  });
});
