import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import {
  billTypes,
  channelKinds,
  cryptoNetworks,
  fundingStates,
  transferAccounts,
  userAccountPurposes,
} from '../enums';
import { decimalField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import {
  bankDetails,
  billView,
  bindingView,
  channelView,
  cryptoAddressView,
  depositView,
  exchangeAssets,
  exchangeQuoteView,
  withdrawalView,
  withdrawRuleView,
} from './funding-shapes';

/*
 * Money in and out (DESIGN.md §10, decision 010): deposit channels, deposits, withdrawals, binding of bank
 * accounts, wallets and crypto addresses, exchange, transfers and the funds detail. Every call that moves money
 * is a money call (requestId). Amounts are decimal strings beside their asset; times are epoch milliseconds.
 */

const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);
const idField = (key: string) => intField(key).pipe(z.number().min(1, { error: key }));
const amountField = decimalField(8, 'funding.amount.format');
const pinField = z
  .string({ error: 'funding.pin.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'funding.pin.format' });

export const indexBankTmpl = defineCall({
  method: 'GET',
  path: '/index/bank/tmpl',
  auth: 'guest',
  tag: 'funding',
  summary:
    'The binding forms: bank-account fields (which are required), the wallet types, the crypto networks.',
  input: {},
  output: z.object({
    bankFields: z.array(z.object({ name: z.string(), required: z.boolean() })),
    walletTypes: z.array(z.string()),
    networks: z.array(z.enum(cryptoNetworks)),
  }),
});

export const indexBankRecharge = defineCall({
  method: 'GET',
  path: '/index/bank/recharge',
  auth: 'guest',
  tag: 'funding',
  summary: 'Active deposit channels of kind bank, wallet and offline, with limits and time windows.',
  input: {},
  output: z.object({ list: z.array(channelView) }),
});

export const indexRechargeCoins = defineCall({
  method: 'GET',
  path: '/index/recharge/coins',
  auth: 'guest',
  tag: 'funding',
  summary: 'Active crypto deposit channels (asset and network), with limits and time windows.',
  input: {},
  output: z.object({ list: z.array(channelView) }),
});

const utrField = z
  .string()
  .trim()
  .min(4, { error: 'funding.utr.format' })
  .max(100, { error: 'funding.utr.format' })
  .optional();
const receiptField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'funding.receipt.format' })
  .optional();

const depositInput = {
  channelId: idField('funding.channel.unknown'),
  amount: amountField,
  /** UTR or bank reference; a deposit needs it or a receipt. */
  utr: utrField,
  receiptId: receiptField,
};

export const userRechargeAdd = defineMoneyCall({
  method: 'POST',
  path: '/user/recharge/add',
  auth: 'user',
  tag: 'funding',
  summary:
    'A deposit through a bank, wallet or offline channel: amount and a UTR or receipt; it waits for review.',
  input: depositInput,
  output: depositView,
});

export const userRechargeBankRequest = defineMoneyCall({
  method: 'POST',
  path: '/user/recharge/bank/request',
  auth: 'user',
  tag: 'funding',
  summary:
    'A bank-transfer deposit: the user has paid the beneficiary and submits amount and UTR or receipt.',
  input: depositInput,
  output: depositView,
});

export const userRechargeBankRequestInfo = defineCall({
  method: 'POST',
  path: '/user/recharge/bank/request/info',
  auth: 'user',
  tag: 'funding',
  summary: "The beneficiary to pay for a bank channel, with this user's own payment reference filled in.",
  input: { channelId: idField('funding.channel.unknown') },
  output: z.object({ channel: channelView, bank: bankDetails }),
});

const recordFilter = {
  ...pageFields,
  state: z.enum(fundingStates, { error: 'funding.state.unknown' }).optional(),
};

export const userRechargeOrder = defineCall({
  method: 'GET',
  path: '/user/recharge/order',
  auth: 'user',
  tag: 'funding',
  summary: "The user's deposits through bank, wallet and offline channels (or one kind), newest first.",
  input: { ...recordFilter, kind: z.enum(channelKinds, { error: 'funding.kind.unknown' }).optional() },
  output: listOf(depositView),
});

export const userRechargeStatus = defineCall({
  method: 'GET',
  path: '/user/recharge/status',
  auth: 'user',
  tag: 'funding',
  summary: 'One deposit of the user, by id.',
  input: { id: idField('funding.deposit.unknown') },
  output: depositView,
});

const depositAddressView = z.object({
  network: z.enum(cryptoNetworks),
  address: z.string().nullable(),
  /** True when the address is derived from the demo seed: nothing sent to it arrives anywhere. */
  demo: z.boolean(),
});

const networkField = z.enum(cryptoNetworks, { error: 'funding.network.unknown' });

export const coinRechargeAddress = defineCall({
  method: 'POST',
  path: '/coin/recharge/address',
  auth: 'user',
  tag: 'funding',
  summary: "The user's deposit address on a network, or null when none was generated yet.",
  input: { network: networkField },
  output: depositAddressView,
});

