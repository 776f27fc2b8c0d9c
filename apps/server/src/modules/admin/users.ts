import { adminUser, adminUserStatus, adminUsers } from '@piazza/contract/calls/admin';
import type { IdStatus, UserAccountPurpose } from '@piazza/contract/enums';
import { displayUserId } from '@piazza/core/display-id';
import { formatAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { endSessions } from '../../http/sessions';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { userChanged } from '../../kit/user-changes';
import { userBalances } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { userIdFromSearch } from './user-search';

const dayMs = 24 * 60 * 60_000;

interface UserRow {
  id: number;
  account: string;
  status: number;
  idStatus: IdStatus;
  createdAt: Date;
}

const userColumns = 'id, account, status, id_status as "idStatus", created_at as "createdAt"';

function present<R extends UserRow>(row: R) {
  return { ...row, displayId: displayUserId(row.id), createdAt: row.createdAt.getTime() };
}

/** `%` and `_` typed by an operator are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Refuses, naming the id, when there is no such investor. */
export async function userExists(q: Queryable, id: number): Promise<void> {
  if (!(await one(q, 'select 1 from users where id = $1', [id])))
    throw new Refusal('admin.user.unknown', [id]);
}

export function mountUsers(app: FastifyInstance, services: Services): void {
  implement(app, services, adminUsers, async ({ input, q }) => {
    const at = pageAt(input);
    const text = input.q ?? '';
    const { rows, total } = await pagedRows<UserRow>(
      q,
      {
        columns: userColumns,
        from: 'users',
        // A product's book is a user row that never signs in (decision 033): not an investor to list.
        where: text === '' ? 'not book' : 'not book and (account ilike $1 or id = $2)',
        orderBy: 'id desc',
        params: text === '' ? [] : [likePattern(text), userIdFromSearch(text) ?? null],
      },
      at,
    );
    return { list: rows.map(present), total, ...at };
  });

  implement(app, services, adminUser, async ({ input, q }) => {
    const user = await one<
      UserRow & {
        accountType: 'phone' | 'email';
        areaCode: string | null;
        email: string | null;
        nickname: string | null;
        language: string;
        creditScore: number;
      }
    >(
      q,
      `select ${userColumns}, account_type as "accountType", area_code as "areaCode", email, nickname, language,
              credit_score as "creditScore"
         from users where id = $1`,
      [input.id],
    );
    if (!user) throw new Refusal('admin.user.unknown', [input.id]);
    const balances = await userBalances(q, user.id);
    const sessions = await one<{ active: bigint; recent: bigint; lastSeenAt: Date | null }>(
      q,
      `select count(*) filter (where revoked_at is null) as active,
              count(*) filter (where created_at > $2) as recent,
              max(last_seen_at) as "lastSeenAt"
         from sessions where user_id = $1`,
      [user.id, new Date(services.clock.now() - 30 * dayMs)],
    );
    return {
      user: present(user),
      balances: balances.map((b) => ({
        purpose: b.purpose as UserAccountPurpose,
        asset: b.asset,
        amount: formatAmount(b.balance, b.scale),
      })),
      sessions: {
        active: Number(sessions?.active ?? 0),
        recent: Number(sessions?.recent ?? 0),
        lastSeenAt: sessions?.lastSeenAt?.getTime() ?? null,
      },
    };
  });

  implement(app, services, adminUserStatus, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, status, reason } = ctx.input;
    const result = await ctx.db.tx(async (tx) => {
      const before = await one<{ status: number }>(tx, 'select status from users where id = $1 for update', [
        id,
      ]);
      if (!before) throw new Refusal('admin.user.unknown', [id]);
      if (before.status === status) throw new Refusal('admin.status.unchanged', [status]);
      await tx.query('update users set status = $2, updated_at = piazza_now() where id = $1', [id, status]);
      // Off means off now: every session ends, so the investor's very next call is answered -1000.
      const ended =
        status === 0
          ? await tx.query(
              'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning id',
              [id],
            )
          : [];
      await audit(tx, {
        operatorId: op.id,
        action: 'user.status',
        targetType: 'user',
        targetId: id,
        before: { status: before.status },
        after: { status, sessionsEnded: ended.length },
        reason,
      });
      return { id, status, sessionsEnded: ended.length };
    });
    // The session cache forgets the user's sessions on every instance, so no call sees the old status (067).
    await endSessions(services, { userId: id });
    await userChanged(services, id);
    // Open sockets learn at once (after the commit) rather than at their next 30-second session check.
    if (status === 0) await publishUserEvent(services.bus, id, 'session', { state: 'ended' });
    return result;
  });
}
