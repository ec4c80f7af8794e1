import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { PriceListHead } from '../../../shared/domain/pricing.ts';
import { ConflictError } from '../../errors.ts';
import { queryAll, store } from './base.ts';

/** A row of a price list version (codice already normalised; CSV data: CODE#n). */
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
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('priceLists'), Key: { list_id: listId }, ConsistentRead: true }));
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
  await store(ctx, { conditionFailed: (cause) => new ConflictError(PRICE_LIST_CHANGED, { cause }) }).send(
    new PutCommand({
      TableName: ctx.table('priceLists'),
      Item: { ...head, kind: KIND },
      ConditionExpression: expectedVersion === null ? 'attribute_not_exists(list_id)' : 'version = :v',
      ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
    }),
  );
}

const PRICE_LIST_CHANGED = 'Il prezzario è stato aggiornato da un\u2019altra importazione nel frattempo. Ricarica e riprova.';
