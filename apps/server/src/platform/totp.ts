import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * RFC 6238 time-based one-time passwords (HOTP of RFC 4226 over 30-second steps), the kind authenticator
 * apps read from an otpauth:// URI. Shared by investors' and operators' two-factor login.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export const totpStepSeconds = 30;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps take. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP: the code for one counter value, zero-padded to `digits`. */
export function hotp(key: Buffer, counter: bigint, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in. */
export function totpStep(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000 / totpStepSeconds));
}

/** The code at a moment (RFC 6238). */
export function totpAt(key: Buffer, nowMs: number, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  return hotp(key, totpStep(nowMs), digits, algorithm);
}

/**
 * The step whose code `code` is, looking one step either side for clocks that drift, or null. The caller
 * refuses a step it has already accepted, so a code works once.
 */
export function matchTotp(secret: string, code: string, nowMs: number): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(nowMs);
  for (const step of [now, now - 1n, now + 1n]) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
