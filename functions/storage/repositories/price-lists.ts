import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { PriceListHead } from '../../../shared/domain/pricing.ts';
import { ConflictError } from '../../http/errors.ts';
import { queryAll } from './base.ts';

/** A row of a price list as stored (codice already normalised). */
export interface PriceItem {
  codice: string;
  codice_originale: string;
  descrizione: string;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
  scostamento_perc_senza_sg_2024: number | null;
  scostamento_perc_su_anno_2024: number | null;
}

const KIND = 'price_list';

export async function listHeads(ctx: AppContext): Promise<PriceListHead[]> {
  const items = await queryAll<PriceListHead & { kind?: string }>(ctx, {
    table: 'priceLists',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  });
  return items.map(({ kind: _k, ...h }) => h as PriceListHead);
}

export async function getHead(ctx: AppContext, listId: string): Promise<PriceListHead | undefined> {
  const out = await ctx.db.send(new GetCommand({ TableName: ctx.table('priceLists'), Key: { list_id: listId }, ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { kind: _k, ...h } = out.Item;
  return h as PriceListHead;
}

/**
 * Makes `head.version` the list's current version with one conditional write: it succeeds only
 * if the version readers follow is still the one the import started from, so two imports of
 * the same list cannot interleave.
 */
export async function switchHead(ctx: AppContext, head: PriceListHead, expectedVersion: string | null): Promise<void> {
  try {
    await ctx.db.send(
      new PutCommand({
        TableName: ctx.table('priceLists'),
        Item: { ...head, kind: KIND },
        ConditionExpression: expectedVersion === null ? 'attribute_not_exists(list_id)' : 'version = :v',
        ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) {
      throw new ConflictError('Il prezzario è stato aggiornato da un\u2019altra importazione nel frattempo. Ricarica e riprova.');
    }
    throw err;
  }
}

async function batchWrite(ctx: AppContext, requests: Record<string, unknown>[]): Promise<void> {
  const table = ctx.table('priceItems');
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  const writeChunk = async (chunk: Record<string, unknown>[]) => {
    let pending: Record<string, unknown>[] | undefined = chunk;
    for (let attempt = 0; pending?.length; attempt++) {
      const out = await ctx.db.send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = out.UnprocessedItems?.[table] as Record<string, unknown>[] | undefined;
      if (pending?.length) {
        if (attempt > 8) throw new Error('DynamoDB did not accept the price items after retries');
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  };
  // A few batches in flight at once: 20,000 items in a couple of seconds.
  for (let i = 0; i < chunks.length; i += 8) await Promise.all(chunks.slice(i, i + 8).map(writeChunk));
}

/** Writes a new version's items beside the current one; readers cannot see them yet. */
export async function writeVersionItems(ctx: AppContext, version: string, items: PriceItem[]): Promise<void> {
  await batchWrite(ctx, items.map((item) => ({ PutRequest: { Item: { version, ...item } } })));
}

export async function deleteVersionItems(ctx: AppContext, version: string): Promise<void> {
  const keys = await queryAll<{ version: string; codice: string }>(ctx, {
    table: 'priceItems',
    KeyConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':v': version },
    ProjectionExpression: 'version, codice',
  });
  await batchWrite(ctx, keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/** Items of one version, in code order, a page at a time (the price-list pages). */
export async function pageVersionItems(ctx: AppContext, version: string, limit: number, startKey?: Record<string, unknown>) {
  const out = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.table('priceItems'),
      KeyConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': version },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: (out.Items ?? []) as Array<PriceItem & { version: string }>, next: out.LastEvaluatedKey };
}

/** Looks up many (version, code) pairs with BatchGet, 100 keys a call. */
export async function getItems(ctx: AppContext, keys: Array<{ version: string; codice: string }>): Promise<Map<string, PriceItem>> {
  const table = ctx.table('priceItems');
  const found = new Map<string, PriceItem>();
  const unique = [...new Map(keys.map((k) => [`${k.version}|${k.codice}`, k])).values()];
  const chunks: Array<typeof unique> = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] | undefined = chunk;
      for (let attempt = 0; pending?.length; attempt++) {
        const out = await ctx.db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
        for (const item of (out.Responses?.[table] ?? []) as Array<PriceItem & { version: string }>) {
          const { version, ...rest } = item;
          found.set(`${version}|${item.codice}`, rest);
        }
        pending = out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
        if (pending?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }),
  );
  return found;
}
