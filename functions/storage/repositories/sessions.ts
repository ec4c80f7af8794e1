import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { queryAll, store } from './base.ts';
import { forgetIdentities } from '../../auth/identity-cache.ts';

export interface SessionRecord {
  jti: string;
  user_id: number;
  expires_at: number;
}

export async function createSession(ctx: AppContext, session: SessionRecord): Promise<void> {
  await store(ctx).send(new PutCommand({ TableName: ctx.table('sessions'), Item: session }));
}

export async function findSession(ctx: AppContext, jti: string): Promise<SessionRecord | undefined> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('sessions'), Key: { jti }, ConsistentRead: true }));
  return out.Item as SessionRecord | undefined;
}

/** A session exists until logout, user deletion or expiry (TTL is lazy, so check it too). */
export function sessionIsActive(s: SessionRecord | undefined, userId: number, now: Date): boolean {
  return Boolean(s && s.user_id === userId && s.expires_at * 1000 > now.getTime());
}

export async function revokeSession(ctx: AppContext, jti: string): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('sessions'), Key: { jti } }));
  forgetIdentities();
}

export async function revokeUserSessions(ctx: AppContext, userId: number): Promise<void> {
  const sessions = await queryAll<SessionRecord>(ctx, {
    table: 'sessions',
    IndexName: 'by_user',
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
  });
  for (let i = 0; i < sessions.length; i += 25) {
    const chunk = sessions.slice(i, i + 25);
    await store(ctx).send(
      new BatchWriteCommand({
        RequestItems: { [ctx.table('sessions')]: chunk.map((s) => ({ DeleteRequest: { Key: { jti: s.jti } } })) },
      }),
    );
  }
  forgetIdentities();
}
