import type { adminFundingChannelSave } from '@piazza/contract/calls/funding-admin';
import type { channelAdminView, channelView } from '@piazza/contract/calls/funding-shapes';
import type { CallInput } from '@piazza/contract/define';
import type { ChannelKind, CryptoNetwork } from '@piazza/contract/enums';
import { displayUserId } from '@piazza/core/display-id';
import { formatAmount } from '@piazza/core/money';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import { configMinor, scaleOf } from './amounts';
import { isOpen, parseDays, parseHhmm, type TimeWindow, windowView } from './time-window';

/** A deposit channel as stored, amounts in minor units of its asset. */
export interface ChannelRow {
  id: number;
  kind: ChannelKind;
  name: string;
  asset: string;
  scale: number;
  network: CryptoNetwork | null;
  minAmount: bigint;
  maxAmount: bigint;
  days: string;
  openMinute: number;
  closeMinute: number;
  active: boolean;
  beneficiary: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  referenceRule: string | null;
  instructions: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const channelColumns = `c.id, c.kind, c.name, c.asset, s.scale, c.network, c.min_amount as "minAmount",
  c.max_amount as "maxAmount", c.days, c.open_minute as "openMinute", c.close_minute as "closeMinute", c.active,
  c.beneficiary, c.iban, c.bic, c.bank_name as "bankName", c.reference_rule as "referenceRule",
  c.instructions, c.created_at as "createdAt", c.updated_at as "updatedAt"`;
const channelFrom = 'deposit_channels c join assets s on s.code = c.asset';

export async function listChannels(q: Queryable, opts: { activeOnly: boolean }): Promise<ChannelRow[]> {
  return q.query<ChannelRow>(
    `select ${channelColumns} from ${channelFrom} ${opts.activeOnly ? 'where c.active' : ''} order by c.id`,
  );
}

/** An active channel, or the refusal 'funding.channel.unknown'. */
export async function activeChannel(q: Queryable, id: number): Promise<ChannelRow> {
  const row = await one<ChannelRow>(q, `select ${channelColumns} from ${channelFrom} where c.id = $1`, [id]);
  if (!row?.active) throw new Refusal('funding.channel.unknown');
  return row;
}

export function windowOf(r: { days: string; openMinute: number; closeMinute: number }): TimeWindow {
  return { days: parseDays(r.days), openMinute: Number(r.openMinute), closeMinute: Number(r.closeMinute) };
}

/** The payment reference for this user: the rule with `{displayId}` and `{userId}` filled in. */
export function referenceFor(rule: string | null, userId: number): string {
  return (rule ?? 'PIAZZA {displayId}')
    .replaceAll('{displayId}', displayUserId(userId))
    .replaceAll('{userId}', String(userId));
}

export function channelViewOf(r: ChannelRow, nowMs: number, userId?: number): z.output<typeof channelView> {
  const scale = Number(r.scale);
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    asset: r.asset,
    network: r.network,
    minAmount: formatAmount(r.minAmount, scale),
    maxAmount: formatAmount(r.maxAmount, scale),
    window: windowView(windowOf(r)),
    openNow: isOpen(windowOf(r), nowMs),
    bank:
      r.kind === 'bank'
        ? {
            beneficiary: r.beneficiary ?? '',
            iban: r.iban ?? '',
            bic: r.bic,
            bankName: r.bankName ?? '',
            reference:
              userId === undefined
                ? (r.referenceRule ?? 'PIAZZA {displayId}')
                : referenceFor(r.referenceRule, userId),
          }
        : null,
    instructions: r.instructions,
  };
}

export function channelAdminViewOf(r: ChannelRow): z.output<typeof channelAdminView> {
  const scale = Number(r.scale);
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    asset: r.asset,
    network: r.network,
    minAmount: formatAmount(r.minAmount, scale),
    maxAmount: formatAmount(r.maxAmount, scale),
    window: windowView(windowOf(r)),
    active: r.active,
    beneficiary: r.beneficiary,
    iban: r.iban,
    bic: r.bic,
    bankName: r.bankName,
    referenceRule: r.referenceRule,
    instructions: r.instructions,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

/** An IBAN in electronic format, or the refusal 'bank.iban' (checksum, length and layout of its country). */
export function checkedIban(text: string): string {
  const iban = electronicFormatIBAN(text) ?? '';
  if (!isValidIBAN(iban)) throw new Refusal('bank.iban');
  return iban;
}

/** A BIC in upper case, or the refusal 'bank.bic' (4 letters bank, 2 country, 2 location, optional branch). */
export function checkedBic(text: string): string {
  const bic = text.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(bic)) throw new Refusal('bank.bic');
  return bic;
}

type SaveInput = CallInput<typeof adminFundingChannelSave>;

