import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * RFC 6238 TOTP (HMAC-SHA-1, 6 digits, 30-second steps), the variant every authenticator app reads from an
 * otpauth:// URI. Small enough to own rather than depend on.
 */

export const totpStepMs = 30_000;
const digits = 6;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth URIs carry secrets. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP: the 6-digit code of a counter. */
export function hotp(key: Buffer, counter: number, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const stepAt = (nowMs: number) => Math.floor(nowMs / totpStepMs);

/** A new 20-byte secret (RFC 4226's recommended length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/**
 * The step a code matches, within one step either side of now, and later than `lastStep` so a code is never
 * accepted twice; null otherwise.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const key = base32Decode(secret);
  const now = stepAt(nowMs);
  for (const step of [now - 1, now, now + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = Buffer.from(hotp(key, step));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return step;
  }
  return null;
}

/** The URI an authenticator app scans: issuer Piazza, the operator's e-mail as the account. */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`Piazza:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=Piazza&algorithm=SHA1&digits=6&period=30`;
}
