import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

/** The key pair file the embedded default and demo mode generate when VAPID_* is not set (decision 040). */
export const vapidKeyFileName = 'vapid.json';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys push requests are signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise,
 * for the embedded PGlite default and in demo mode, a pair generated once into DATA_DIR/vapid.json (mode 0600),
 * as the secret key is. On PostgreSQL outside demo mode without them push is off (null): instances sharing one
 * database must sign with one pair, and browsers' subscriptions are bound to it.
 */
export function resolveVapid(config: Config): VapidDetails | null {
  const subject = config.vapidSubject || 'mailto:operator@piazza.invalid';
  if (config.vapid) return { subject, ...config.vapid };
  if (config.databaseUrl !== '' && !config.demoMode) return null;
  const file = path.join(config.dataDir, vapidKeyFileName);
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: of two processes starting at once, one
  // links its pair and the other finds it there, never half written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(draft);
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`${file} must hold { "publicKey", "privateKey" } in base64url`);
  }
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