export const coinRechargeAddressGenerate = defineCall({
  method: 'POST',
  path: '/coin/recharge/address/generate',
  auth: 'user',
  tag: 'funding',
  summary: 'Gives the user a deposit address on a network (the same one on every call once it exists).',
  input: { network: networkField },
  output: depositAddressView,
});

export const coinRechargeAdd = defineMoneyCall({
  method: 'POST',
  path: '/coin/recharge/add',
  auth: 'user',
  tag: 'funding',
  summary: 'A crypto deposit: channel, amount and the transaction hash; it waits for review.',
  input: {
    channelId: idField('funding.channel.unknown'),
    amount: amountField,
    /** The transaction hash on the network. */
    utr: utrField,
    receiptId: receiptField,
  },
  output: depositView,
});

export const coinRechargeOrder = defineCall({
  method: 'GET',
  path: '/coin/recharge/order',
  auth: 'user',
  tag: 'funding',
  summary: "The user's crypto deposits, newest first.",
  input: recordFilter,
  output: listOf(depositView),
});

// Binding ---------------------------------------------------------------------------------------------

const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field.invalid' })
    .optional()
    .transform((v) => (v ? v : undefined));

export const bankAdd = defineCall({
  method: 'POST',
  path: '/bank/add',
  auth: 'user',
  tag: 'funding',
  summary:
    'Binds a bank account (kind bank: name, IBAN checked by its checksum, BIC by its format) or a wallet (kind wallet: type, name, mobile).',
  input: {
    kind: z.enum(['bank', 'wallet'], { error: 'funding.binding.kind' }).default('bank'),
    name: z
      .string({ error: 'funding.binding.name' })
      .trim()
      .min(2, { error: 'funding.binding.name' })
      .max(100, { error: 'funding.binding.name' }),
    iban: optText(42),
    bic: optText(11),
    bankName: optText(100),
    address: optText(200),
    routingNumber: optText(30),
    district: optText(100),
    branchName: optText(100),
    pixAccount: optText(100),
    taxId: optText(30),
    walletType: optText(30),
    mobile: optText(20),
  },
  output: bindingView,
});

export const bankDel = defineCall({
  method: 'POST',
  path: '/bank/del',
  auth: 'user',
  tag: 'funding',
  summary: 'Removes one of the user’s bank accounts or wallets; withdrawals already made keep their details.',
  input: { id: idField('funding.binding.unknown') },
  output: z.object({ id: z.number().int() }),
});

export const bankList = defineCall({
  method: 'GET',
  path: '/bank/list',
  auth: 'user',
  tag: 'funding',
  summary: 'The user’s bank accounts and wallets, newest first.',
  input: { kind: z.enum(['bank', 'wallet'], { error: 'funding.binding.kind' }).optional() },
  output: z.object({ list: z.array(bindingView) }),
});

export const bankInfo = defineCall({
  method: 'GET',
  path: '/bank/info',
  auth: 'user',
  tag: 'funding',
  summary: 'One of the user’s bank accounts or wallets.',
  input: { id: idField('funding.binding.unknown') },
  output: bindingView,
});

export const coinWithdrawAddress = defineCall({
  method: 'POST',
  path: '/coin/withdraw/address',
  auth: 'user',
  tag: 'funding',
  summary: 'The crypto addresses the user has bound for withdrawals (optionally of one network).',
  input: { network: networkField.optional() },
  output: z.object({ list: z.array(cryptoAddressView) }),
});

export const coinWithdrawAddressGenerate = defineCall({
  method: 'POST',
  path: '/coin/withdraw/address/generate',
  auth: 'user',
  tag: 'funding',
  summary:
    'Binds a withdrawal address: checked by the format and checksum of its network (BTC base58check or bech32/bech32m, ERC-20 EIP-55, TRC-20 base58check).',
  input: {
    network: networkField,
    address: z
      .string({ error: 'funding.address.invalid' })
      .trim()
      .min(1, { error: 'funding.address.invalid' })
      .max(100, { error: 'funding.address.invalid' }),
    label: optText(50),
  },
  output: cryptoAddressView,
});

export const coinWithdrawAddressDel = defineCall({
  method: 'POST',
  path: '/coin/withdraw/address/del',
  auth: 'user',
  tag: 'funding',
  summary: 'Removes one of the user’s withdrawal addresses.',
  input: { id: idField('funding.address.unknown') },
  output: z.object({ id: z.number().int() }),
});

// Withdrawals -------------------------------------------------------------------------------------------

export const userWithdrawRules = defineCall({
  method: 'GET',
  path: '/user/withdraw/rules',
  auth: 'user',
  tag: 'funding',
  summary: 'Withdrawal rules of every active method and asset: minimum, fee, time window, available balance.',
  input: {},
  output: z.object({ list: z.array(withdrawRuleView) }),
});

export const coinWithdrawRules = defineCall({
  method: 'GET',
  path: '/coin/withdraw/add',
  auth: 'user',
  tag: 'funding',
  summary: 'The crypto withdrawal rules (as /user/withdraw/rules, crypto only): the form of the coin page.',
  input: {},
  output: z.object({ list: z.array(withdrawRuleView) }),
});

