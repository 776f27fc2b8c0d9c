import { describe, expect, it } from 'vitest';
import { areaCodes, defaultAreaCode, findAreaCode } from './area-codes';
import {
  checkEmail,
  checkLoginPassword,
  checkPasswordsMatch,
  checkPhone,
  checkPin,
  classifyAccount,
  normaliseEmail,
  normalisePhone,
} from './validation';

describe('login password: 6 to 20 characters', () => {
  it.each([
    ['', 'password.length'],
    ['abcde', 'password.length'],
    ['abcdef', null],
    ['a'.repeat(20), null],
    ['a'.repeat(21), 'password.length'],
    ['      ', null],
    ['àèìòùé', null],
    ['😀😀😀😀😀', 'password.length'],
    ['😀😀😀😀😀😀', null],
    ['😀'.repeat(20), null],
    ['😀'.repeat(21), 'password.length'],
  ])('%j → %s', (password, failure) => {
    expect(checkLoginPassword(password)).toBe(failure);
  });
});

describe('password confirmation', () => {
  it.each([
    ['segreto1', 'segreto1', null],
    ['segreto1', 'segreto2', 'password.mismatch'],
    ['segreto1', 'Segreto1', 'password.mismatch'],
    ['segreto1', 'segreto1 ', 'password.mismatch'],
    ['segreto1', '', 'password.mismatch'],
  ])('%j and %j → %s', (password, confirmation, failure) => {
    expect(checkPasswordsMatch(password, confirmation)).toBe(failure);
  });
});

describe('transaction and withdrawal password: exactly 6 digits', () => {
  it.each([
    ['123456', null],
    ['000000', null],
    ['12345', 'pin.format'],
    ['1234567', 'pin.format'],
    ['12345a', 'pin.format'],
    [' 123456', 'pin.format'],
    ['123456\n', 'pin.format'],
    ['١٢٣٤٥٦', 'pin.format'],
    ['１２３４５６', 'pin.format'],
    ['', 'pin.format'],
  ])('%j → %s', (pin, failure) => {
    expect(checkPin(pin)).toBe(failure);
  });
});

describe('email', () => {
  it.each([
    ['mario.rossi@example.it', null],
    ['Mario.Rossi@Example.IT', null],
    ['  mario@example.com  ', null],
    ['mario+piazza@mail.example.co.uk', null],
    ["o'brien@example.ie", null],
    ['a@b.co', null],
    ['user@xn--80ak6aa92e.com', null],
    ['user@example.xn--p1ai', null],
    ['', 'email.format'],
    ['mario', 'email.format'],
    ['mario@', 'email.format'],
    ['@example.it', 'email.format'],
    ['mario@example', 'email.format'],
    ['mario@@example.it', 'email.format'],
    ['mario rossi@example.it', 'email.format'],
    ['.mario@example.it', 'email.format'],
    ['mario.@example.it', 'email.format'],
    ['mario..rossi@example.it', 'email.format'],
    ['mario@-example.it', 'email.format'],
    ['mario@example-.it', 'email.format'],
    ['mario@example..it', 'email.format'],
    ['mario@example.i', 'email.format'],
    ['mario@example.123', 'email.format'],
    ['mario@[127.0.0.1]', 'email.format'],
    ['niccolò@example.it', 'email.format'],
    [`${'a'.repeat(65)}@example.it`, 'email.format'],
    [`${'a'.repeat(64)}@example.it`, null],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.it`, null],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.it`, 'email.format'],
    [`a@${'b'.repeat(64)}.it`, 'email.format'],
  ])('%j → %s', (email, failure) => {
    expect(checkEmail(email)).toBe(failure);
  });

  it('normalises by trimming and lower-casing', () => {
    expect(normaliseEmail('  Mario.Rossi@Example.IT ')).toBe('mario.rossi@example.it');
  });
});

