import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { NotFoundError } from '../../errors.ts';
import { nextId, queryAll, store } from './base.ts';

export interface PatternRecord {
  id: number;
  pattern: string;
  replacement: string | null;
  notes: string | null;
  created_at: string;
}

const KIND = 'pattern';

/** In id order: the order the patterns are applied in. */
export async function listPatterns(ctx: AppContext): Promise<PatternRecord[]> {
  const items = await queryAll<PatternRecord & { kind?: string }>(ctx, {
    table: 'patterns',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  });
  return items.map(({ kind: _k, ...p }) => p as PatternRecord);
}

export async function createPattern(ctx: AppContext, input: Omit<PatternRecord, 'id' | 'created_at'>): Promise<PatternRecord> {
  const record: PatternRecord = { id: await nextId(ctx, 'patterns'), ...input, created_at: ctx.now().toISOString() };
  await store(ctx).send(new PutCommand({ TableName: ctx.table('patterns'), Item: { ...record, kind: KIND } }));
  return record;
}

export async function requirePattern(ctx: AppContext, id: number): Promise<PatternRecord> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('patterns'), Key: { id }, ConsistentRead: true }));
  if (!out.Item) throw new NotFoundError('Pattern non trovato');
  const { kind: _k, ...p } = out.Item;
  return p as PatternRecord;
}

export async function savePattern(ctx: AppContext, record: PatternRecord): Promise<void> {
  await store(ctx).send(new PutCommand({ TableName: ctx.table('patterns'), Item: { ...record, kind: KIND } }));
}

export async function deletePattern(ctx: AppContext, id: number): Promise<void> {
  const out = await store(ctx).send(new DeleteCommand({ TableName: ctx.table('patterns'), Key: { id }, ReturnValues: 'ALL_OLD' }));
  if (!out.Attributes) throw new NotFoundError('Pattern non trovato');
}
