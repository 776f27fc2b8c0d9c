import type { bankAdd } from '@piazza/contract/calls/funding';
import type { bindingView, cryptoAddressView } from '@piazza/contract/calls/funding-shapes';
import type { CallInput } from '@piazza/contract/define';
import type { CryptoNetwork } from '@piazza/contract/enums';
import { type BankFieldName, bankFieldUsed, ibanCountry, missingBankField } from '@piazza/core/bank-fields';
import type { z } from 'zod';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';
import { checkedBic, checkedIban } from './channels';
import { isValidAddress } from './crypto-address';

/*
 * What a user withdraws to (SPEC §3): bank accounts (IBAN by its checksum, BIC by its format), wallets (type,
 * name, mobile) and crypto addresses (format and checksum of their network). Removal is soft: a withdrawal
 * keeps the destination it was made to.
 */

type BindingView = z.output<typeof bindingView>;
type CryptoAddressView = z.output<typeof cryptoAddressView>;

/** Wallet types offered (SPEC §3). */
export const walletTypes = ['Nagad', 'Bkash'] as const;
/** Bank accounts and wallets together, per user: enough for anyone, a bound on abuse. */
export const bindingsMax = 10;
export const cryptoAddressesMax = 20;

interface BindingRow {
  id: number;
  kind: 'bank' | 'wallet';
  name: string;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  address: string | null;
  routingNumber: string | null;
  district: string | null;
  branchName: string | null;
  pixAccount: string | null;
  taxId: string | null;
  walletType: string | null;
  mobile: string | null;
  createdAt: Date;
}

const bindingColumns = `id, kind, name, iban, bic, bank_name as "bankName", address,
  routing_number as "routingNumber", district, branch_name as "branchName", pix_account as "pixAccount",
  tax_id as "taxId", wallet_type as "walletType", mobile, created_at as "createdAt"`;

function bindingViewOf(r: BindingRow): BindingView {
  return { ...r, createdAt: r.createdAt.getTime() };
}

export async function findBinding(q: Queryable, userId: number, id: number): Promise<BindingRow> {
  const row = await one<BindingRow>(
    q,
    `select ${bindingColumns} from bank_bindings where id = $1 and user_id = $2 and deleted_at is null`,
    [id, userId],
  );
  if (!row) throw new Refusal('funding.binding.unknown');
  return row;
}

export async function bindingInfo(q: Queryable, userId: number, id: number): Promise<BindingView> {
  return bindingViewOf(await findBinding(q, userId, id));
}

export async function listBindings(
  q: Queryable,
  userId: number,
  kind?: 'bank' | 'wallet',
): Promise<BindingView[]> {
  const rows = await q.query<BindingRow>(
    `select ${bindingColumns} from bank_bindings where user_id = $1 and deleted_at is null
       and ($2::text is null or kind = $2) order by id desc`,
    [userId, kind ?? null],
  );
  return rows.map(bindingViewOf);
}

export async function addBinding(
  q: Queryable,
  userId: number,
  input: CallInput<typeof bankAdd>,
  nowMs: number,
): Promise<BindingView> {
  let iban: string | null = null;
  let bic: string | null = null;
  let walletType: string | null = null;
  let mobile: string | null = null;
  // Only the fields an account of the IBAN's country uses are kept (decision 047).
  let used = (_: BankFieldName) => false;
  if (input.kind === 'bank') {
    iban = checkedIban(input.iban ?? '');
    const country = ibanCountry(iban);
    bic = input.bic ? checkedBic(input.bic) : null;
    const missing = missingBankField(country, { ...input, iban, bic });
    if (missing) throw new Refusal(`funding.binding.missing.${missing}`);
    used = (name) => bankFieldUsed(country, name);
    if (!used('bic')) bic = null;
  } else {
    const type = walletTypes.find((t) => t.toLowerCase() === (input.walletType ?? '').toLowerCase());
    if (!type) throw new Refusal('funding.wallet.type', [walletTypes.join(', ')]);
    walletType = type;
    const digits = (input.mobile ?? '').replace(/[\s-]/g, '');
    if (!/^\+?\d{6,15}$/.test(digits)) throw new Refusal('funding.wallet.mobile');
    mobile = digits;
  }
  // Serialises this user's additions so the bound on their number holds under concurrent calls.
  await q.query('select id from users where id = $1 for update', [userId]);
  const [count] = await q.query<{ n: bigint }>(
    'select count(*)::int8 as n from bank_bindings where user_id = $1 and deleted_at is null',
    [userId],
  );
  if ((count?.n ?? 0n) >= BigInt(bindingsMax)) throw new Refusal('funding.binding.limit', [bindingsMax]);
  const duplicate = await one(
    q,
    `select 1 from bank_bindings where user_id = $1 and kind = $2 and coalesce(iban, mobile) = $3
       and deleted_at is null`,
    [userId, input.kind, iban ?? mobile],
  );
  if (duplicate) throw new Refusal('funding.binding.duplicate');
  const row = await one<BindingRow>(
    q,
    `insert into bank_bindings (user_id, kind, name, iban, bic, bank_name, address, routing_number, district,
       branch_name, pix_account, tax_id, wallet_type, mobile, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning ${bindingColumns}`,
    [
      userId,
      input.kind,
      input.name,
      iban,
      bic,
      used('bankName') ? (input.bankName ?? null) : null,
      used('address') ? (input.address ?? null) : null,
      used('routingNumber') ? (input.routingNumber ?? null) : null,
      used('district') ? (input.district ?? null) : null,
      used('branchName') ? (input.branchName ?? null) : null,
      used('pixAccount') ? (input.pixAccount ?? null) : null,
      used('taxId') ? (input.taxId ?? null) : null,
      walletType,
      mobile,
      new Date(nowMs),
    ],
  );
  return bindingViewOf(row!);
}