describe('phone numbers in E.164', () => {
  it.each([
    // Italy: mobiles 3 + 8 or 9 digits, landlines 0 + 5 to 10 digits, the 0 kept.
    ['3331234567', '+39', '+393331234567'],
    ['333123456', '+39', '+39333123456'],
    ['333 123 4567', '+39', '+393331234567'],
    ['333-123-4567', '+39', '+393331234567'],
    ['333.123.4567', '+39', '+393331234567'],
    ['+39 333 1234567', '+39', '+393331234567'],
    ['0039 333 1234567', '+39', '+393331234567'],
    ['3331234567', '39', '+393331234567'],
    ['3331234567', '0039', '+393331234567'],
    ['06 1234 5678', '+39', '+390612345678'],
    ['(02) 123456', '+39', '+3902123456'],
    ['0212345', '+39', '+390212345'],
    ['02/1234567', '+39', '+39021234567'],
    ['012345678901', '+39', null],
    ['33312345', '+39', null],
    ['33312345678', '+39', null],
    ['01234', '+39', null],
    ['5331234567', '+39', null],
    ['', '+39', null],
    ['+', '+39', null],
    ['333 abc 4567', '+39', null],
    ['333+1234567', '+39', null],
    ['３３３1234567', '+39', null],
    // Other countries: the trunk 0 is dropped, 4 to 14 national digits, at most 15 in all.
    ['030 123456', '+49', '+4930123456'],
    ['30 123456', '+49', '+4930123456'],
    ['07911 123456', '+44', '+447911123456'],
    ['06 12 34 56 78', '+33', '+33612345678'],
    ['(212) 555-0123', '+1', '+12125550123'],
    ['1234', '+43', '+431234'],
    ['123', '+43', null],
    ['1234567890123', '+49', '+491234567890123'],
    ['12345678901234', '+49', null],
    ['12345678901234', '+1', '+112345678901234'],
    ['123456789012345', '+1', null],
    ['123456789012', '+423', '+423123456789012'],
    ['1234567890123', '+423', null],
    ['00612345678', '+33', null],
    // An international prefix of another offered country wins over the chosen one.
    ['+41 79 123 45 67', '+39', '+41791234567'],
    ['0041791234567', '+39', '+41791234567'],
    ['+44 7911 123456', '+39', '+447911123456'],
    ['+39 333 1234567', '+44', '+393331234567'],
    ['+86 138 0013 8000', '+39', null],
    ['+7 912 345 6789', '+39', null],
    // An area code we do not offer.
    ['3331234567', '+86', null],
    ['3331234567', 'IT', null],
    ['3331234567', '', null],
  ])('%j with %s → %s', (raw, areaCode, e164) => {
    expect(normalisePhone(raw, areaCode)).toBe(e164);
    expect(checkPhone(raw, areaCode)).toBe(e164 === null ? 'phone.format' : null);
  });
});

describe('classifyAccount', () => {
  it.each([
    ['Mario.Rossi@Example.it', '+39', { type: 'email', account: 'mario.rossi@example.it' }],
    [' mario@example.it ', '+44', { type: 'email', account: 'mario@example.it' }],
    ['3331234567', '+39', { type: 'phone', account: '+393331234567', areaCode: '+39' }],
    ['3331234567', '39', { type: 'phone', account: '+393331234567', areaCode: '+39' }],
    ['+39 333 1234567', '+39', { type: 'phone', account: '+393331234567', areaCode: '+39' }],
    ['07911 123456', '+44', { type: 'phone', account: '+447911123456', areaCode: '+44' }],
    ['+41 79 123 45 67', '+39', { type: 'phone', account: '+41791234567', areaCode: '+41' }],
    ['mario@example', '+39', { type: 'invalid', failure: 'email.format' }],
    ['mario', '+39', { type: 'invalid', failure: 'email.format' }],
    ['niccolò', '+39', { type: 'invalid', failure: 'email.format' }],
    ['333123', '+39', { type: 'invalid', failure: 'phone.format' }],
    ['+39 333', '+39', { type: 'invalid', failure: 'phone.format' }],
    ['', '+39', { type: 'invalid', failure: 'phone.format' }],
    ['3331234567', '+999', { type: 'invalid', failure: 'phone.format' }],
  ])('%j with %s → %o', (raw, areaCode, kind) => {
    expect(classifyAccount(raw, areaCode)).toEqual(kind);
  });
});

describe('area codes', () => {
  it('puts Italy first and makes it the default', () => {
    expect(areaCodes[0]).toEqual({ iso: 'IT', dial: '+39', name: { 'it-IT': 'Italia', 'en-US': 'Italy' } });
    expect(defaultAreaCode.dial).toBe('+39');
  });

  it('offers every EU and EEA country, Switzerland, the UK and the US, once each', () => {
    const eu = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
    const expected = [...eu, 'IS', 'LI', 'NO', 'CH', 'GB', 'US'].sort();
    expect(areaCodes.map((entry) => entry.iso).sort()).toEqual(expected);
    expect(new Set(areaCodes.map((entry) => entry.dial)).size).toBe(areaCodes.length);
  });

  it('has dialling codes that are prefix-free, so an international number has one reading', () => {
    for (const a of areaCodes) {
      for (const b of areaCodes) {
        if (a !== b) expect(b.dial.startsWith(a.dial)).toBe(false);
      }
    }
  });

  it('names every country in both languages', () => {
    for (const entry of areaCodes) {
      expect(entry.name['it-IT'].length).toBeGreaterThan(0);
      expect(entry.name['en-US'].length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['+39', 'IT'],
    ['39', 'IT'],
    ['0039', 'IT'],
    [' +44 ', 'GB'],
    ['+1', 'US'],
    ['+420', 'CZ'],
    ['+42', undefined],
    ['+86', undefined],
    ['', undefined],
    ['+', undefined],
    ['IT', undefined],
  ])('finds %j → %s', (code, iso) => {
    expect(findAreaCode(code)?.iso).toBe(iso);
  });
});