export const userWithdrawAdd = defineMoneyCall({
  method: 'POST',
  path: '/user/withdraw/add',
  auth: 'user',
  tag: 'funding',
  summary:
    'A withdrawal to a bound bank account or wallet: needs KYC verified and the withdrawal password; freezes amount + fee until an operator pays or rejects it.',
  input: {
    bindingId: idField('funding.binding.unknown'),
    asset: z.string().trim().min(1).max(10).default('EUR'),
    amount: amountField,
    pin: pinField,
  },
  output: withdrawalView,
});

export const coinWithdrawAdd = defineMoneyCall({
  method: 'POST',
  path: '/coin/withdraw/add',
  auth: 'user',
  tag: 'funding',
  summary:
    'A crypto withdrawal to a bound address: needs KYC verified and the withdrawal password; freezes amount + fee.',
  input: {
    addressId: idField('funding.address.unknown'),
    asset: z.string().trim().min(1).max(10).default('USDT'),
    amount: amountField,
    pin: pinField,
  },
  output: withdrawalView,
});

const withdrawFilter = { ...recordFilter };

export const userWithdrawOrder = defineCall({
  method: 'GET',
  path: '/user/withdraw/order',
  auth: 'user',
  tag: 'funding',
  summary: "The user's bank and wallet withdrawals, newest first.",
  input: withdrawFilter,
  output: listOf(withdrawalView),
});

export const userWithdrawStatus = defineCall({
  method: 'GET',
  path: '/user/withdraw/status',
  auth: 'user',
  tag: 'funding',
  summary: 'One withdrawal of the user (any method), by id.',
  input: { id: idField('funding.withdrawal.unknown') },
  output: withdrawalView,
});

export const coinWithdrawOrder = defineCall({
  method: 'POST',
  path: '/coin/withdraw/order',
  auth: 'user',
  tag: 'funding',
  summary: "The user's crypto withdrawals, newest first.",
  input: withdrawFilter,
  output: listOf(withdrawalView),
});

// Exchange and transfers ------------------------------------------------------------------------------

export const userExchangeQuote = defineCall({
  method: 'POST',
  path: '/user/exchange/quote',
  auth: 'user',
  tag: 'funding',
  summary: 'A quote to convert an amount of `from` into `to` at the live rate with the spread, valid ~10 s.',
  input: {
    from: z.enum(exchangeAssets, { error: 'funding.exchange.pair' }),
    to: z.enum(exchangeAssets, { error: 'funding.exchange.pair' }),
    amount: amountField,
  },
  output: exchangeQuoteView,
});

export const userExchange = defineMoneyCall({
  method: 'POST',
  path: '/user/exchange',
  auth: 'user',
  tag: 'funding',
  summary: 'Confirms a quote: converts from spot to spot through the fx account (bill exchange).',
  input: {
    quoteId: z
      .string({ error: 'funding.quote.unknown' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'funding.quote.unknown' }),
  },
  output: exchangeQuoteView.extend({ entryId: z.string() }),
});

const transferInput = {
  from: z.enum(transferAccounts, { error: 'funding.transfer.account' }),
  to: z.enum(transferAccounts, { error: 'funding.transfer.account' }),
  asset: z.string().trim().min(1).max(10),
  amount: amountField,
};
const transferOutput = z.object({
  entryId: z.string(),
  from: z.enum(transferAccounts),
  to: z.enum(transferAccounts),
  asset: z.string(),
  amount: amountText,
});

export const userTransfer = defineMoneyCall({
  method: 'GET',
  path: '/user/transfer',
  auth: 'user',
  tag: 'funding',
  summary: 'Moves a currency (EUR, USD) between the spot and the contract account, free (bill transfer).',
  input: transferInput,
  output: transferOutput,
});

export const coinTransfer = defineMoneyCall({
  method: 'POST',
  path: '/coin/transfer',
  auth: 'user',
  tag: 'funding',
  summary: 'Moves a coin (USDT, BTC, ETH) between the spot and the contract account, free (bill transfer).',
  input: transferInput,
  output: transferOutput,
});

// Funds detail ----------------------------------------------------------------------------------------

export const userTxRecord = defineCall({
  method: 'GET',
  path: '/user/tx/record',
  auth: 'user',
  tag: 'funding',
  summary:
    "The user's bills straight from the ledger: by bill types (comma-separated), asset, account and period, newest first.",
  input: {
    ...pageFields,
    billTypes: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.split(',').map((s) => s.trim()) : undefined))
      .pipe(z.array(z.enum(billTypes, { error: 'funding.billType.unknown' })).optional()),
    asset: z.string().trim().max(20).optional(),
    purpose: z.enum(userAccountPurposes, { error: 'funding.purpose.unknown' }).optional(),
    /** Epoch ms, inclusive. */
    fromMs: intField().optional(),
    /** Epoch ms, exclusive. */
    toMs: intField().optional(),
  },
  output: listOf(billView),
});
