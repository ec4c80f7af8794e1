import type { AppContext } from '../config/context.ts';
import { deriveRow, type DocumentTotals } from '../../shared/domain/totals.ts';
import { applyPatternsTraced, missingPriceReason, plannedLists, unitMismatch, type LookupInput, type PriceListHead } from '../../shared/domain/pricing.ts';
import { listHeads, type PriceItem } from '../storage/repositories/price-lists.ts';
import { listPatterns } from '../storage/repositories/patterns.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import type { RowRecord } from '../storage/repositories/rows.ts';
import { PRICE_FIELDS, samePriceFields } from '../../shared/domain/settings-undo.ts';
import { changeRows, type RowWritten } from './row-writes.ts';
import { retotal } from './retotal.ts';
import { loadIndex } from '../prezzari/search-index.ts';
import { listTipologie } from '../storage/repositories/tipologie.ts';

export interface PricingContext {
  heads: PriceListHead[];
  patterns: Array<{ pattern: string; replacement: string | null }>;
  /** DEI typology value -> its label, for the reasons a row has no price. */
  tipologie?: Map<string, string>;
}

/** Loaded once per request or job: the current list heads, the admin patterns in order, the typology labels. */
export async function loadPricing(ctx: AppContext): Promise<PricingContext> {
  const [heads, patterns, tipologie] = await Promise.all([listHeads(ctx), listPatterns(ctx), listTipologie(ctx)]);
  return { heads, patterns: patterns.sort((a, b) => a.id - b.id), tipologie: new Map(tipologie.map((t) => [t.value, t.description])) };
}

/** Prices the estimator chose (typed by hand, or a suggestion applied) stay through re-pricing. */
const KEPT_SOURCES = new Set(['manuale', 'suggerito']);
const keptPrice = (r: { price_source?: { list: string } | null }) => KEPT_SOURCES.has(r.price_source?.list ?? '');

export interface PriceMatch {
  item: PriceItem;
  head: PriceListHead;
  code: string;
  /** The admin patterns that rewrote the printed code into `code`, in order. */
  patterns: string[];
}

/** A lookup says either which article priced the row or, in Italian, why none did. */
export type PriceLookup = { match: PriceMatch; reason: null } | { match: null; reason: string };

/**
 * Prices many codes at once: each planned list version is loaded once (and stays cached), and
 * every code is a hash lookup in it, so a 5,000-row document costs a handful of blob reads at
 * most. CSV data may repeat a code across years: the latest year wins.
 */
export async function lookupPrices(ctx: AppContext, pricing: PricingContext, inputs: LookupInput[]): Promise<PriceLookup[]> {
  const traced = inputs.map((i) => applyPatternsTraced(i.code, pricing.patterns));
  const plans = inputs.map((input, i) => plannedLists({ ...input, code: traced[i].code }, pricing.heads));
  const versions = [...new Set(plans.flat().map((h) => h.version))];
  const indexes = new Map(await Promise.all(versions.map(async (v) => [v, await loadIndex(ctx, v)] as const)));
  return plans.map((plan, i): PriceLookup => {
    const { code, applied } = traced[i];
    let withoutPrice: PriceListHead | undefined;
    for (const head of plan) {
      const hits = indexes.get(head.version)?.byCode.get(code) ?? [];
      const item = hits.length > 1 ? [...hits].sort((a, b) => (b.anno ?? 0) - (a.anno ?? 0))[0] : hits[0];
      if (item && item.prezzo !== null) return { match: { item, head, code, patterns: applied }, reason: null };
      if (item) withoutPrice ??= head;
    }
    return { match: null, reason: missingPriceReason(inputs[i], plan, withoutPrice, (v) => pricing.tipologie?.get(v)) };
  });
}

/**
 * The row with its reference price, derived fields and the explanation of both: the article
 * (code, description, unit, price, list, patterns) or the reason there is none. No price found
 * clears them (null, not zero).
 */
export function applyMatch(row: RowRecord, { match, reason }: PriceLookup): RowRecord {
  const prezzo_db = match?.item.prezzo ?? null;
  return {
    ...row,
    prezzo_db,
    ...deriveRow({ quantita: row.quantita, unitario: row.unitario, totale: row.totale, prezzo_db }),
    price_source: match
      ? {
          list: match.head.source,
          key: match.head.key,
          year: match.head.year,
          code: match.code,
          descrizione: match.item.descrizione,
          unita_di_misura: match.item.unita_di_misura,
          prezzo: match.item.prezzo,
          patterns: match.patterns,
          unit_warning: unitMismatch(row.unita_di_misura, match.item.unita_di_misura),
          ...(match.item.incidenza_manodopera != null ? { incidenza_manodopera: match.item.incidenza_manodopera } : {}),
          ...(match.item.incidenza_sicurezza != null ? { incidenza_sicurezza: match.item.incidenza_sicurezza } : {}),
        }
      : null,
    price_reason: reason,
    ...listIncidence(row, match),
  };
}

