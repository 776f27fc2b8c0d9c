import { adminOperatorAdd, adminOperatorStatus, adminOperators } from '@piazza/contract/calls/admin';
import type { OperatorRole } from '@piazza/contract/define';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { endSessions } from '../../http/sessions';
import { audit } from '../../kit/audit';
import { hashPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';

interface OperatorLine {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  active: boolean;
  createdAt: Date;
}

const operatorColumns = 'id, email, name, role, active, created_at as "createdAt"';
const present = (r: OperatorLine) => ({ ...r, createdAt: r.createdAt.getTime() });

async function operatorById(q: Queryable, id: number, lock = false): Promise<OperatorLine> {
  const row = await one<OperatorLine>(
    q,
    `select ${operatorColumns} from operators where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw new Refusal('admin.operator.unknown', [id]);
  return row;
}

/** Operator accounts, managed by admins only; every change is audited. */
export function mountOperators(app: FastifyInstance, services: Services): void {
  implement(app, services, adminOperators, async ({ input, q }) => {
    const page = input.page ?? 1;
    const size = input.size ?? 50;
    const [count] = await q.query<{ total: bigint }>('select count(*) as total from operators');
    const rows = await q.query<OperatorLine>(
      `select ${operatorColumns} from operators order by id limit ${size} offset ${(page - 1) * size}`,
    );
    return { list: rows.map(present), total: Number(count?.total ?? 0), page, size };
  });

  implement(app, services, adminOperatorAdd, async (ctx) => {
    const op = operatorOf(ctx);
    const { email, name, role, password } = ctx.input;
    const passwordHash = await hashPassword(password);
    return ctx.db.tx(async (tx) => {
      const row = await one<OperatorLine>(
        tx,
        `insert into operators (email, name, role, password_hash) values ($1, $2, $3, $4)
         on conflict (email) do nothing returning ${operatorColumns}`,
        [email, name, role, passwordHash],
      );
      if (!row) throw new Refusal('admin.email.taken', [email]);
      await audit(tx, {
        operatorId: op.id,
        action: 'operator.add',
        targetType: 'operator',
        targetId: row.id,
        before: null,
        after: { email, name, role },
      });
      return { operator: present(row) };
    });
  });

  implement(app, services, adminOperatorStatus, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, reason } = ctx.input;
    const active = ctx.input.active === 1;
    if (id === op.id && !active) throw new Refusal('admin.operator.self');
    const answer = await ctx.db.tx(async (tx) => {
      const before = await operatorById(tx, id, true);
      if (before.active === active) throw new Refusal('admin.status.unchanged', [ctx.input.active]);
      await tx.query('update operators set active = $2 where id = $1', [id, active]);
      if (!active) {
        await tx.query(
          'update operator_sessions set revoked_at = now() where operator_id = $1 and revoked_at is null',
          [id],
        );
      }
      await audit(tx, {
        operatorId: op.id,
        action: 'operator.status',
        targetType: 'operator',
        targetId: id,
        before: { active: before.active },
        after: { active },
        reason,
      });
      return { operator: present(await operatorById(tx, id)) };
    });
    // The session cache forgets the operator on every instance (decision 067).
    await endSessions(services, { operatorId: id });
    return answer;
  });
}
