import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { channelKinds, cryptoNetworks, fundingStates, withdrawMethods } from '../enums';
import { decimalField, flagField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import {
  adminDepositRow,
  adminWithdrawalRow,
  channelAdminView,
  withdrawRuleAdminView,
} from './funding-shapes';

/*
 * The back office of funding (DESIGN.md §10): deposit channels and withdrawal rules (admin), the deposit and
 * withdrawal queues (finance). Every change is audited in its own transaction; approving a deposit posts it,
 * paying or rejecting a withdrawal moves its frozen amount, each a money call.
 */

const finance = ['finance'] as const;
const idField = (key: string) => intField(key).pipe(z.number().min(1, { error: key }));
const reasonField = z
  .string({ error: 'admin.reason.required' })
  .trim()
  .min(3, { error: 'admin.reason.required' })
  .max(500, { error: 'admin.reason.length' });
const hhmm = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: key });
/** ISO weekdays as '1,2,3,4,5' (1 Monday … 7 Sunday). */
const daysField = z
  .string({ error: 'funding.window.days' })
  .trim()
  .regex(/^[1-7](,[1-7])*$/, { error: 'funding.window.days' });
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field.invalid' })
    .optional()
    .transform((v) => (v ? v : undefined));

export const adminFundingChannels = defineCall({
  method: 'GET',
  path: '/admin/funding/channels',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'Every deposit channel, active or not.',
  input: {},
  output: z.object({ list: z.array(channelAdminView) }),
});

export const adminFundingChannelSave = defineCall({
  method: 'POST',
  path: '/admin/funding/channel/save',
  auth: 'operator',
  tag: 'admin-funding',
  summary:
    'Adds a deposit channel (no id) or changes one (id): bank channels need beneficiary, a valid IBAN and BIC; crypto channels a network. Audited.',
  input: {
    id: idField('funding.channel.unknown').optional(),
    kind: z.enum(channelKinds, { error: 'funding.kind.unknown' }),
    name: z
      .string({ error: 'funding.channel.name' })
      .trim()
      .min(2, { error: 'funding.channel.name' })
      .max(60, { error: 'funding.channel.name' }),
    asset: z.string({ error: 'ledger.unknownAsset' }).trim().min(1).max(10),
    network: z.enum(cryptoNetworks, { error: 'funding.network.unknown' }).optional(),
    minAmount: decimalField(8, 'funding.amount.format'),
    maxAmount: decimalField(8, 'funding.amount.format'),
    days: daysField,
    from: hhmm('funding.window.hours'),
    to: hhmm('funding.window.hours'),
    active: flagField(),
    beneficiary: optText(100),
    iban: optText(42),
    bic: optText(11),
    bankName: optText(100),
    referenceRule: optText(60),
    instructions: optText(1000),
  },
  output: channelAdminView,
});

export const adminFundingDeposits = defineCall({
  method: 'GET',
  path: '/admin/funding/deposits',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'The deposit queue: by state (default those waiting: review and processing), oldest first.',
  input: {
    ...pageFields,
    state: z.enum(fundingStates, { error: 'funding.state.unknown' }).optional(),
    userId: idField('admin.user.id').optional(),
  },
  output: listOf(adminDepositRow),
});

export const adminFundingDepositProcess = defineCall({
  method: 'POST',
  path: '/admin/funding/deposit/process',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'Takes a deposit under review into processing (the operator is checking it). Audited.',
  input: { id: idField('funding.deposit.unknown') },
  output: adminDepositRow,
});

export const adminFundingDepositApprove = defineMoneyCall({
  method: 'POST',
  path: '/admin/funding/deposit/approve',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary:
    "Approves a deposit: posts it (platform bank:{channel} → the user's spot, bill deposit) and marks it success. Audited.",
  input: { id: idField('funding.deposit.unknown') },
  output: adminDepositRow.extend({ entryId: z.string() }),
});

