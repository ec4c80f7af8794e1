/**
 * Suggestions for rows without a reference price (new-price codes, codes of another list): the
 * articles of the document's lists whose description and unit most resemble the row's, and
 * applying one as the row's price with source "suggerito", kept by "Aggiorna Prezzi" like a
 * price typed by hand.
 */
import type { AppContext } from '../config/context.ts';
import { plannedLists, SOURCE_LABEL, unitMismatch, type PriceListHead } from '../../shared/domain/pricing.ts';
import { similarity } from '../../shared/domain/similarity.ts';
import { deriveRow } from '../../shared/domain/totals.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { listsFor } from '../prezzari/search.ts';
import { loadIndex, similarIn } from '../prezzari/search-index.ts';
import { termsOf } from '../prezzari/terms.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import { listHeads, type PriceItem } from '../storage/repositories/price-lists.ts';
import type { PriceSourceInfo, RowRecord } from '../storage/repositories/rows.ts';
import type { Principal } from '../auth/principal.ts';
import { changeRow, type RowWritten } from './row-writes.ts';
import { journaled } from './journal.ts';
import { requireRowFor } from './rows.ts';
import { retotal } from './retotal.ts';

export const SUGGESTED = 'suggerito';
export const ARTICLE_NOT_FOUND = 'Articolo non trovato nei prezzari caricati: aggiorna i suggerimenti e riprova.';
export const ARTICLE_WITHOUT_PRICE = 'L\u2019articolo scelto non ha un prezzo.';
export const ROW_WITHOUT_DESCRIPTION = 'La riga non ha una descrizione da confrontare con i prezzari.';

export interface Suggestion {
  /** `list_id|codice`, the id search results have too; what the apply call takes. */
  id: string;
  codice: string;
  descrizione: string;
  unita_di_misura: string | null;
  prezzo: number | null;
  source: string;
  source_label: string;
  list_key: string;
  list_year: number;
  /** 0 to 1: shared/domain/similarity.ts. */
  similarity: number;
  unit_warning: string | null;
}

/** A suggested price keeps the article, the list it came from and how similar it was. */
export type SuggestedSource = PriceSourceInfo & { origin: string; similarity: number; by: string };

/** The lists a row's price would come from; every Toscana and DEI list when none is planned. */
function listsOfRow(heads: PriceListHead[], doc: DocumentRecord, row: RowRecord): PriceListHead[] {
  const planned = plannedLists({ code: row.tariffa ?? '', provincia: doc.provincia, tipologia_dei: row.tipologia_dei || doc.tipologia_dei }, heads).filter((h) => h.source !== 'csv');
  return planned.length ? planned : listsFor(heads, {});
}

const articleId = (head: PriceListHead, item: PriceItem) => `${head.list_id}|${item.codice}`;

/** The `limit` articles most similar to the row, best first, those with a price only. */
export async function suggestionsFor(ctx: AppContext, doc: DocumentRecord, row: RowRecord, limit = 5): Promise<Suggestion[]> {
  if (!row.descrizione?.trim()) return [];
  const rowTerms = termsOf(row.descrizione);
  const out: Suggestion[] = [];
  for (const head of listsOfRow(await listHeads(ctx), doc, row)) {
    const index = await loadIndex(ctx, head.version);
    if (!index) continue;
    for (const { item } of similarIn(index, row.descrizione, 40)) {
      if (item.prezzo === null) continue;
      out.push({
        id: articleId(head, item),
        codice: item.codice_originale || item.codice.split('#')[0],
        descrizione: item.descrizione,
        unita_di_misura: item.unita_di_misura,
        prezzo: item.prezzo,
        source: head.source,
        source_label: SOURCE_LABEL[head.source],
        list_key: head.key,
        list_year: head.year,
        similarity: similarity({ terms: rowTerms, unit: row.unita_di_misura }, { terms: termsOf(item.descrizione), unit: item.unita_di_misura }),
        unit_warning: unitMismatch(row.unita_di_misura, item.unita_di_misura),
      });
    }
  }
  return out.sort((a, b) => b.similarity - a.similarity || b.list_year - a.list_year).slice(0, limit);
}

/** The article behind a suggestion id, in the current version of its list. */
async function articleOf(ctx: AppContext, id: unknown): Promise<{ head: PriceListHead; item: PriceItem }> {
  if (typeof id !== 'string' || !id.includes('|')) throw new ValidationError('Scegli un suggerimento da applicare');
  const [listId, codice] = [id.slice(0, id.lastIndexOf('|')), id.slice(id.lastIndexOf('|') + 1)];
  const head = (await listHeads(ctx)).find((h) => h.list_id === listId);
  const index = head && (await loadIndex(ctx, head.version));
  const item = index?.byCode.get(codice.split('#')[0])?.find((i) => i.codice === codice);
  if (!head || !item) throw new NotFoundError(ARTICLE_NOT_FOUND);
  if (item.prezzo === null) throw new ValidationError(ARTICLE_WITHOUT_PRICE);
  return { head, item };
}

/** The row priced by the chosen article, source "suggerito"; written, not yet re-totalled. */
export async function applySuggestion(ctx: AppContext, row: RowRecord, id: unknown, username: string, written?: RowWritten): Promise<RowRecord> {
  const { head, item } = await articleOf(ctx, id);
  const source: SuggestedSource = {
    list: SUGGESTED,
    key: head.key,
    year: head.year,
    code: item.codice_originale || item.codice.split('#')[0],
    descrizione: item.descrizione,
    unita_di_misura: item.unita_di_misura,
    prezzo: item.prezzo,
    unit_warning: unitMismatch(row.unita_di_misura, item.unita_di_misura),
    origin: head.source,
    similarity: similarity({ terms: termsOf(row.descrizione ?? ''), unit: row.unita_di_misura }, { terms: termsOf(item.descrizione), unit: item.unita_di_misura }),
    by: username,
  };
  // Applied to the row as it is now (an edit of its quantity meanwhile is kept).
  const priced = await changeRow(ctx, row, (current) => {
    const next: RowRecord = { ...current, prezzo_db: item.prezzo, price_source: { ...source, unit_warning: unitMismatch(current.unita_di_misura, item.unita_di_misura) }, price_reason: null };
    return { ...next, ...deriveRow(next) };
  }, written);
  if (!priced) throw new NotFoundError('Riga non trovata');
  return priced;
}

/**
 * POST /api/rows/{id}/suggestions: the chosen article applied to the caller's row, recorded in
 * the document's journal ("Annulla" puts the row back as it was) and the document re-totalled.
 */
export async function applySuggestionFor(ctx: AppContext, principal: Principal, rowId: number, articleId: unknown) {
  const { row, doc } = await requireRowFor(ctx, rowId, principal);
  const { result: priced, entry: operation } = await journaled(ctx, doc.id, principal, 'suggerimento', (write) => applySuggestion(ctx, row, articleId, principal.username, write));
  const { document, totals } = await retotal(ctx, doc);
  return { row: priced, document, totals, operation };
}
