import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { CryptoNetwork } from '@piazza/contract/enums';
import { bech32, bech32m, createBase58check } from '@scure/base';

/*
 * Address formats per network (DESIGN.md §10), each checked by its own checksum so a mistyped character is
 * caught before money goes to it: BTC base58check (P2PKH 0x00, P2SH 0x05) or segwit bech32 (v0) / bech32m
 * (v1+), ERC-20 0x + 40 hex with EIP-55 when mixed case, TRC-20 base58check with the 0x41 prefix.
 */

const base58check = createBase58check(sha256);

function base58Payload(address: string): Uint8Array | undefined {
  try {
    return base58check.decode(address);
  } catch {
    return undefined;
  }
}

function isBtcSegwit(address: string): boolean {
  const lower = address.toLowerCase();
  // Mixed case is invalid in bech32 (BIP 173).
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith('bc1')) return false;
  for (const [coder, versionOk] of [
    [bech32, (v: number) => v === 0],
    [bech32m, (v: number) => v >= 1 && v <= 16],
  ] as const) {
    try {
      const { prefix, words } = coder.decode(lower as `${string}1${string}`);
      if (prefix !== 'bc' || words.length === 0) continue;
      const version = words[0] as number;
      if (!versionOk(version)) continue;
      const program = coder.fromWords(words.slice(1));
      if (version === 0 && program.length !== 20 && program.length !== 32) continue;
      if (program.length < 2 || program.length > 40) continue;
      return true;
    } catch {}
  }
  return false;
}

function isBtc(address: string): boolean {
  if (/^[13]/.test(address)) {
    const payload = base58Payload(address);
    return payload !== undefined && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  return isBtcSegwit(address);
}

/** The EIP-55 spelling of a 40-hex-digit address body: a letter is upper case when its hash nibble is ≥ 8. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const c = lower[i] as string;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return `0x${out}`;
}

function isErc20(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  // All lower or all upper case carries no checksum (EIP-55 allows it); mixed case must match exactly.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(body) === address;
}

function isTrc20(address: string): boolean {
  if (!address.startsWith('T') || address.length !== 34) return false;
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
}

export function isValidAddress(network: CryptoNetwork, address: string): boolean {
  switch (network) {
    case 'BTC':
      return isBtc(address);
    case 'ERC20':
      return isErc20(address);
    case 'TRC20':
      return isTrc20(address);
  }
}

/** A TRON address of a 20-byte account id: base58check of 0x41 followed by the id. */
export function tronAddress(id20: Uint8Array): string {
  return base58check.encode(Uint8Array.from([0x41, ...id20]));
}

/** A native segwit v0 (P2WPKH) address of a 20-byte key hash. */
export function btcSegwitAddress(hash20: Uint8Array): string {
  return bech32.encode('bc', [0, ...bech32.toWords(hash20)]);
}

export function ethAddress(id20: Uint8Array): string {
  return eip55(Buffer.from(id20).toString('hex'));
}
