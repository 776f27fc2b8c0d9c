import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Queryable } from '../../db/db';
import type { Bus } from '../../market/bus';
import { RedisBus } from '../../market/bus-redis';
import { Refusal } from '../../platform/refusal';

/**
 * Hourly limits on verification codes (docs/decisions/022-code-send-limits.md): each code costs an SMS or an
 * e-mail, so a destination address gets at most 5 an hour and a client address at most 20, on top of the
 * 60 s between two codes for one account and scene.
 */
export const codeSendWindowMs = 60 * 60_000;
export const codeSendsPerAddressMax = 5;
export const codeSendsPerIpMax = 20;

export interface SendLimit {
  key: string;
  max: number;
}

/** The limits a send counts against. A loopback client is not counted (see decision 022). */
export function codeSendLimits(account: string, ip: string): SendLimit[] {
  const limits = [{ key: `address:${account}`, max: codeSendsPerAddressMax }];
  if (!isLoopback(ip)) limits.push({ key: `ip:${ip}`, max: codeSendsPerIpMax });
  return limits;
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/**
 * Milliseconds until one more send fits under `max`, given the times of the sends still in the window (0: it
 * fits now). With n ≥ max sends, the one that must leave the window first is the (n − max + 1)-th oldest.
 */
export function waitMsFor(sentAtMs: number[], max: number, now: number): number {
  if (sentAtMs.length < max) return 0;
  const sorted = [...sentAtMs].sort((a, b) => a - b);
  return Math.max(0, (sorted[sorted.length - max] as number) + codeSendWindowMs - now);
}

/**
 * Counts one send under every limit if each still has room, else counts nothing. Answers 0, or the
 * milliseconds until every limit has room again.
 */
export interface SendCounter {
  take(tx: Queryable, limits: SendLimit[], now: number): Promise<number>;
}

/** The counters in the database (table code_sends), inside the transaction that stores the code. */
export const databaseSendCounter: SendCounter = {
  async take(tx, limits, now) {
    const keys = limits.map((l) => l.key).sort();
    // Two sends under one key wait for each other; keys are locked in one order so no two sends deadlock.
    for (const key of keys)
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`code-send:${key}`]);
    const since = new Date(now - codeSendWindowMs);
    await tx.query('delete from code_sends where key = any($1::text[]) and sent_at <= $2', [keys, since]);
    const rows = await tx.query<{ key: string; sentAt: Date }>(
      'select key, sent_at as "sentAt" from code_sends where key = any($1::text[])',
      [keys],
    );
    const waitMs = Math.max(
      ...limits.map((l) =>
        waitMsFor(
          rows.filter((r) => r.key === l.key).map((r) => r.sentAt.getTime()),
          l.max,
          now,
        ),
      ),
    );
    if (waitMs > 0) return waitMs;
    for (const key of keys) {
      await tx.query('insert into code_sends (key, sent_at) values ($1, $2)', [key, new Date(now)]);
    }
    return 0;
  },
};

// One sorted set per key, scored by send time; the check and the count are one atomic script, so two
// instances cannot both take the last slot.
const takeScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('zremrangebyscore', key, '-inf', now - window)
  local max = tonumber(ARGV[3 + i])
  local n = redis.call('zcard', key)
  if n >= max then
    local oldest = redis.call('zrange', key, n - max, n - max, 'WITHSCORES')
    local w = tonumber(oldest[2]) + window - now
    if w > wait then wait = w end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('zadd', key, now, ARGV[3])
  redis.call('pexpire', key, window)
end
return 0`;

/** The counters in Redis, shared by every instance; keys carry the bus prefix. */
export function redisSendCounter(redis: Redis, prefix: string): SendCounter {
  return {
    async take(_tx, limits, now) {
      const keys = limits.map((l) => `${prefix}code-send:${l.key}`);
      const args = [now, codeSendWindowMs, randomUUID(), ...limits.map((l) => l.max)];
      return Number(await redis.eval(takeScript, keys.length, ...keys, ...args));
    },
  };
}

/** Redis when the server runs on the Redis bus (REDIS_URL), the database otherwise. */
export function sendCounterFor(bus: Bus): SendCounter {
  return bus instanceof RedisBus ? redisSendCounter(bus.commands, bus.prefix) : databaseSendCounter;
}

/**
 * Counts a code about to be sent to `account` at the request of `ip`, or refuses ('code.tooMany', minutes to
 * wait). Call it in the transaction that stores the code, after the 60 s check, so a refused early resend
 * takes no slot and a refusal here rolls the code back.
 */
export async function countCodeSend(
  bus: Bus,
  tx: Queryable,
  sent: { account: string; ip: string },
  now: number,
): Promise<void> {
  const waitMs = await sendCounterFor(bus).take(tx, codeSendLimits(sent.account, sent.ip), now);
  if (waitMs > 0) throw new Refusal('code.tooMany', [Math.ceil(waitMs / 60_000)]);
}
