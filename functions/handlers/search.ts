import { PRICE_SEARCH_MAX_RESULTS, SEARCH_MAX_LIMIT } from '../../shared/api/prezzari.ts';
import { resourceHandler } from '../http/resource.ts';
import { list, ok, resource } from '../http/respond.ts';
import { searchPriceLists, similarInPriceLists } from '../prezzari/search.ts';
import { searchCsvData } from '../prezzari/csv-data.ts';
import { defineRoute, requirePrincipal, type InputOf } from '../http/types.ts';
import { presentDocument } from '../services/documents.ts';
import { presentRow, requireRowFor } from '../services/rows.ts';
import { applySuggestionFor, suggestionsFor } from '../services/suggestions.ts';

/** The term and filters, parsed by the contract (shared/api/prezzari.ts searchFilters); the typology or province by any of its names. */
function readQuery(query: InputOf<'GET /api/search'>['query']) {
  const { q, limit, anno } = query;
  const tipologiaDeiprovincia = query.tipologiaDeiprovincia ?? query.tipologia_provincia ?? query.tipologia_dei ?? query.provincia;
  return { q, limit, filters: { tipologiaDeiprovincia, anno } };
}

/**
 * GET /api/search/price-list ?q, tipologiaDeiprovincia, anno, limit (default 20), page, and
 * descrizione: when q (a row's code) finds nothing, the articles most like that description.
 */
const priceList = defineRoute('GET /api/search/price-list', async (req, ctx) => {
  const { q, limit, filters } = readQuery(req.query);
  // Paging stops at PRICE_SEARCH_MAX_RESULTS matches, so the last page depends on the limit.
  const page = Math.min(req.query.page, Math.floor(PRICE_SEARCH_MAX_RESULTS / limit));
  const found = await searchPriceLists(ctx, q, filters, page * limit);
  const descrizione = req.query.descrizione;
  if (!found.total && descrizione) {
    const similar = await similarInPriceLists(ctx, descrizione, filters, Math.min(SEARCH_MAX_LIMIT, limit));
    return list('price_items', page === 1 ? similar.items : [], similar.total, { limit, page, missing_words: [], used_words: [], from_description: true });
  }
  return list('price_items', found.items.slice((page - 1) * limit), found.total, { limit, page, missing_words: found.missing_words, used_words: found.used_words, from_description: false });
});

/** GET /api/search ?q, type=all|price-list|csv-data: both sources; a price-list failure is tolerated. */
const combined = defineRoute('GET /api/search', async (req, ctx) => {
  const { q, limit, filters } = readQuery(req.query);
  const type = req.query.type ?? 'all';
  const wantPrices = type === 'all' || type === 'price-list';
  const wantCsv = type === 'all' || type === 'csv-data';
  const [prices, csv] = await Promise.all([
    wantPrices ? searchPriceLists(ctx, q, filters, limit).catch(() => null) : Promise.resolve({ items: [], total: 0 }),
    wantCsv ? searchCsvData(ctx, q, 1, limit) : Promise.resolve({ items: [], total: 0 }),
  ]);
  return ok(
    {
      price_list: (prices?.items ?? []).map((i) => resource('price_items', i)),
      csv_data: csv.items.map((i) => resource('csv_data', i)),
    },
    { 'price-list-total': prices?.total ?? 0, 'csv-data-total': csv.total, 'price-list-error': prices === null },
  );
});

/** GET /api/rows/{id}/suggestions ?limit (default 5, at most 20): the articles most like an unpriced row. */
const suggestions = defineRoute('GET /api/rows/{id}/suggestions', async (req, ctx) => {
  const { row, doc } = await requireRowFor(ctx, req.params.id, requirePrincipal(req));
  const limit = Math.min(20, Math.max(1, Number.parseInt(req.query.limit ?? '5', 10) || 5));
  const found = await suggestionsFor(ctx, doc, row, limit);
  return list('price_suggestions', found, found.length, { row_id: row.id });
});

/** POST /api/rows/{id}/suggestions {id}: the chosen article prices the row, source "suggerito". */
const applySuggestionAction = defineRoute('POST /api/rows/{id}/suggestions', async (req, ctx) => {
  const { row, document, totals, operation } = await applySuggestionFor(ctx, requirePrincipal(req), req.params.id, req.body.id);
  return ok(resource('rows', presentRow(row)), { document: presentDocument(document), totals, price_found: true, ...(operation ? { operation } : {}) });
});

export const actions = { priceList, combined, suggestions, applySuggestion: applySuggestionAction };
export const handler = resourceHandler(actions);
