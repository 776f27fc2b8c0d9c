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
});
