import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/** The key file the embedded default generates when SECRET_KEY is not set (docs/decisions/023-secrets-at-rest.md). */
export const secretKeyFileName = 'secret.key';

/**
 * The key that seals secrets at rest: SECRET_KEY when set; otherwise, for the embedded PGlite default and in
 * demo mode, 32 random bytes generated once into DATA_DIR/secret.key (mode 0600) and read from there after,
 * so `npm start` needs no setup. On PostgreSQL outside demo mode SECRET_KEY is required: instances sharing one
 * database must share the key, and a file on one machine is not shared.
 */
export function resolveSecretKey(config: Config): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl !== '' && !config.demoMode) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY is required with DATABASE_URL (every instance shares it): openssl rand -base64 32',
    );
  }
  const file = path.join(config.dataDir, secretKeyFileName);
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: of two processes starting at once, one
  // links its key and the other finds it there, never half written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(draft);
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new ConfigError(`Invalid configuration:\n  ${file} must hold 32 bytes in base64`);
  return key;
}
