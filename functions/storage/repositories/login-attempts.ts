import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { domainError, isConditionFailed, store } from './base.ts';

/**
 * Failed logins per (username, client address): slows down password guessing from one place
 * without letting anyone lock the account for everybody else.
 *
 * - The first FREE_ATTEMPTS attempts need no wait.
 * - From the FREE_ATTEMPTS-th failure on, each failure opens a wait that doubles: 1 s, 2 s, 4 s
 *   ... up to MAX_DELAY_SECONDS. Attempts inside the wait are refused before the password is
 *   looked at.
 * - A success clears the record; failures are forgotten FORGET_AFTER_SECONDS after the last one.
 *
 * Every attempt first reserves its place with one conditional UpdateItem, so concurrent attempts
 * cannot all slip through a read-then-write gap: once the free attempts are used up, only one
 * attempt at a time holds the (username, address) pair, under a short lease, until its outcome
 * sets the real wait. A burst of N parallel guesses therefore evaluates at most FREE_ATTEMPTS of
 * them.
 *
 * Item (counters table): name = `login#<username>#<address>`, failures (attempts reserved since
 * the last success), blocked_until and expires_at (epoch seconds; expires_at is the TTL).
 */
export const FREE_ATTEMPTS = 5;
const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 60 * 60;
/** How long a reservation holds the pair before its outcome is known: above the Lambda timeout (29 s). */
const LEASE_SECONDS = 30;

const KEY_PREFIX = 'login#';

/** Whatever a client types as username: long ones are hashed, to stay far below DynamoDB's key limit. */
function key(username: string, address: string) {
  const name = username.trim().toLowerCase();
  const part = name.length <= 128 ? name : `sha256:${createHash('sha256').update(name).digest('hex')}`;
  return { name: `${KEY_PREFIX}${part}#${address}` };
}

/** The wait opened by the `failures`-th failure in a row. */
export function delayAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(2 ** Math.min(failures - FREE_ATTEMPTS, 30), MAX_DELAY_SECONDS);
}

export type Reservation = { ok: true; attempt: number } | { ok: false; retryAfterSeconds: number };

interface AttemptItem {
  failures?: number;
  blocked_until?: number;
  expires_at?: number;
}

const seconds = (ctx: AppContext) => Math.floor(ctx.now().getTime() / 1000);

type UpdateInput = Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>;

/** The item after the write, or null when its condition did not hold. */
async function conditionalUpdate(ctx: AppContext, input: UpdateInput): Promise<AttemptItem | null> {
  try {
    const out = await ctx.db.send(new UpdateCommand({ TableName: ctx.table('counters'), ReturnValues: 'ALL_NEW', ...input }));
    return (out.Attributes ?? {}) as AttemptItem;
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw domainError(err);
  }
}

/**
 * Reserves one login attempt for (username, address), or says how long to wait. The reservation
 * is a single conditional write; a refused attempt costs one write and one read.
 */
export async function reserveAttempt(ctx: AppContext, username: string, address: string): Promise<Reservation> {
  const Key = key(username, address);
  for (let round = 0; round < 2; round++) {
    const now = seconds(ctx);
    const lease = now + LEASE_SECONDS;
    const forget = now + FORGET_AFTER_SECONDS;
    // Free attempts: the count itself is the guard, so up to FREE_ATTEMPTS may run at once.
    // Past them: only once the wait is over, and the winner takes a lease that shuts the others
    // out until its outcome sets the next wait.
    const reserved = await conditionalUpdate(ctx, {
      Key,
      UpdateExpression: 'ADD failures :one SET blocked_until = :lease, expires_at = :forget',
      ConditionExpression: 'attribute_not_exists(failures) OR (expires_at > :now AND (failures < :free OR blocked_until <= :now))',
      ExpressionAttributeValues: { ':one': 1, ':free': FREE_ATTEMPTS, ':now': now, ':lease': lease, ':forget': forget },
    });
    if (reserved) return { ok: true, attempt: reserved.failures ?? 1 };

    const seen = (await store(ctx).send(new GetCommand({ TableName: ctx.table('counters'), Key, ConsistentRead: true }))).Item as AttemptItem | undefined;
    if (!seen) continue; // cleared by a success in the meantime: try again
    if ((seen.expires_at ?? 0) <= now) {
      // Failures long forgotten: start over, unless another attempt restarted it first.
      const restarted = await conditionalUpdate(ctx, {
        Key,
        UpdateExpression: 'SET failures = :one, blocked_until = :lease, expires_at = :forget',
        ConditionExpression: 'expires_at = :seen',
        ExpressionAttributeValues: { ':one': 1, ':lease': lease, ':forget': forget, ':seen': seen.expires_at ?? 0 },
      });
      if (restarted) return { ok: true, attempt: 1 };
      continue;
    }
    // While another attempt holds the lease its outcome is not known yet; the wait it would
    // open is the better estimate.
    const left = (seen.blocked_until ?? now + 1) - now;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.min(left, Math.max(1, delayAfter(seen.failures ?? 0)))) };
  }
  return { ok: false, retryAfterSeconds: 1 };
}

/**
 * The reserved attempt failed: open the wait it earns, and return it. Only the latest
 * reservation sets it (an older attempt finishing late must not shorten the lease of a newer
 * one); free attempts have nothing to set.
 */
export async function recordFailure(ctx: AppContext, username: string, address: string, attempt: number): Promise<number> {
  const delay = delayAfter(attempt);
  if (attempt < FREE_ATTEMPTS) return 0;
  await conditionalUpdate(ctx, {
    Key: key(username, address),
    UpdateExpression: 'SET blocked_until = :until',
    ConditionExpression: 'failures = :attempt',
    ExpressionAttributeValues: { ':until': seconds(ctx) + delay, ':attempt': attempt },
  });
  return delay;
}

/** A successful login starts the pair from scratch. */
export async function clearFailures(ctx: AppContext, username: string, address: string): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('counters'), Key: key(username, address) }));
}
