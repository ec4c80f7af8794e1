import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { claimUnique, nextId, queryAll, releaseUnique, store } from './base.ts';
import { NotFoundError } from '../../errors.ts';

export interface TipologiaRecord {
  id: number;
  value: string;
  description: string;
  attivo: boolean;
  created_at: string;
}

const KIND = 'tipologia';
const TIPOLOGIA_TAKEN = 'Una tipologia con questo valore esiste già';
const tipologiaKey = (value: string) => `tipologia#${value.trim().toLowerCase()}`;

export async function listTipologie(ctx: AppContext): Promise<TipologiaRecord[]> {
  return queryAll<TipologiaRecord>(ctx, {
    table: 'tipologie',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  }).then((items) => items.map(({ kind: _k, ...t }: TipologiaRecord & { kind?: string }) => t as TipologiaRecord));
}

export async function createTipologia(ctx: AppContext, input: Omit<TipologiaRecord, 'id' | 'created_at'>): Promise<TipologiaRecord> {
  const id = await nextId(ctx, 'tipologie');
  await claimUnique(ctx, tipologiaKey(input.value), id, TIPOLOGIA_TAKEN);
  const record: TipologiaRecord = { id, ...input, created_at: ctx.now().toISOString() };
  await store(ctx).send(new PutCommand({ TableName: ctx.table('tipologie'), Item: { ...record, kind: KIND } }));
  return record;
}

export async function requireTipologia(ctx: AppContext, id: number): Promise<TipologiaRecord> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('tipologie'), Key: { id }, ConsistentRead: true }));
  if (!out.Item) throw new NotFoundError('Tipologia non trovata');
  const { kind: _k, ...t } = out.Item;
  return t as TipologiaRecord;
}

export async function saveTipologia(ctx: AppContext, before: TipologiaRecord, after: TipologiaRecord): Promise<TipologiaRecord> {
  const renamed = tipologiaKey(before.value) !== tipologiaKey(after.value);
  if (renamed) await claimUnique(ctx, tipologiaKey(after.value), after.id, TIPOLOGIA_TAKEN);
  await store(ctx).send(new PutCommand({ TableName: ctx.table('tipologie'), Item: { ...after, kind: KIND } }));
  if (renamed) await releaseUnique(ctx, tipologiaKey(before.value));
  return after;
}

export async function deleteTipologia(ctx: AppContext, record: TipologiaRecord): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('tipologie'), Key: { id: record.id } }));
  await releaseUnique(ctx, tipologiaKey(record.value));
}
