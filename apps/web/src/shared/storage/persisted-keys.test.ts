import { login } from '@piazza/contract/calls/identity';
import { describe, expect, it } from 'vitest';
import { persistedKeys, signOutKeys } from './persisted-keys';

describe('persisted keys (SPEC §3)', () => {
  it('has exactly the names of SPEC §3', () => {
    expect(Object.keys(persistedKeys).sort()).toEqual(
      [
        'userInfo',
        'userToken',
        'noticeData',
        'newsData',
        'systemNotice',
        'inviteCode',
        'inviteCodeRes',
        'rechargeRecordData',
        'withdrawRecordData',
        'searchHistoryData',
        'mainInd',
        'subInd',
        'lang',
        'coinData',
        'coinList',
        'coinCollectList',
        'contractsCoinData',
        'tradeCoinData',
        'coinAccountList',
        'coinRechargeData',
        'stockOfflineData',
        'loginInfo',
        'systemTradeType',
        'systemRouter',
        'stockCountry',
        'areaCode',
        'countryList',
        'robotData',
        'robotDetailData',
        'stockData',
        'aiProfitRecord',
        'randomUserId',
        'loanData',
      ].sort(),
    );
  });

  it.each([
    ['mainInd', 'SMA'],
    ['subInd', 'VOL'],
    ['lang', 'it-IT'],
    ['systemTradeType', 'coin'],
    ['systemRouter', '/pages/tabbar/home'],
    ['stockCountry', 'IT'],
    ['areaCode', '+39'],
  ] as const)('%s defaults to %s', (key, value) => {
    expect(persistedKeys[key].fallback).toBe(value);
  });

  it('aiProfitRecord defaults to an empty list, the session to nothing', () => {
    expect(persistedKeys.aiProfitRecord.fallback).toEqual([]);
    expect(persistedKeys.userToken.fallback).toBe('');
    expect(persistedKeys.userInfo.fallback).toBeNull();
  });

  it('every default passes its own schema', () => {
    for (const [key, { schema, fallback }] of Object.entries(persistedKeys)) {
      expect(schema.safeParse(fallback).success, key).toBe(true);
    }
  });

  it('a stored value of the wrong shape is refused (the reader then falls back to the default)', () => {
    expect(persistedKeys.lang.schema.safeParse('fr-FR').success).toBe(false);
    expect(persistedKeys.areaCode.schema.safeParse('39').success).toBe(false);
    expect(persistedKeys.userInfo.schema.safeParse({ id: 'x' }).success).toBe(false);
  });

  it('signing out forgets userInfo, noticeData, newsData and userToken (SPEC §4)', () => {
    expect([...signOutKeys].sort()).toEqual(['newsData', 'noticeData', 'userInfo', 'userToken']);
  });

  // The stored user is checked without zod (decision 068): the check must agree with the contract's user view.
  describe('the stored user check agrees with the contract', () => {
    const contractUser = login.output.shape.user;
    const user = {
      id: 7,
      account: 'mario.rossi@example.it',
      status: 1,
      idStatus: 'succ',
      displayId: 'IN3652018207',
      email: 'mario.rossi@example.it',
      nickname: null,
      creditScore: 100,
      language: 'it-IT',
      inviteCode: 'AB12CD',
      createdAt: 1_764_000_000_000,
    };
    const variants: [string, unknown][] = [
      ['a whole user', user],
      ['no e-mail or nickname', { ...user, email: null, nickname: null }],
      ['an id that is text', { ...user, id: '7' }],
      ['a fractional credit score', { ...user, creditScore: 99.5 }],
      ['an unknown identity status', { ...user, idStatus: 'verified' }],
      ['a language the app does not speak', { ...user, language: 'fr-FR' }],
      ['no display id', { ...user, displayId: undefined }],
      ['a missing creation time', { ...user, createdAt: undefined }],
      ['a nickname that is a number', { ...user, nickname: 5 }],
      ['a list', [user]],
      ['nothing', null],
    ];
    it.each(variants)('%s', (_name, value) => {
      const schema = persistedKeys.userInfo.schema;
      const expected = value === null ? true : contractUser.safeParse(value).success;
      expect(schema.safeParse(value).success).toBe(expected);
    });
    it('checks every field of the contract user and no other', () => {
      const shape = Object.keys(contractUser.shape).sort();
      for (const field of shape) {
        const without = { ...user } as Record<string, unknown>;
        delete without[field];
        expect(persistedKeys.userInfo.schema.safeParse(without).success, field).toBe(
          contractUser.safeParse(without).success,
        );
      }
      expect(Object.keys(user).sort()).toEqual(shape);
    });
  });
});
