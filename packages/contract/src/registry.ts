import * as admin from './calls/admin';
import * as adminKyc from './calls/admin-kyc';
import * as alerts from './calls/alerts';
import * as assets from './calls/assets';
import * as blocks from './calls/blocks';
import * as bonds from './calls/bonds';
import * as coin from './calls/coin';
import * as coinContract from './calls/coin-contract';
import * as content from './calls/content';
import * as contentNews from './calls/content-news';
import * as contentNewsAdmin from './calls/content-news-admin';
import * as dashboardAdmin from './calls/dashboard-admin';
import * as documents from './calls/documents';
import * as documentsAdmin from './calls/documents-admin';
import * as fund from './calls/fund';
import * as fundAdmin from './calls/fund-admin';
import * as funding from './calls/funding';
import * as fundingAdmin from './calls/funding-admin';
import * as identity from './calls/identity';
import * as jobsAdmin from './calls/jobs-admin';
import * as kyc from './calls/kyc';
import * as lending from './calls/lending';
import * as lendingAdmin from './calls/lending-admin';
import * as market from './calls/market';
import * as notices from './calls/notices';
import * as options from './calls/options';
import * as plans from './calls/plans';
import * as portfolio from './calls/portfolio';
import * as primary from './calls/primary';
import * as primaryAdmin from './calls/primary-admin';
import * as push from './calls/push';
import * as regulatory from './calls/regulatory';
import * as robot from './calls/robot';
import * as robotAdmin from './calls/robot-admin';
import * as security from './calls/security';
import * as service from './calls/service';
import * as stockContract from './calls/stock-contract';
import * as system from './calls/system';
import * as taxes from './calls/taxes';
import * as trading from './calls/trading';
import * as tradingAdmin from './calls/trading-admin';
import * as vip from './calls/vip';
import * as vipAdmin from './calls/vip-admin';
import type { CallDef } from './define';

/** Every call of the wire, by group: the OpenAPI document and the contract tests walk this list. */
export const callGroups: Record<string, Record<string, CallDef>> = {
  system,
  admin,
  dashboardAdmin,
  jobsAdmin,
  content,
  contentNews,
  contentNewsAdmin,
  identity,
  assets,
  market,
  kyc,
  adminKyc,
  security,
  funding,
  fundingAdmin,
  trading,
  tradingAdmin,
  coinContract,
  stockContract,
  coin,
  options,
  primary,
  primaryAdmin,
  blocks,
  robot,
  robotAdmin,
  fund,
  fundAdmin,
  lending,
  lendingAdmin,
  plans,
  alerts,
  vip,
  vipAdmin,
  regulatory,
  push,
  service,
  notices,
  documents,
  documentsAdmin,
  taxes,
  portfolio,
  bonds,
};

export const allCalls: CallDef[] = Object.values(callGroups).flatMap((g) => Object.values(g));