export async function deleteBinding(q: Queryable, userId: number, id: number, nowMs: number): Promise<void> {
  await findBinding(q, userId, id);
  await q.query('update bank_bindings set deleted_at = $3 where id = $1 and user_id = $2', [
    id,
    userId,
    new Date(nowMs),
  ]);
}

// Crypto withdrawal addresses ---------------------------------------------------------------------------

interface AddressRow {
  id: number;
  network: CryptoNetwork;
  address: string;
  label: string | null;
  createdAt: Date;
}

const addressColumns = 'id, network, address, label, created_at as "createdAt"';

function addressViewOf(r: AddressRow): CryptoAddressView {
  return { ...r, createdAt: r.createdAt.getTime() };
}

export async function findCryptoAddress(q: Queryable, userId: number, id: number): Promise<AddressRow> {
  const row = await one<AddressRow>(
    q,
    `select ${addressColumns} from crypto_addresses where id = $1 and user_id = $2 and deleted_at is null`,
    [id, userId],
  );
  if (!row) throw new Refusal('funding.address.unknown');
  return row;
}

export async function listCryptoAddresses(
  q: Queryable,
  userId: number,
  network?: CryptoNetwork,
): Promise<CryptoAddressView[]> {
  const rows = await q.query<AddressRow>(
    `select ${addressColumns} from crypto_addresses where user_id = $1 and deleted_at is null
       and ($2::text is null or network = $2) order by id desc`,
    [userId, network ?? null],
  );
  return rows.map(addressViewOf);
}

export async function addCryptoAddress(
  q: Queryable,
  userId: number,
  input: { network: CryptoNetwork; address: string; label?: string | undefined },
  nowMs: number,
): Promise<CryptoAddressView> {
  if (!isValidAddress(input.network, input.address)) {
    throw new Refusal('funding.address.invalid', [input.network]);
  }
  await q.query('select id from users where id = $1 for update', [userId]);
  const [count] = await q.query<{ n: bigint }>(
    'select count(*)::int8 as n from crypto_addresses where user_id = $1 and deleted_at is null',
    [userId],
  );
  if ((count?.n ?? 0n) >= BigInt(cryptoAddressesMax)) {
    throw new Refusal('funding.binding.limit', [cryptoAddressesMax]);
  }
  const duplicate = await one(
    q,
    'select 1 from crypto_addresses where user_id = $1 and network = $2 and address = $3 and deleted_at is null',
    [userId, input.network, input.address],
  );
  if (duplicate) throw new Refusal('funding.address.duplicate');
  const row = await one<AddressRow>(
    q,
    `insert into crypto_addresses (user_id, network, address, label, created_at) values ($1, $2, $3, $4, $5)
     returning ${addressColumns}`,
    [userId, input.network, input.address, input.label ?? null, new Date(nowMs)],
  );
  return addressViewOf(row!);
}

export async function deleteCryptoAddress(
  q: Queryable,
  userId: number,
  id: number,
  nowMs: number,
): Promise<void> {
  await findCryptoAddress(q, userId, id);
  await q.query('update crypto_addresses set deleted_at = $3 where id = $1 and user_id = $2', [
    id,
    userId,
    new Date(nowMs),
  ]);
}
