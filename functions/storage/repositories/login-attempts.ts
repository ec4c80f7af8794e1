import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';

/** Failed logins per username, in a window: slows down password guessing. */
export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

const key = (username: string) => ({ name: `login_failures#${username.trim().toLowerCase()}` });

export async function isLockedOut(ctx: AppContext, username: string): Promise<boolean> {
  const out = await ctx.db.send(new GetCommand({ TableName: ctx.table('counters'), Key: key(username), ConsistentRead: true }));
  const item = out.Item as { value?: number; window_end?: number } | undefined;
  const now = Math.floor(ctx.now().getTime() / 1000);
  return Boolean(item && (item.value ?? 0) >= MAX_FAILURES && (item.window_end ?? 0) > now);
}

export async function recordFailure(ctx: AppContext, username: string): Promise<void> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  const out = await ctx.db.send(new GetCommand({ TableName: ctx.table('counters'), Key: key(username), ConsistentRead: true }));
  const expired = !out.Item || (out.Item.window_end ?? 0) <= now;
  await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.table('counters'),
      Key: key(username),
      UpdateExpression: expired ? 'SET #v = :one, window_end = :end' : 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: expired ? { ':one': 1, ':end': now + WINDOW_SECONDS } : { ':one': 1 },
    }),
  );
}

export async function clearFailures(ctx: AppContext, username: string): Promise<void> {
  await ctx.db.send(new DeleteCommand({ TableName: ctx.table('counters'), Key: key(username) }));
}
