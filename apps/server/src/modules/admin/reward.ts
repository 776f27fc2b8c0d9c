import { adminUserReward } from '@piazza/contract/calls/admin';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { type AccountRef, balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { userExists } from './users';

/**
 * A platform reward (SPEC §4 bill type): money moves from the platform's `rewards` account to the investor's
 * `spot` account as one journal entry, with the operator as its actor and the reason as its memo. The call is
 * a money call: its requestId makes a retry return the first answer and post nothing again.
 */
export function mountReward(app: FastifyInstance, services: Services): void {
  implement(app, services, adminUserReward, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, asset, amount, reason, requestId } = ctx.input;
    const { q } = ctx;
    await userExists(q, id);
    const scale = (await one<{ scale: number }>(q, 'select scale from assets where code = $1', [asset]))
      ?.scale;
    if (scale === undefined) throw new Refusal('ledger.unknownAsset', [asset]);
    const minor = parseAmount(amount, scale);
    if (minor === null) throw new Refusal('admin.reward.scale', [asset, scale]);
    if (minor <= 0n) throw new Refusal('admin.reward.positive');

    const spot: AccountRef = { ownerType: 'user', ownerId: id, purpose: 'spot', asset };
    const rewards: AccountRef = { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset };
    const balanceBefore = await balanceOf(q, spot);
    const { entryId } = await postEntry(q, {
      billType: 'platform_reward',
      actor: { type: 'operator', id: String(op.id) },
      ref: { type: 'user', id: String(id) },
      idempotencyKey: `admin-reward:${op.id}:${requestId}`,
      memo: reason,
      postings: [
        { account: rewards, amount: -minor },
        { account: spot, amount: minor },
      ],
    });
    const credited = formatAmount(minor, scale);
    await audit(q, {
      operatorId: op.id,
      action: 'user.reward',
      targetType: 'user',
      targetId: id,
      before: { asset, spot: formatAmount(balanceBefore, scale) },
      after: { asset, spot: formatAmount(await balanceOf(q, spot), scale), credited, entryId, requestId },
      reason,
    });
    return { entryId: entryId.toString(), id, asset, amount: credited };
  });
}
