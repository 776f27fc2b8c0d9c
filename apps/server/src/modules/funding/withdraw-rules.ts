import type { adminFundingWithdrawRuleSave } from '@piazza/contract/calls/funding-admin';
import type { withdrawRuleAdminView, withdrawRuleView } from '@piazza/contract/calls/funding-shapes';
import type { CallInput } from '@piazza/contract/define';
import type { CryptoNetwork, WithdrawMethod } from '@piazza/contract/enums';
import { formatAmount, mulDiv } from '@piazza/core/money';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { balanceOf } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { configMinor, scaleOf } from './amounts';
import { windowOf } from './channels';
import { isOpen, parseDays, parseHhmm, windowView } from './time-window';

/** The minimum, fee and hours of one withdrawal method in one asset (and network, for crypto). */
export interface WithdrawRule {
  id: number;
  method: WithdrawMethod;
  asset: string;
  scale: number;
  /** '' for bank and wallet. */
  network: string;
  minAmount: bigint;
  feeFixed: bigint;
  feeRateBp: number;
  days: string;
  openMinute: number;
  closeMinute: number;
  active: boolean;
  updatedAt: Date;
}

const ruleColumns = `r.id, r.method, r.asset, s.scale, r.network, r.min_amount as "minAmount",
  r.fee_fixed as "feeFixed", r.fee_rate_bp as "feeRateBp", r.days, r.open_minute as "openMinute",
  r.close_minute as "closeMinute", r.active, r.updated_at as "updatedAt"`;
const ruleFrom = 'withdraw_rules r join assets s on s.code = r.asset';

/** Fee = fixed + amount × rate / 10 000, rounded up to the minor unit: the platform never undercharges. */
export function withdrawalFee(rule: Pick<WithdrawRule, 'feeFixed' | 'feeRateBp'>, amount: bigint): bigint {
  return rule.feeFixed + mulDiv(amount, BigInt(rule.feeRateBp), 10_000n, 'ceil');
}

export async function listRules(q: Queryable, opts: { activeOnly: boolean }): Promise<WithdrawRule[]> {
  return q.query<WithdrawRule>(
    `select ${ruleColumns} from ${ruleFrom} ${opts.activeOnly ? 'where r.active' : ''}
      order by r.method, r.asset, r.network`,
  );
}

/** The active rule for a method, asset and network, or the refusal 'funding.withdraw.unavailable'. */
export async function activeRule(
  q: Queryable,
  method: WithdrawMethod,
  asset: string,
  network: CryptoNetwork | null,
): Promise<WithdrawRule> {
  const rule = await one<WithdrawRule>(
    q,
    `select ${ruleColumns} from ${ruleFrom} where r.method = $1 and r.asset = $2 and r.network = $3`,
    [method, asset, network ?? ''],
  );
  if (!rule?.active) throw new Refusal('funding.withdraw.unavailable', [asset]);
  return rule;
}

export async function userRuleViews(
  q: Queryable,
  userId: number,
  nowMs: number,
  methods: readonly WithdrawMethod[],
): Promise<z.output<typeof withdrawRuleView>[]> {
  const rules = (await listRules(q, { activeOnly: true })).filter((r) => methods.includes(r.method));
  const views = [];
  for (const r of rules) {
    const scale = Number(r.scale);
    const available = await balanceOf(q, {
      ownerType: 'user',
      ownerId: userId,
      purpose: 'spot',
      asset: r.asset,
    });
    views.push({
      method: r.method,
      asset: r.asset,
      network: r.network === '' ? null : (r.network as CryptoNetwork),
      minAmount: formatAmount(r.minAmount, scale),
      feeFixed: formatAmount(r.feeFixed, scale),
      feeRateBp: r.feeRateBp,
      window: windowView(windowOf(r)),
      openNow: isOpen(windowOf(r), nowMs),
      available: formatAmount(available, scale),
    });
  }
  return views;
}

export function ruleAdminViewOf(r: WithdrawRule): z.output<typeof withdrawRuleAdminView> {
  const scale = Number(r.scale);
  return {
    id: r.id,
    method: r.method,
    asset: r.asset,
    network: r.network === '' ? null : (r.network as CryptoNetwork),
    minAmount: formatAmount(r.minAmount, scale),
    feeFixed: formatAmount(r.feeFixed, scale),
    feeRateBp: r.feeRateBp,
    window: windowView(windowOf(r)),
    active: r.active,
    updatedAt: r.updatedAt.getTime(),
  };
}

/** Adds or changes the rule of a method, asset and network; audited in the same transaction. */
export async function saveRule(
  q: Queryable,
  input: CallInput<typeof adminFundingWithdrawRuleSave>,
  operatorId: number,
  nowMs: number,
): Promise<WithdrawRule> {
  const scale = await scaleOf(q, input.asset);
  const minAmount = configMinor(input.minAmount, input.asset, scale);
  const feeFixed = configMinor(input.feeFixed, input.asset, scale);
  const openMinute = parseHhmm(input.from);
  const closeMinute = parseHhmm(input.to);
  if (openMinute === null || closeMinute === null || closeMinute <= openMinute) {
    throw new Refusal('funding.window.hours');
  }
  if (input.method === 'crypto' && !input.network) throw new Refusal('funding.network.unknown');
  const network = input.method === 'crypto' ? (input.network ?? '') : '';
  const before = await one<WithdrawRule>(
    q,
    `select ${ruleColumns} from ${ruleFrom} where r.method = $1 and r.asset = $2 and r.network = $3`,
    [input.method, input.asset, network],
  );
  await q.query(
    `insert into withdraw_rules (method, asset, network, min_amount, fee_fixed, fee_rate_bp, days, open_minute,
       close_minute, active, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (method, asset, network) do update set min_amount = excluded.min_amount,
       fee_fixed = excluded.fee_fixed, fee_rate_bp = excluded.fee_rate_bp, days = excluded.days,
       open_minute = excluded.open_minute, close_minute = excluded.close_minute, active = excluded.active,
       updated_at = excluded.updated_at`,
    [
      input.method,
      input.asset,
      network,
      minAmount,
      feeFixed,
      input.feeRateBp,
      parseDays(input.days).join(','),
      openMinute,
      closeMinute,
      input.active,
      new Date(nowMs),
    ],
  );
  const after = await one<WithdrawRule>(
    q,
    `select ${ruleColumns} from ${ruleFrom} where r.method = $1 and r.asset = $2 and r.network = $3`,
    [input.method, input.asset, network],
  );
  if (!after) throw new Error('withdraw rule vanished after saving');
  await audit(q, {
    operatorId,
    action: before ? 'withdrawRule.update' : 'withdrawRule.add',
    targetType: 'withdraw_rule',
    targetId: after.id,
    before: before ? ruleAdminViewOf(before) : null,
    after: ruleAdminViewOf(after),
  });
  return after;
}
