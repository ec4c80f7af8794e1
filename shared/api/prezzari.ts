/**
 * Price lists (admin imports, browse, get_unitario), search and CSV data:
 * functions/handlers/prezzari.ts, search.ts, csv-data.ts.
 */
import { z } from 'zod';
import { findProvince } from '../domain/provinces.ts';
import { pageQuery } from './documents.ts';
import { envelope, listOf, message, optionalAmountOf, queryString, requiredText, whenMissing, type RouteContract } from './common.ts';

export const priceSource = z.enum(['toscana', 'dei', 'csv']);

/** shared/domain/pricing.ts PriceListHead: a loaded list (source, key, year). */
export const priceListHead = z.object({
  list_id: z.string(),
  source: priceSource,
  key: z.string(),
  year: z.number().int(),
  version: z.string(),
  total_rows: z.number().int(),
  updated_at: z.string(),
});

/** functions/storage/repositories/price-lists.ts PriceItem. */
export const priceItem = z.looseObject({
  id: z.string(),
  codice: z.string(),
  codice_originale: z.string(),
  descrizione: z.string(),
  unita_di_misura: z.string().nullable(),
  prezzo: z.number().nullable(),
  prezzo_senza_sg: z.number().nullable(),
  anno: z.number().int().nullable(),
  provincia: z.string().nullable(),
  tipologia: z.string().nullable(),
  scostamento_perc_senza_sg_2024: z.number().nullable(),
  scostamento_perc_su_anno_2024: z.number().nullable(),
  incidenza_manodopera: z.number().nullable().optional().meta({ description: 'Incidenza della manodopera sul prezzo, in percentuale, come la stampa il prezzario (assente se il prezzario non la riporta)' }),
  incidenza_sicurezza: z.number().nullable().optional().meta({ description: 'Incidenza della sicurezza sul prezzo, in percentuale (assente se il prezzario non la riporta)' }),
  titoli: z.array(z.string()).optional().meta({ description: 'I titoli sopra la voce nel prezzario (tipo di lavoro, capitolo, voce), dal più generale' }),
});
/** functions/prezzari/search.ts SearchHit: an item and the list it comes from. */
const ranges = z.array(z.tuple([z.number().int(), z.number().int()]));
/** Where a search matched: [start, end) character ranges in the code and in the description. */
export const highlights = z.object({ codice: ranges, descrizione: ranges }).meta({ description: 'Parti del codice e della descrizione trovate dalla ricerca, come intervalli [inizio, fine) di caratteri' });
export const searchHit = priceItem.extend({ tariffa: z.string(), source: priceSource, source_label: z.string(), list_key: z.string(), list_year: z.number().int(), highlights: highlights.optional() });
export type SearchHitOut = z.infer<typeof searchHit>;

const columns = z.object({ recognised: z.array(z.object({ field: z.string(), column: z.string() })), missing: z.array(z.string()) });
const previewRow = z.object({
  codice: z.string(),
  tariffa: z.string(),
  descrizione: z.string(),
  unita_di_misura: z.string().nullable(),
  prezzo: z.number().nullable(),
  prezzo_senza_sg: z.number().nullable(),
  anno: z.number().int().nullable(),
  provincia: z.string().nullable(),
  tipologia_dei: z.string().nullable(),
});
/** functions/services/price-imports.ts stageImport(): the preview of step one. */
export const stageResponse = envelope(
  z.object({
    type: z.literal('success'),
    message,
    temp_file_id: z.string(),
    total_rows: z.number().int(),
    preview: z.array(previewRow),
    columns,
    skipped: z.number().int(),
    warnings: z.array(z.string()),
    target: z.object({ source: priceSource, key: z.string(), year: z.number().int() }),
    source_alerts: z
      .array(z.string())
      .optional()
      .meta({ description: 'Avvisi gravi (anche tra warnings): il file dichiara un\u2019altra provincia o tipologia, o la maggior parte dei suoi codici è di un\u2019altra fonte; l\u2019anteprima chiede una conferma esplicita prima di importare' }),
    declared: z
      .object({ provincia: z.string().nullable(), tipologia: z.string().nullable(), anno: z.number().int().nullable(), fonti: z.array(z.string()) })
      .optional()
      .meta({ description: 'Provincia, tipologia e anno dichiarati dal file stesso (intestazione, colonne, prefissi dei codici); se diversi dalla scelta, un avviso in warnings' }),
  }),
);
const YEAR_MISSING = 'Seleziona l\u2019anno.';
const yearLike = z.union([z.string(), z.number()]);
const requiredYearLike = z.union([z.string(), z.number()], whenMissing(YEAR_MISSING));

