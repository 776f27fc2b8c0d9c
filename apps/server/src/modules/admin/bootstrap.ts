import type { OperatorRole } from '@piazza/contract/define';
import { one } from '../../db/db';
import { audit } from '../../kit/audit';
import { hashPassword } from '../../platform/passwords';
import type { Services } from '../../services';

interface OperatorSeed {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
}

/** The demo operators the README lists; only in demo mode. */
export const demoOperators: readonly OperatorSeed[] = [
  { email: 'admin@piazza.local', name: 'Demo admin', role: 'admin', password: 'Piazza-Admin-2026' },
  { email: 'support@piazza.local', name: 'Demo support', role: 'support', password: 'Piazza-Support-2026' },
];

/**
 * Creates the operator unless one with that e-mail exists (whatever its role, password or state since: the
 * back office owns it from then on). Safe to run at every start and from several instances at once.
 */
async function ensureOperator(services: Services, seed: OperatorSeed): Promise<void> {
  const email = seed.email.trim().toLowerCase();
  const { db } = services;
  if (await one(db, 'select 1 from operators where email = $1', [email])) return;
  const passwordHash = await hashPassword(seed.password);
  await db.tx(async (tx) => {
    const row = await one<{ id: number }>(
      tx,
      `insert into operators (email, name, role, password_hash) values ($1, $2, $3, $4)
       on conflict (email) do nothing returning id`,
      [email, seed.name, seed.role, passwordHash],
    );
    if (!row) return;
    await audit(tx, {
      operatorId: null,
      action: 'operator.bootstrap',
      targetType: 'operator',
      targetId: row.id,
      before: null,
      after: { email, name: seed.name, role: seed.role },
    });
    services.log.info({ email, role: seed.role }, 'operator created at start-up');
  });
}

/** The first operator from ADMIN_EMAIL / ADMIN_PASSWORD, and in demo mode the demo operators. */
export async function bootstrapOperators(services: Services): Promise<void> {
  const { config } = services;
  if (config.adminEmail && config.adminPassword) {
    await ensureOperator(services, {
      email: config.adminEmail,
      name: 'Administrator',
      role: 'admin',
      password: config.adminPassword,
    });
  }
  if (config.demoMode) for (const seed of demoOperators) await ensureOperator(services, seed);
}
