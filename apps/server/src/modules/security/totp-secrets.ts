import { ConfigError } from '../../config';
import type { Db } from '../../db/db';
import { isSealed, type SecretBox } from '../../platform/secret-box';

/*
 * TOTP secrets at rest (docs/decisions/023-secrets-at-rest.md): investors' in user_totp.secret, operators' in
 * operators.totp_secret and totp_pending_secret, each sealed under the server's key with the row as context.
 */

const userContext = (userId: number) => `user_totp:${userId}`;
// One context for the operator's pending and confirmed secret: confirming moves the sealed value as it is.
const operatorContext = (operatorId: number) => `operators.totp:${operatorId}`;

export const sealUserTotpSecret = (box: SecretBox, userId: number, secret: string) =>
  box.seal(secret, userContext(userId));

export const sealOperatorTotpSecret = (box: SecretBox, operatorId: number, secret: string) =>
  box.seal(secret, operatorContext(operatorId));

/** A stored secret still in plain text (written before sealing, not yet sealed at start) is read as it is. */
export const openUserTotpSecret = (box: SecretBox, userId: number, stored: string) =>
  isSealed(stored) ? box.open(stored, userContext(userId)) : stored;

export const openOperatorTotpSecret = (box: SecretBox, operatorId: number, stored: string) =>
  isSealed(stored) ? box.open(stored, operatorContext(operatorId)) : stored;

/**
 * Throws at start if the key does not open the secrets already sealed (SECRET_KEY changed or lost), rather
 * than failing every two-factor login afterwards. One of each kind is tried.
 */
export async function checkKeyOpensStored(db: Db, box: SecretBox): Promise<void> {
  const user = await db.query<{ userId: number; secret: string }>(
    `select user_id as "userId", secret from user_totp where secret like 'v1:%' limit 1`,
  );
  const operator = await db.query<{ id: number; secret: string }>(
    `select id, coalesce(totp_secret, totp_pending_secret) as secret from operators
      where coalesce(totp_secret, totp_pending_secret) like 'v1:%' limit 1`,
  );
  try {
    for (const u of user) openUserTotpSecret(box, u.userId, u.secret);
    for (const op of operator) openOperatorTotpSecret(box, op.id, op.secret);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY does not open the TOTP secrets stored in the database: it is not the key they were sealed with',
    );
  }
}

/**
 * Seals every TOTP secret still stored in plain text (rows from before sealing); run at start, so none stays
 * readable in the database or its backups after the first start of this version. Answers how many it sealed.
 */
export async function sealStoredTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  return db.tx(async (tx) => {
    let sealed = 0;
    const users = await tx.query<{ userId: number; secret: string }>(
      `select user_id as "userId", secret from user_totp where secret not like 'v1:%' for update`,
    );
    for (const u of users) {
      await tx.query('update user_totp set secret = $2 where user_id = $1', [
        u.userId,
        sealUserTotpSecret(box, u.userId, u.secret),
      ]);
      sealed++;
    }
    const operators = await tx.query<{ id: number; secret: string | null; pending: string | null }>(
      `select id, totp_secret as secret, totp_pending_secret as pending from operators
        where totp_secret not like 'v1:%' or totp_pending_secret not like 'v1:%' for update`,
    );
    for (const op of operators) {
      const seal = (v: string | null) =>
        v === null || isSealed(v) ? v : sealOperatorTotpSecret(box, op.id, v);
      await tx.query('update operators set totp_secret = $2, totp_pending_secret = $3 where id = $1', [
        op.id,
        seal(op.secret),
        seal(op.pending),
      ]);
      sealed +=
        Number(op.secret !== null && !isSealed(op.secret)) +
        Number(op.pending !== null && !isSealed(op.pending));
    }
    return sealed;
  });
}
