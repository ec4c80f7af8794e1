import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { claimUnique, nextId, queryAll } from './base.ts';

export interface TipologiaRecord {
  id: number;
  value: string;
  description: string;
  attivo: boolean;
  created_at: string;
}

const KIND = 'tipologia';
export const TIPOLOGIA_TAKEN = 'Una tipologia con questo valore esiste già';
export const tipologiaKey = (value: string) => `tipologia#${value.trim().toLowerCase()}`;

export async function listTipologie(ctx: AppContext): Promise<TipologiaRecord[]> {
  return queryAll<TipologiaRecord>(ctx, {
    table: 'tipologie',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  });
}

export async function createTipologia(ctx: AppContext, input: Omit<TipologiaRecord, 'id' | 'created_at'>): Promise<TipologiaRecord> {
  const id = await nextId(ctx, 'tipologie');
  await claimUnique(ctx, tipologiaKey(input.value), id, TIPOLOGIA_TAKEN);
  const record: TipologiaRecord = { id, ...input, created_at: ctx.now().toISOString() };
  await ctx.db.send(new PutCommand({ TableName: ctx.table('tipologie'), Item: { ...record, kind: KIND } }));
  return record;
}
