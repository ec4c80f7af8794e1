import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { PriceListHead } from '../../../shared/domain/pricing.ts';
import type { PriceRow } from '../../../shared/domain/price-items.ts';
import { ConflictError } from '../../errors.ts';
import { queryAll, store } from './base.ts';

/** A row of a price list version: the article as read, its codice normalised (CSV data: CODE#n). */
export interface PriceItem extends PriceRow {
  codice_originale: string;
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

/**
 * How long a search may use the list heads it read last. Searching is the one read that happens
 * on every keystroke; pricing and imports always read the heads fresh. A switch in this process
 * forgets them at once; another Lambda container may search the previous version of a list for at
 * most this long after a confirm.
 */
export const SEARCH_HEADS_MS = 1000;
let searchHeads: { value: Promise<PriceListHead[]>; at: number; ctx: AppContext; refreshing?: boolean } | null = null;
/** Bumped by every switch: a read that started before it must not be kept. */
let headsGeneration = 0;

/**
 * Reads the heads for searches and keeps them: at once when nothing usable is kept (searches
 * arriving meanwhile share the read), once read when it replaces heads still in use; never when a
 * switch came meanwhile, and a failed read is not kept.
 */
function readSearchHeads(ctx: AppContext, now: number, replacing: boolean): Promise<PriceListHead[]> {
  const generation = headsGeneration;
  const value = listHeads(ctx);
  const entry = { value, at: now, ctx };
  if (!replacing) searchHeads = entry;
  value.then(
    () => {
      if (replacing && generation === headsGeneration) searchHeads = entry;
    },
    () => {
      if (searchHeads === entry) searchHeads = null;
    },
  );
  return value;
}

/**
 * The heads, read at most SEARCH_HEADS_MS ago for searches (see above). Past half that age they
 * are still used while one read in the background replaces them, so a search never waits for
 * the table while searches keep coming; older ones are never used.
 */
export function listHeadsForSearch(ctx: AppContext): Promise<PriceListHead[]> {
  const now = Date.now();
  const cached = searchHeads;
  if (cached && cached.ctx === ctx && now - cached.at < SEARCH_HEADS_MS) {
    if (!cached.refreshing && now - cached.at > SEARCH_HEADS_MS / 2) {
      cached.refreshing = true;
      readSearchHeads(ctx, now, true).catch(() => (cached.refreshing = false));
    }
    return cached.value;
  }
  return readSearchHeads(ctx, now, false);
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
  searchHeads = null;
  headsGeneration++;
}

const PRICE_LIST_CHANGED = 'Il prezzario è stato aggiornato da un\u2019altra importazione nel frattempo. Ricarica e riprova.';
