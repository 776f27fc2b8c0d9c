import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { resolveSecretKey } from '../config-secret-key';

/*
 * Secrets kept at rest (TOTP secrets) are sealed with AES-256-GCM under the server's key
 * (docs/decisions/023-secrets-at-rest.md). A sealed value reads `v1:` then base64 of a 12-byte nonce, the
 * 16-byte tag and the ciphertext. The context (e.g. `user_totp:42`) is authenticated with it, so a sealed
 * value copied into another row does not open there.
 */

const version = 'v1:';
const nonceBytes = 12;
const tagBytes = 16;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(nonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return version + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The plain text of a sealed value; throws if it was sealed under another key or context, or altered. */
  open(sealed: string, context: string): string {
    if (!isSealed(sealed)) throw new Error('not a sealed value');
    const raw = Buffer.from(sealed.slice(version.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, nonceBytes));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(nonceBytes, nonceBytes + tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(nonceBytes + tagBytes)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** Whether a stored value is sealed; TOTP secrets stored before sealing are base32 and never contain ':'. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(version);
}

const boxes = new WeakMap<Config, SecretBox>();

/** The box of a server's configuration, its key resolved (and for the embedded default made) on first use. */
export function secretBoxOf(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(resolveSecretKey(config));
    boxes.set(config, box);
  }
  return box;
}
