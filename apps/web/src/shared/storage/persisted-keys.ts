import { z } from 'zod';
import { storedUserSchema } from '../session/stored-user';

/*
 * Every client-side persisted key of SPEC §3, with its exact name, what it may hold and its default. Keys
 * whose contents later features define hold "anything JSON" until then, with an empty default.
 */

const entry = <S extends z.ZodType>(schema: S, fallback: z.output<S>) => ({ schema, fallback });
const anyList = () => entry(z.array(z.unknown()), []);
const anyValue = () => entry(z.unknown(), null);

export const persistedKeys = {
  userInfo: entry(storedUserSchema.nullable(), null),
  userToken: entry(z.string(), ''),
  noticeData: anyValue(),
  newsData: anyValue(),
  systemNotice: anyValue(),
  inviteCode: entry(z.string(), ''),
  inviteCodeRes: anyValue(),
  rechargeRecordData: anyValue(),
  withdrawRecordData: anyValue(),
  searchHistoryData: entry(z.array(z.string()), []),
  mainInd: entry(z.enum(['SMA', 'EMA', 'BOLL']), 'SMA'),
  subInd: entry(z.enum(['VOL', 'MACD', 'KDJ', 'RSI']), 'VOL'),
  lang: entry(z.enum(['it-IT', 'en-US']), 'it-IT'),
  coinData: anyValue(),
  coinList: anyList(),
  coinCollectList: anyList(),
  contractsCoinData: anyValue(),
  tradeCoinData: anyValue(),
  coinAccountList: anyList(),
  coinRechargeData: anyValue(),
  stockOfflineData: anyValue(),
  /** What login-info said besides the user: the IPO switch entry and the service script. */
  loginInfo: entry(z.object({ openAutoApply: z.number(), serviceSaleSmartly: z.string() }).nullable(), null),
  systemTradeType: entry(z.string(), 'coin'),
  systemRouter: entry(z.string().startsWith('/'), '/pages/tabbar/home'),
  stockCountry: entry(z.string(), 'IT'),
  areaCode: entry(z.string().startsWith('+'), '+39'),
  countryList: anyList(),
  robotData: anyValue(),
  robotDetailData: anyValue(),
  stockData: anyValue(),
  aiProfitRecord: anyList(),
  randomUserId: entry(z.string(), ''),
  loanData: anyValue(),
};

export type PersistedKey = keyof typeof persistedKeys;
export type PersistedValue<K extends PersistedKey> = (typeof persistedKeys)[K]['fallback'];

/** What signing out forgets (SPEC §4). */
export const signOutKeys: readonly PersistedKey[] = ['userInfo', 'noticeData', 'newsData', 'userToken'];
