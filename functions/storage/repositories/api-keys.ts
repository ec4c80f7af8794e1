import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { NotFoundError } from '../../errors.ts';
import { countKind, nextId, queryAll, store } from './base.ts';
import { forgetIdentities } from '../../auth/identity-cache.ts';

/** The key itself is never stored: only its SHA-256 and the 8+8 characters shown masked. */
export interface ApiKeyRecord {
  id: number;
  user_id: number;
  description: string;
  key_hash: string;
  key_prefix: string;
  key_suffix: string;
  created_at: string;
}

const KIND = 'api_key';

export async function createApiKey(ctx: AppContext, input: Omit<ApiKeyRecord, 'id' | 'created_at'>): Promise<ApiKeyRecord> {
  const record: ApiKeyRecord = { id: await nextId(ctx, 'api_keys'), ...input, created_at: ctx.now().toISOString() };
  await store(ctx).send(new PutCommand({ TableName: ctx.table('apiKeys'), Item: { ...record, kind: KIND } }));
  return record;
}

export async function findApiKeyByHash(ctx: AppContext, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const items = await queryAll<ApiKeyRecord>(ctx, {
    table: 'apiKeys',
    IndexName: 'by_hash',
    KeyConditionExpression: 'key_hash = :h',
    ExpressionAttributeValues: { ':h': keyHash },
  });
  // The index is eventually consistent: confirm the key still exists (revocation is immediate).
  if (!items[0]) return undefined;
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('apiKeys'), Key: { id: items[0].id }, ConsistentRead: true }));
  return out.Item as ApiKeyRecord | undefined;
}

export async function listApiKeys(ctx: AppContext): Promise<ApiKeyRecord[]> {
  return queryAll<ApiKeyRecord>(ctx, {
    table: 'apiKeys',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  });
}

export const countApiKeys = (ctx: AppContext) => countKind(ctx, 'apiKeys', KIND);

export async function deleteApiKey(ctx: AppContext, id: number): Promise<void> {
  const out = await store(ctx).send(
    new DeleteCommand({ TableName: ctx.table('apiKeys'), Key: { id }, ReturnValues: 'ALL_OLD' }),
  );
  forgetIdentities();
  if (!out.Attributes) throw new NotFoundError('Chiave API non trovata');
}

export async function deleteUserApiKeys(ctx: AppContext, userId: number): Promise<void> {
  const keys = await queryAll<ApiKeyRecord>(ctx, {
    table: 'apiKeys',
    IndexName: 'by_user',
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
  });
  for (const key of keys) await store(ctx).send(new DeleteCommand({ TableName: ctx.table('apiKeys'), Key: { id: key.id } }));
  forgetIdentities();
}