/**
 * The labour incidence of the article (issue 39), unless the row's own comes from the computo or
 * was typed by hand: those stay through every re-price.
 */
function listIncidence(row: RowRecord, match: PriceMatch | null): Pick<RowRecord, 'incidenza_manodopera' | 'fonte_manodopera'> {
  if (row.fonte_manodopera === 'documento' || row.fonte_manodopera === 'manuale') return { incidenza_manodopera: row.incidenza_manodopera ?? null, fonte_manodopera: row.fonte_manodopera };
  const incidenza = match?.item.incidenza_manodopera ?? null;
  return { incidenza_manodopera: incidenza, fonte_manodopera: incidenza === null ? null : 'prezzario' };
}

export interface RepriceReport {
  updated: number;
  not_found: number;
  /** Rows with a price typed by hand, left as they are. */
  manual: number;
  skipped: number;
  errors: number;
  not_found_codes: string[];
}

/** Prices rows in memory (no writes): what the analysis does before the rows are first stored. */
export async function priceRowsInMemory<T extends Omit<RowRecord, 'id'>>(ctx: AppContext, doc: Pick<DocumentRecord, 'provincia' | 'tipologia_dei'>, rows: T[]): Promise<T[]> {
  return priceRowsWith(ctx, await loadPricing(ctx), doc, rows);
}

async function priceRowsWith<T extends Omit<RowRecord, 'id'>>(ctx: AppContext, pricing: PricingContext, doc: Pick<DocumentRecord, 'provincia' | 'tipologia_dei'>, rows: T[]): Promise<T[]> {
  // A price typed by the estimator stays: the rules only fill or refresh list prices.
  const positions = rows.map((r, i) => (r.tariffa?.trim() && !keptPrice(r) ? i : -1)).filter((i) => i >= 0);
  const matches = await lookupPrices(
    ctx,
    pricing,
    positions.map((i) => ({ code: rows[i].tariffa, provincia: doc.provincia, tipologia_dei: rows[i].tipologia_dei || doc.tipologia_dei })),
  );
  // Rows with no code cannot be looked up; say so instead of leaving them blank.
  const out = rows.map((r) => (!r.tariffa?.trim() && !keptPrice(r) ? { ...r, price_reason: missingPriceReason({ code: '', provincia: doc.provincia, tipologia_dei: null }, []) } : r));
  positions.forEach((p, k) => (out[p] = applyMatch(rows[p] as unknown as RowRecord, matches[k]) as unknown as T));
  return out;
}

/**
 * Re-prices rows where they are stored now. Each row is priced from the copy read and written
 * only if its price (or typology) changed, conditionally on that copy's version; a row changed
 * meanwhile (an edit, a merge) is read again and priced again as it is, a row that went stays
 * gone. Only the typology (`retype`, from the row as it is) and the price fields are changed.
 * The document is then re-totalled from its rows. `rows` are the rows read, in order.
 */
export async function repriceRows(
  ctx: AppContext,
  doc: DocumentRecord,
  rows: readonly RowRecord[],
  retype: (row: RowRecord) => RowRecord = (row) => row,
  /** The document operation this re-price belongs to: its writes stop once another one takes over. */
  operationId?: string,
  /** Told of every row written (the undo journal). */
  onWritten?: RowWritten,
): Promise<{ report: RepriceReport; rows: RowRecord[]; document: DocumentRecord; totals: DocumentTotals }> {
  const pricing = await loadPricing(ctx);
  const planned = await priceRowsWith(ctx, pricing, doc, rows.map(retype));
  const plan = new Map(rows.map((r, i) => [r.id, { read: r, priced: planned[i] }]));
  const results = await changeRows(ctx, doc.id, [...rows], async (current) => {
    const p = plan.get(current.id);
    const priced = p && p.read.version === current.version ? p.priced : (await priceRowsWith(ctx, pricing, doc, [retype(current)]))[0];
    return samePriceFields(current, priced) ? null : { ...current, ...pick(priced) };
  }, operationId, onWritten);
  const written = results.filter((r): r is RowRecord => r !== undefined);
  const { document, totals } = await retotal(ctx, doc);
  const manual = written.filter((r) => keptPrice(r)).length;
  const withCode = written.filter((r) => r.tariffa?.trim() && !keptPrice(r));
  const notFound = withCode.filter((r) => r.prezzo_db === null);
  return {
    report: {
      updated: withCode.length - notFound.length,
      not_found: notFound.length,
      manual,
      skipped: written.length - withCode.length - manual,
      errors: 0,
      not_found_codes: [...new Set(notFound.map((r) => r.tariffa))].slice(0, 50),
    },
    rows: written,
    document,
    totals,
  };
}

/** The fields a re-price sets: the typology and the price fields, nothing else of the row. */
function pick(row: RowRecord): Partial<RowRecord> {
  return Object.fromEntries(PRICE_FIELDS.map((f) => [f, row[f] ?? null]));
}
