import { storedUserCheck } from '../session/stored-user';
import {
  anyList as anyListCheck,
  anyValue as anyValueCheck,
  type Check,
  isNumber,
  isString,
  listOf,
  nullable,
  objectOf,
  oneOf,
  startingWith,
} from './persisted-checks';

/*
 * Every client-side persisted key of SPEC §3, with its exact name, what it may hold and its default. Keys
 * whose contents later features define hold "anything JSON" until then, with an empty default.
 */

const entry = <C extends Check<unknown>>(schema: C, fallback: C extends Check<infer T> ? T : never) => ({
  schema,
  fallback,
});
const anyList = () => entry(anyListCheck, []);
const anyValue = () => entry(anyValueCheck, null);

export const persistedKeys = {
  userInfo: entry(nullable(storedUserCheck), null),
  userToken: entry(isString, ''),
  noticeData: anyValue(),
  newsData: anyValue(),
  systemNotice: anyValue(),
  inviteCode: entry(isString, ''),
  inviteCodeRes: anyValue(),
  rechargeRecordData: anyValue(),
  withdrawRecordData: anyValue(),
  searchHistoryData: entry(listOf(isString), []),
  mainInd: entry(oneOf(['SMA', 'EMA', 'BOLL']), 'SMA'),
  subInd: entry(oneOf(['VOL', 'MACD', 'KDJ', 'RSI']), 'VOL'),
  lang: entry(oneOf(['it-IT', 'en-US']), 'it-IT'),
  coinData: anyValue(),
  coinList: anyList(),
  coinCollectList: anyList(),
  contractsCoinData: anyValue(),
  tradeCoinData: anyValue(),
  coinAccountList: anyList(),
  coinRechargeData: anyValue(),
  stockOfflineData: anyValue(),
  /** What login-info said besides the user: the IPO switch entry and the service script. */
  loginInfo: entry(nullable(objectOf({ openAutoApply: isNumber, serviceSaleSmartly: isString })), null),
  systemTradeType: entry(isString, 'coin'),
  systemRouter: entry(startingWith('/'), '/pages/tabbar/home'),
  stockCountry: entry(isString, 'IT'),
  areaCode: entry(startingWith('+'), '+39'),
  countryList: anyList(),
  robotData: anyValue(),
  robotDetailData: anyValue(),
  stockData: anyValue(),
  aiProfitRecord: anyList(),
  randomUserId: entry(isString, ''),
  loanData: anyValue(),
};

export type PersistedKey = keyof typeof persistedKeys;
export type PersistedValue<K extends PersistedKey> = (typeof persistedKeys)[K]['fallback'];

/** What signing out forgets (SPEC §4). */
export const signOutKeys: readonly PersistedKey[] = ['userInfo', 'noticeData', 'newsData', 'userToken'];