/** Adds or changes a channel after checking what its kind needs; audited in the same transaction. */
export async function saveChannel(
  q: Queryable,
  input: SaveInput,
  operatorId: number,
  nowMs: number,
): Promise<ChannelRow> {
  const scale = await scaleOf(q, input.asset);
  const minAmount = configMinor(input.minAmount, input.asset, scale);
  const maxAmount = configMinor(input.maxAmount, input.asset, scale);
  if (minAmount > maxAmount) throw new Refusal('funding.amount.range');
  const openMinute = parseHhmm(input.from);
  const closeMinute = parseHhmm(input.to);
  if (openMinute === null || closeMinute === null || closeMinute <= openMinute) {
    throw new Refusal('funding.window.hours');
  }
  const days = parseDays(input.days).join(',');
  let iban: string | null = null;
  let bic: string | null = null;
  if (input.kind === 'bank') {
    if (!input.beneficiary || !input.iban || !input.bankName) throw new Refusal('funding.channel.bank');
    iban = checkedIban(input.iban);
    bic = input.bic ? checkedBic(input.bic) : null;
  }
  if (input.kind === 'crypto' && !input.network) throw new Refusal('funding.channel.network');
  const network = input.kind === 'crypto' ? (input.network ?? null) : null;
  const values = [
    input.kind,
    input.name,
    input.asset,
    network,
    minAmount,
    maxAmount,
    days,
    openMinute,
    closeMinute,
    input.active,
    input.kind === 'bank' ? input.beneficiary : null,
    iban,
    bic,
    input.kind === 'bank' ? input.bankName : null,
    input.kind === 'bank' ? (input.referenceRule ?? null) : null,
    input.instructions ?? null,
    new Date(nowMs),
  ];

  let before: ChannelRow | undefined;
  let id: number;
  if (input.id === undefined) {
    const row = await one<{ id: number }>(
      q,
      `insert into deposit_channels (kind, name, asset, network, min_amount, max_amount, days, open_minute,
         close_minute, active, beneficiary, iban, bic, bank_name, reference_rule, instructions, created_at,
         updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) returning id`,
      values,
    );
    id = row!.id;
  } else {
    before = await one<ChannelRow>(
      q,
      `select ${channelColumns} from ${channelFrom} where c.id = $1 for update of c`,
      [input.id],
    );
    if (!before) throw new Refusal('funding.channel.unknown');
    id = input.id;
    await q.query(
      `update deposit_channels set kind = $1, name = $2, asset = $3, network = $4, min_amount = $5,
         max_amount = $6, days = $7, open_minute = $8, close_minute = $9, active = $10, beneficiary = $11,
         iban = $12, bic = $13, bank_name = $14, reference_rule = $15, instructions = $16, updated_at = $17
       where id = $18`,
      [...values, id],
    );
  }
  const after = await one<ChannelRow>(q, `select ${channelColumns} from ${channelFrom} where c.id = $1`, [
    id,
  ]);
  if (!after) throw new Error(`channel ${id} vanished after saving`);
  await audit(q, {
    operatorId,
    action: input.id === undefined ? 'channel.add' : 'channel.update',
    targetType: 'deposit_channel',
    targetId: id,
    before: before ? channelAdminViewOf(before) : null,
    after: channelAdminViewOf(after),
  });
  return after;
}

/** A demo IBAN that passes the checksum (Italy's layout); nothing paid to it arrives anywhere. */
export const demoIban = 'IT60X0542811101000000123456';

/**
 * Demo mode's channels, one of each kind, added once (when no channel exists yet) so an operator's changes
 * survive restarts: bank transfer in EUR, an e-wallet, an offline desk, and USDT on TRC-20 and ERC-20.
 */
export async function seedDemoChannels(q: Queryable, nowMs: number): Promise<void> {
  const [count] = await q.query<{ n: bigint }>('select count(*)::int8 as n from deposit_channels');
  if ((count?.n ?? 0n) > 0n) return;
  const now = new Date(nowMs);
  const everyDay = '1,2,3,4,5,6,7';
  const rows: unknown[][] = [
    [
      'bank',
      'Bonifico SEPA',
      'EUR',
      null,
      1000,
      5000000,
      everyDay,
      0,
      1440,
      'Piazza Demo S.p.A.',
      demoIban,
      'BCITITMMXXX',
      'Banca Demo',
      'PIAZZA {displayId}',
      null,
    ],
    [
      'wallet',
      'E-wallet',
      'EUR',
      null,
      1000,
      100000,
      everyDay,
      0,
      1440,
      null,
      null,
      null,
      null,
      null,
      // Operator-authored texts have one language; the demo writes both.
      'Invia l’importo al wallet indicato dall’assistenza, poi inserisci il riferimento della transazione. / Send the amount to the wallet shown by support, then enter its transaction reference.',
    ],
    [
      'offline',
      'Sportello',
      'EUR',
      null,
      10000,
      1000000,
      '1,2,3,4,5',
      540,
      1080,
      null,
      null,
      null,
      null,
      null,
      'Paga al nostro sportello di Milano, dal lunedì al venerdì 09:00–18:00, e inserisci il numero della ricevuta. / Pay at our desk in Milan, Monday to Friday 09:00–18:00, and enter the receipt number.',
    ],
    [
      'crypto',
      'USDT TRC20',
      'USDT',
      'TRC20',
      10000000,
      100000000000,
      everyDay,
      0,
      1440,
      null,
      null,
      null,
      null,
      null,
      null,
    ],
    [
      'crypto',
      'USDT ERC20',
      'USDT',
      'ERC20',
      20000000,
      100000000000,
      everyDay,
      0,
      1440,
      null,
      null,
      null,
      null,
      null,
      null,
    ],
  ];
  for (const r of rows) {
    await q.query(
      `insert into deposit_channels (kind, name, asset, network, min_amount, max_amount, days, open_minute,
         close_minute, beneficiary, iban, bic, bank_name, reference_rule, instructions, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)`,
      [...r, now],
    );
  }
}