export const adminFundingDepositReject = defineMoneyCall({
  method: 'POST',
  path: '/admin/funding/deposit/reject',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'Rejects a deposit with a reason the user sees; nothing is posted. Audited.',
  input: { id: idField('funding.deposit.unknown'), reason: reasonField },
  output: adminDepositRow,
});

export const adminFundingWithdrawals = defineCall({
  method: 'GET',
  path: '/admin/funding/withdrawals',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'The withdrawal queue: by state (default those waiting: review and processing), oldest first.',
  input: {
    ...pageFields,
    state: z.enum(fundingStates, { error: 'funding.state.unknown' }).optional(),
    userId: idField('admin.user.id').optional(),
  },
  output: listOf(adminWithdrawalRow),
});

export const adminFundingWithdrawalProcess = defineCall({
  method: 'POST',
  path: '/admin/funding/withdrawal/process',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'Takes a withdrawal under review into processing (being paid). Audited.',
  input: { id: idField('funding.withdrawal.unknown') },
  output: adminWithdrawalRow,
});

export const adminFundingWithdrawalApprove = defineMoneyCall({
  method: 'POST',
  path: '/admin/funding/withdrawal/approve',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary:
    'Pays a withdrawal out: frozen → platform bank (bill withdrawal), fee → fees (bill withdrawal_fee); success. Audited.',
  input: { id: idField('funding.withdrawal.unknown') },
  output: adminWithdrawalRow,
});

export const adminFundingWithdrawalReject = defineMoneyCall({
  method: 'POST',
  path: '/admin/funding/withdrawal/reject',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary:
    'Rejects a withdrawal with a reason the user sees: amount and fee go back frozen → spot (bill withdrawal_refund). Audited.',
  input: { id: idField('funding.withdrawal.unknown'), reason: reasonField },
  output: adminWithdrawalRow,
});

export const adminFundingWithdrawRules = defineCall({
  method: 'GET',
  path: '/admin/funding/withdraw/rules',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'Withdrawal rules per method, asset and network: minimum, fee, time window, active.',
  input: {},
  output: z.object({ list: z.array(withdrawRuleAdminView) }),
});

export const adminFundingWithdrawRuleSave = defineCall({
  method: 'POST',
  path: '/admin/funding/withdraw/rule/save',
  auth: 'operator',
  tag: 'admin-funding',
  summary: 'Adds or changes the rule of one method, asset and network (crypto only). Audited.',
  input: {
    method: z.enum(withdrawMethods, { error: 'funding.method.unknown' }),
    asset: z.string({ error: 'ledger.unknownAsset' }).trim().min(1).max(10),
    network: z.enum(cryptoNetworks, { error: 'funding.network.unknown' }).optional(),
    minAmount: decimalField(8, 'funding.amount.format'),
    feeFixed: decimalField(8, 'funding.amount.format'),
    feeRateBp: intField('funding.fee.rate').pipe(
      z.number().min(0, { error: 'funding.fee.rate' }).max(5000, { error: 'funding.fee.rate' }),
    ),
    days: daysField,
    from: hhmm('funding.window.hours'),
    to: hhmm('funding.window.hours'),
    active: flagField(),
  },
  output: withdrawRuleAdminView,
});

export const adminFundingExchangeConfig = defineCall({
  method: 'GET',
  path: '/admin/funding/exchange',
  auth: 'operator',
  roles: finance,
  tag: 'admin-funding',
  summary: 'The spread the exchange applies, in basis points, and how long a quote stays valid.',
  input: {},
  output: z.object({ spreadBp: z.number().int(), quoteTtlMs: z.number().int() }),
});

export const adminFundingExchangeSave = defineCall({
  method: 'POST',
  path: '/admin/funding/exchange/save',
  auth: 'operator',
  tag: 'admin-funding',
  summary: 'Sets the exchange spread in basis points (0–1000). Audited.',
  input: {
    spreadBp: intField('funding.spread').pipe(
      z.number().min(0, { error: 'funding.spread' }).max(1000, { error: 'funding.spread' }),
    ),
  },
  output: z.object({ spreadBp: z.number().int(), quoteTtlMs: z.number().int() }),
});
