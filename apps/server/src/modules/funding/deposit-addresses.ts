import { sha256 } from '@noble/hashes/sha2.js';
import type { CryptoNetwork } from '@piazza/contract/enums';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';
import { btcSegwitAddress, ethAddress, tronAddress } from './crypto-address';

/*
 * Per-user deposit addresses (DESIGN.md §10). A real deployment takes them from a custody provider, which is
 * not built yet; demo mode derives them from a seed, so they are valid in format and checksum but nobody
 * holds their keys, and the wire says demo: true beside them.
 */

export interface DepositAddress {
  network: CryptoNetwork;
  address: string | null;
  demo: boolean;
}

function demoAddress(userId: number, network: CryptoNetwork): string {
  const id20 = sha256(new TextEncoder().encode(`piazza-demo-deposit:${network}:${userId}`)).slice(0, 20);
  switch (network) {
    case 'BTC':
      return btcSegwitAddress(id20);
    case 'ERC20':
      return ethAddress(id20);
    case 'TRC20':
      return tronAddress(id20);
  }
}

export async function depositAddress(
  q: Queryable,
  userId: number,
  network: CryptoNetwork,
): Promise<DepositAddress> {
  const row = await one<{ address: string; demo: boolean }>(
    q,
    'select address, demo from deposit_addresses where user_id = $1 and network = $2',
    [userId, network],
  );
  return { network, address: row?.address ?? null, demo: row?.demo ?? false };
}

/** The user's address on `network`, made on first call; the same on every later call. */
export async function generateDepositAddress(
  q: Queryable,
  userId: number,
  network: CryptoNetwork,
  opts: { demoMode: boolean; nowMs: number },
): Promise<DepositAddress> {
  const existing = await depositAddress(q, userId, network);
  if (existing.address) return existing;
  if (!opts.demoMode) throw new Refusal('funding.address.unavailable');
  await q.query(
    `insert into deposit_addresses (user_id, network, address, demo, created_at) values ($1, $2, $3, true, $4)
     on conflict (user_id, network) do nothing`,
    [userId, network, demoAddress(userId, network), new Date(opts.nowMs)],
  );
  return depositAddress(q, userId, network);
}