/** Why `value` is not a list's year (2000-2100, a number or a form's digits): '' is a missing one; null when it is one. */
export function yearProblem(value: string | number): string | null {
  if (value === '') return YEAR_MISSING;
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? null : 'Anno non valido';
}

/** The year out of `value`, or its problem as the issue (at `path`, from an object's transform). */
function readYear(value: string | number, ctx: z.core.$RefinementCtx, path: string[] = []): number {
  const problem = yearProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path });
  return Number(value);
}

/** A Tuscan province (code or name, any case) as its name in capitals, the key of its list; else the issue. */
function readTuscanProvince(value: string, ctx: z.core.$RefinementCtx): string {
  const province = findProvince(value);
  if (!value.trim()) ctx.addIssue({ code: 'custom', message: 'Seleziona la provincia.', path: ['provincia'] });
  else if (province?.region !== 'Toscana') ctx.addIssue({ code: 'custom', message: 'La provincia deve essere una provincia toscana', path: ['provincia'] });
  return province?.name.toUpperCase() ?? '';
}

export const confirmBody = z.object({
  temp_file_id: z.string(whenMissing('ID file temporaneo mancante')),
  anno: yearLike
    .optional()
    .transform((anno, ctx) => (anno === undefined || anno === '' ? undefined : readYear(anno, ctx)))
    .meta({ description: 'L\u2019anno del prezzario (2000-2100), se diverso da quello scelto al passo 1' }),
  conferma_avvisi: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .meta({ description: 'true: il file è stato verificato nonostante i source_alerts dell\u2019anteprima. Senza, un file con avvisi non è importato (409)' }),
});
export const confirmResponse = envelope(z.object({ type: z.literal('success'), message, total_rows: z.number().int(), list: priceListHead }));
export const uploadCsvResponse = envelope(z.object({ type: z.literal('success'), message, total_rows: z.number().int(), columns, warnings: z.array(z.string()) }));
/**
 * A DEI import's fields. A missing year is refused here, before the typology (as always); the
 * typology (from any of its three names, trimmed) is required here; whether it exists is the
 * store's (services/tipologie.ts), and the year's value is checked by the handler after that
 * (yearProblem), so an unknown typology is still named before a wrong year.
 */
export const deiUploadFields = z
  .object({
    anno: requiredYearLike.meta({ description: 'L\u2019anno del prezzario (2000-2100)' }),
    tipologia_dei: z.string().optional(),
    tipologia: z.string().optional().meta({ description: 'Altro nome di tipologia_dei' }),
    provincia: z.string().optional().meta({ description: 'Una variante del client vi manda la tipologia' }),
  })
  .transform(({ anno, tipologia_dei: dei, tipologia, provincia }, ctx) => {
    const typology = (dei ?? tipologia ?? provincia ?? '').trim();
    if (!typology) ctx.addIssue({ code: 'custom', message: 'Seleziona la tipologia del prezzario DEI.', path: ['tipologia_dei'] });
    return { tipologia_dei: typology, anno };
  });
/** A Toscana import's fields: a missing one first (province, then year), then the province, then the year. */
export const toscanaUploadFields = z
  .object({
    provincia: z.string(whenMissing('Seleziona la provincia.')).meta({ description: 'Una provincia toscana (sigla o nome)' }),
    anno: requiredYearLike.meta({ description: 'L\u2019anno del prezzario (2000-2100)' }),
  })
  .transform(({ provincia, anno }, ctx) => ({ provincia: readTuscanProvince(provincia, ctx), anno: readYear(anno, ctx, ['anno']) }));

