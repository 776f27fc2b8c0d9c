/** Statuses and kinds that cross the wire, defined once (DESIGN.md §3: lowercase string enums). */

export const idStatuses = ['none', 'pending', 'succ', 'fail'] as const;
export type IdStatus = (typeof idStatuses)[number];

/** Scenes of a verification code. */
export const codeScenes = ['register', 'reset', 'bind', 'withdraw', 'security'] as const;
export type CodeScene = (typeof codeScenes)[number];

/** Purposes of a user's ledger accounts (DESIGN.md §5). */
export const userAccountPurposes = ['spot', 'contract', 'frozen', 'locked', 'robot', 'fund', 'loan'] as const;
export type UserAccountPurpose = (typeof userAccountPurposes)[number];

/**
 * Bill types of journal entries: SPEC.md §4's list, plus the movements the rest of DESIGN.md implies. Funds
 * detail groups and labels bills by these; every catalogue has a label for each.
 */
export const billTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_freeze',
  'withdrawal_refund',
  'withdrawal_fee',
  'exchange',
  'transfer',
  'spot_buy',
  'spot_sell',
  'spot_close',
  'settlement',
  'trade_fee',
  'contract_open',
  'contract_close',
  'contract_liquidation',
  'add_margin',
  'negative_balance_protection',
  'option_buy',
  'option_close',
  'option_settle',
  'ipo_payment',
  'ipo_refund',
  'ipo_delivery',
  'block_purchase',
  'block_refund',
  'block_delivery',
  'ico_payment',
  'ico_refund',
  'ico_delivery',
  'ai_buy',
  'ai_return',
  'ai_profit',
  'management_fee',
  'fund_buy',
  'fund_profit',
  'fund_redeem',
  'loan_disbursal',
  'loan_repayment',
  'loan_interest',
  'plan_buy',
  'plan_fee',
  'plan_sell',
  'vip_purchase',
  'platform_reward',
  'tax_gains',
  'tax_ftt',
  'tax_stamp',
  'bond_buy',
  'bond_sell',
  'bond_coupon',
  'bond_redemption',
] as const;
export type BillType = (typeof billTypes)[number];

/** Candle intervals (DESIGN.md §3). */
export const candleIntervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

export const instrumentKinds = ['index', 'stock', 'crypto', 'fx'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

/** Trading calendars (DESIGN.md §6). */
export const calendarIds = ['XMIL', 'XNYS', 'CRYPTO', 'FX'] as const;
export type CalendarId = (typeof calendarIds)[number];

/** Whether an instrument trades right now: closed outside the session, on weekends and holidays. */
export const marketStatuses = ['open', 'closed'] as const;
export type MarketStatus = (typeof marketStatuses)[number];

/** Kinds of deposit channel (DESIGN.md §10). */
export const channelKinds = ['bank', 'wallet', 'crypto', 'offline'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** Crypto networks a deposit or withdrawal address lives on. */
export const cryptoNetworks = ['BTC', 'ERC20', 'TRC20'] as const;
export type CryptoNetwork = (typeof cryptoNetworks)[number];

/** States of a deposit and of a withdrawal (SPEC §4): under review → in progress → success | fail. */
export const fundingStates = ['review', 'processing', 'success', 'fail'] as const;
export type FundingState = (typeof fundingStates)[number];

/** How a withdrawal is paid out. */
export const withdrawMethods = ['bank', 'wallet', 'crypto'] as const;
export type WithdrawMethod = (typeof withdrawMethods)[number];

/** The user accounts money can be transferred between, free (DESIGN.md §10). */
export const transferAccounts = ['spot', 'contract'] as const;
export type TransferAccount = (typeof transferAccounts)[number];