export const browseQuery = z.object({
  source: z.enum(['dei', 'toscana', 'csv']).optional(),
  key: queryString('Tipologia (DEI) o provincia (Toscana)', 'FIRENZE').optional(),
  anno: queryString('Anno', '2026').optional(),
  search: queryString('Testo o codice', 'scavo').optional(),
  ...pageQuery({ perPage: 50, maxPerPage: 500 }),
});
export const browseResponse = listOf('price_items', priceItem, {
  lists: z.array(priceListHead),
  list: priceListHead.nullable(),
  source_label: z.string().optional(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** A code to look up (trimmed) and a quantity (1 when absent or empty). */
export const getUnitarioBody = z.object({
  tariffa: requiredText('Codice tariffa mancante per la ricerca'),
  provincia: z.string().nullable().optional(),
  quantita: optionalAmountOf('quantità')
    .optional()
    .transform((q) => q ?? 1),
  tipologia_dei: z.string().nullable().optional(),
});
export const getUnitarioResponse = envelope(
  z.union([
    z.object({
      success: z.literal(true),
      unitario: z.number(),
      prezzo_totale_db: z.number(),
      descrizione: z.string(),
      unita_di_misura: z.string().nullable(),
      source: z.object({ list: priceSource, label: z.string(), key: z.string(), year: z.number().int(), code: z.string() }),
    }),
    z.object({ success: z.literal(false), unitario: z.null(), prezzo_totale_db: z.null(), descrizione: z.null(), message }),
  ]),
);
export type GetUnitarioResponse = z.infer<typeof getUnitarioResponse>;

/** Paging a price search stops at this many matches: past that, a narrower query is the answer. */
export const PRICE_SEARCH_MAX_RESULTS = 5000;

/** A whole number out of a query string, within [min, max]; `fallback` when absent or not a number (paging never refuses). */
export const wholeWithin = (raw: string | undefined, fallback: number, min: number, max: number) => Math.min(max, Math.max(min, Number.parseInt(raw ?? String(fallback), 10) || fallback));

/** Most results a search answers at once. */
export const SEARCH_MAX_LIMIT = 200;

const searchFilters = {
  q: requiredText('Inserisci un termine di ricerca').max(200, 'Termine di ricerca troppo lungo').meta({ description: 'Testo o codice da cercare (obbligatorio, massimo 200 caratteri)', example: 'scavo' }),
  tipologiaDeiprovincia: queryString('Tipologia DEI, provincia, "toscana" o vuoto (anche tipologia_provincia, tipologia_dei, provincia)', 'FIRENZE').optional(),
  tipologia_provincia: queryString('Altro nome di tipologiaDeiprovincia').optional(),
  tipologia_dei: queryString('Altro nome di tipologiaDeiprovincia').optional(),
  provincia: queryString('Altro nome di tipologiaDeiprovincia').optional(),
  anno: queryString('Anno (4 cifre)', '2026')
    .optional()
    .transform((anno) => (anno && /^\d{4}$/.test(anno) ? Number(anno) : undefined)),
  limit: queryString(`Risultati per pagina (massimo ${SEARCH_MAX_LIMIT})`, '20')
    .optional()
    .transform((raw) => wholeWithin(raw, 20, 1, SEARCH_MAX_LIMIT)),
};
export const priceListSearchQuery = z.object({
  ...searchFilters,
  page: queryString('Pagina, da 1', '1')
    .optional()
    .transform((raw) => wholeWithin(raw, 1, 1, Number.MAX_SAFE_INTEGER)),
  descrizione: queryString('Descrizione della riga: se q (il suo codice) non trova nulla, le voci più simili a questa descrizione', 'Pozzetto prefabbricato in calcestruzzo')
    .optional()
    .transform((text) => (text ?? '').trim().slice(0, 2000)),
});
export const priceListSearchResponse = listOf('price_items', searchHit, {
  limit: z.number().int(),
  page: z.number().int(),
  missing_words: z
    .array(z.string())
    .optional()
    .meta({ description: 'Parole della ricerca che nessuna voce ha insieme alle altre: i risultati sono per le parole in used_words («nessun risultato per «xyz»; mostrati i risultati per …»)' }),
  used_words: z.array(z.string()).optional().meta({ description: 'Le parole per cui sono mostrati i risultati, quando alcune sono state tralasciate' }),
  from_description: z.boolean().optional().meta({ description: 'Vero quando q non ha trovato nulla e i risultati sono le voci più simili a descrizione' }),
});
export const combinedSearchQuery = z.object({ ...searchFilters, type: z.enum(['all', 'price-list', 'csv-data']).optional() });
export const combinedSearchResponse = envelope(
  z.object({
    price_list: z.array(z.object({ id: z.string(), type: z.literal('price_items'), attributes: searchHit })),
    csv_data: z.array(z.object({ id: z.string(), type: z.literal('csv_data'), attributes: searchHit })),
  }),
  z.object({ 'price-list-total': z.number().int(), 'csv-data-total': z.number().int(), 'price-list-error': z.boolean() }),
);
export const csvDataQuery = z.object({
  search: queryString('Testo o codice', 'scavo').optional(),
  ...pageQuery({ perPage: 50, maxPerPage: 500 }),
});
export const csvDataResponse = listOf('csv_data', searchHit, { page: z.number().int(), per_page: z.number().int() });
export type PriceListSearchResponse = z.infer<typeof priceListSearchResponse>;
export type CsvDataResponse = z.infer<typeof csvDataResponse>;
export type BrowseResponse = z.infer<typeof browseResponse>;

const head = { list_id: 'toscana#FIRENZE#2026', source: 'toscana', key: 'FIRENZE', year: 2026, version: 'v1', total_rows: 18234, updated_at: '2026-01-10T09:00:00.000Z' } as const;
const item = {
  id: 'toscana#FIRENZE#2026#0',
  codice: 'TOS26_01.A03.001.001',
  codice_originale: 'TOS26_01.A03.001.001',
  descrizione: 'Scavo a sezione obbligata',
  unita_di_misura: 'mc',
  prezzo: 5.4,
  prezzo_senza_sg: 4.3,
  anno: 2026,
  provincia: 'FIRENZE',
  tipologia: null,
  scostamento_perc_senza_sg_2024: null,
  scostamento_perc_su_anno_2024: null,
};
const hit = { ...item, id: 'toscana#FIRENZE#2026|TOS26_01.A03.001.001', tariffa: item.codice, source: 'toscana', source_label: 'Prezzario Toscana', list_key: 'FIRENZE', list_year: 2026 };
const preview = { codice: item.codice, tariffa: item.codice, descrizione: item.descrizione, unita_di_misura: 'mc', prezzo: 5.4, prezzo_senza_sg: 4.3, anno: 2026, provincia: 'FIRENZE', tipologia_dei: null };
const stageExample = (source: 'dei' | 'toscana', key: string) => ({
  data: {
    type: 'success',
    message: 'File analizzato: 18234 righe pronte per l\u2019importazione. Il prezzario esistente per la stessa chiave e lo stesso anno sarà sovrascritto.',
    temp_file_id: '0b6f2c1e-8d4a-4f4e-9a39-3c1f0d2b7e11',
    total_rows: 18234,
    preview: [preview],
    columns: { recognised: [{ field: 'codice', column: 'Codice' }], missing: [] },
    skipped: 0,
    warnings: [],
    target: { source, key, year: 2026 },
  },
});
const priceFileErrors = { 400: 'Seleziona un file Excel.', 413: 'Il file è troppo grande. Dimensione massima: 10MB' };
const confirmErrors = { 400: 'ID file temporaneo mancante', 404: 'File temporaneo scaduto o non trovato: ricarica il file e riprova.', 409: 'Il prezzario è stato aggiornato da un\u2019altra importazione nel frattempo. Ricarica e riprova.' };

/** Step 1 of a DEI or Toscana import: the file read and previewed, nothing stored yet. */
function uploadStep<B extends z.ZodType<unknown, Record<string, unknown>>>(summary: string, body: B, requestExample: Record<string, string>, example: unknown, keyError: string) {
  return {
    summary,
    body,
    bodyType: 'multipart',
    files: { file: 'Il prezzario (fino a 10 MB)' },
    response: stageResponse,
    requestExample,
    example,
    errors: { ...priceFileErrors, 400: keyError },
  } satisfies RouteContract;
}

/** Step 2 of a DEI or Toscana import: the previewed version replaces the current one. */
function confirmStep(summary: string, list: object) {
  return {
    summary,
    body: confirmBody,
    bodyType: 'json-or-multipart',
    response: confirmResponse,
    requestExample: { temp_file_id: '0b6f2c1e-8d4a-4f4e-9a39-3c1f0d2b7e11' },
    example: { data: { type: 'success', message: 'Importazione completata: 18234 voci caricate.', total_rows: 18234, list } },
    errors: confirmErrors,
  } satisfies RouteContract;
}

export const prezzariRoutes = {
  'POST /api/upload-prezzario-dei': uploadStep(
    'Importazione DEI, passo 1: legge il file (.xlsx, .xls, .csv, .xml) e ne mostra l\u2019anteprima',
    deiUploadFields,
    { anno: '2026', tipologia_dei: 'urbanizzazione' },
    stageExample('dei', 'urbanizzazione'),
    'Seleziona la tipologia del prezzario DEI.',
  ),
  'POST /api/confirm-prezzario-dei': confirmStep('Importazione DEI, passo 2: la nuova versione sostituisce la precedente in un solo passo', {
    ...head,
    list_id: 'dei#urbanizzazione#2026',
    source: 'dei',
    key: 'urbanizzazione',
  }),
  'POST /api/upload-prezzario-toscana': uploadStep(
    'Importazione Toscana, passo 1: legge il file e ne mostra l\u2019anteprima',
    toscanaUploadFields,
    { anno: '2026', provincia: 'FIRENZE' },
    stageExample('toscana', 'FIRENZE'),
    'La provincia deve essere una provincia toscana',
  ),
  'POST /api/confirm-prezzario-toscana': confirmStep('Importazione Toscana, passo 2', head),
  'POST /api/upload-csv': {
    summary: 'Dati CSV: sostituiscono i precedenti in un solo passo',
    body: z.object({}),
    bodyType: 'multipart',
    files: { file: 'Il file CSV (fino a 10 MB)' },
    response: uploadCsvResponse,
    example: { data: { type: 'success', message: 'Dati CSV importati: 1200 righe.', total_rows: 1200, columns: { recognised: [{ field: 'codice', column: 'Codice' }], missing: [] }, warnings: [] } },
    errors: { ...priceFileErrors, 400: 'Il file non contiene righe con un codice.' },
  },
  'GET /api/prezzari': {
    summary: 'I prezzari caricati di una fonte e le voci di uno di essi',
    query: browseQuery,
    response: browseResponse,
    example: { data: [{ id: item.id, type: 'price_items', attributes: item }], meta: { 'total-count': 18234, lists: [head], list: head, source_label: 'Prezzario Toscana', page: 1, per_page: 50 } },
  },
  'POST /api/get_unitario': {
    summary: 'Il prezzo di riferimento di un codice, secondo le regole di ricerca',
    body: getUnitarioBody,
    response: getUnitarioResponse,
    requestExample: { tariffa: 'TOS26_01.A03.001.001', provincia: 'FIRENZE', quantita: '2.034,50', tipologia_dei: 'urbanizzazione' },
    example: { data: { success: true, unitario: 5.4, prezzo_totale_db: 10986.3, descrizione: 'Scavo a sezione obbligata', unita_di_misura: 'mc', source: { list: 'toscana', label: 'Prezzario Toscana', key: 'FIRENZE', year: 2026, code: 'TOS26_01.A03.001.001' } } },
    errors: { 400: 'Codice tariffa mancante per la ricerca' },
  },
  'GET /api/search/price-list': {
    summary: 'Cerca nei prezzari (testo con tolleranza ai refusi, codice esatto per primo)',
    query: priceListSearchQuery,
    response: priceListSearchResponse,
    example: { data: [{ id: hit.id, type: 'price_items', attributes: hit }], meta: { 'total-count': 1, limit: 20, page: 1, missing_words: [], used_words: [], from_description: false } },
    errors: { 400: 'Inserisci un termine di ricerca' },
  },
  'GET /api/search': {
    summary: 'Cerca nei prezzari e nei dati CSV insieme',
    query: combinedSearchQuery,
    response: combinedSearchResponse,
    example: { data: { price_list: [{ id: hit.id, type: 'price_items', attributes: hit }], csv_data: [] }, meta: { 'price-list-total': 1, 'csv-data-total': 0, 'price-list-error': false } },
    errors: { 400: 'Inserisci un termine di ricerca' },
  },
  'GET /api/csv-data': {
    summary: 'I dati CSV, con ricerca e pagine',
    query: csvDataQuery,
    response: csvDataResponse,
    example: { data: [{ id: 'csv#DATI#0|A.01', type: 'csv_data', attributes: { ...hit, id: 'csv#DATI#0|A.01', source: 'csv', source_label: 'Dati CSV', list_key: 'DATI', list_year: 0 } }], meta: { 'total-count': 1, page: 1, per_page: 50 } },
  },
} satisfies Record<string, RouteContract>;
