import { MERGE_COUNT_ERROR, MERGE_MISSING_ERROR, MERGE_ORDER_ERROR, mergedValues, mergeOrder } from '../../shared/domain/rows.ts';
import { deriveRow } from '../../shared/domain/totals.ts';
import { applyMatch, lookupPrices, loadPricing, repriceRows } from '../services/pricing.ts';
import { presentRow, requireRowFor, retotal } from '../services/rows.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok, resource } from '../http/respond.ts';
import { TEXT_FIELDS, type TextField } from '../../shared/domain/text.ts';
import { boundedText, idParam, optionalAmount } from '../http/validate.ts';
import { requirePrincipal, type Action } from '../http/types.ts';
import { listTipologie } from '../storage/repositories/tipologie.ts';
import { countRowsBetweenIndexes, deleteRows, mergeRowsAtomically, putRow, readDocumentRows, type RowRecord } from '../storage/repositories/rows.ts';
import { presentDocument, presentTotals } from '../services/documents.ts';

const NUMERIC = { quantita: 'quantità', unitario: 'prezzo unitario', totale: 'totale', prezzo_db: 'prezzo DB' } as const;
const TEXTS = { descrizione: TEXT_FIELDS.rowDescription, tariffa: TEXT_FIELDS.rowCode, unita_di_misura: TEXT_FIELDS.rowUnit } as const;

async function checkTipologia(ctx: Parameters<Action>[1], value: unknown): Promise<string> {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('Seleziona una tipologia DEI');
  const known = await listTipologie(ctx);
  if (known.length && !known.some((t) => t.value === value.trim())) throw new ValidationError('Tipologia DEI non valida');
  return value.trim();
}

const get: Action = async (req, ctx) => {
  const { row } = await requireRowFor(ctx, idParam(req.params), requirePrincipal(req));
  return ok(resource('rows', presentRow(row)));
};

/**
 * PUT /api/rows/{id}: partial fields; the server recomputes prezzo_totale_db, differenza and
 * variazione. A new typology (or refresh_price) re-prices the row by the rules; a typed
 * prezzo_db is kept as a manual price.
 */
const update: Action = async (req, ctx) => {
  const { row, doc } = await requireRowFor(ctx, idParam(req.params), requirePrincipal(req));
  const body = req.body;
  let next: RowRecord = { ...row };
  if (body.prezzo_unitario !== undefined && body.unitario === undefined) body.unitario = body.prezzo_unitario;
  for (const [field, label] of Object.entries(NUMERIC) as Array<[keyof typeof NUMERIC, string]>) {
    if (body[field] !== undefined) next = { ...next, [field]: optionalAmount(body[field], label) };
  }
  for (const [field, limit] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, TextField]>) {
    if (body[field] !== undefined) {
      if (typeof body[field] !== 'string') throw new ValidationError(`Valore non valido per ${field}`);
      next = { ...next, [field]: boundedText((body[field] as string).trim(), limit) };
    }
  }
  // The user saw and saved what the reader doubted: the row is checked now.
  if (['quantita', 'unitario', 'totale', ...Object.keys(TEXTS)].some((field) => body[field] !== undefined)) next.verifica = [];
  const newTipologia = body.tipologia_dei !== undefined && body.tipologia_dei !== row.tipologia_dei;
  if (body.tipologia_dei !== undefined) next.tipologia_dei = await checkTipologia(ctx, body.tipologia_dei);

  if (body.prezzo_db !== undefined) {
    next = { ...next, ...deriveRow(next), price_source: next.prezzo_db === null ? null : { list: 'manuale', key: req.principal!.username, year: new Date().getFullYear(), code: next.tariffa } };
  } else if (newTipologia || body.refresh_price === true || body.tariffa !== undefined) {
    // Asked for this row explicitly: the list price replaces a manual one.
    const [lookup] = await lookupPrices(ctx, await loadPricing(ctx), [{ code: next.tariffa, provincia: doc.provincia, tipologia_dei: next.tipologia_dei || doc.tipologia_dei }]);
    next = applyMatch(next, lookup);
  } else {
    next = { ...next, ...deriveRow(next) };
  }
  await putRow(ctx, next);
  const { document, totals } = await retotal(ctx, doc);
  return ok(resource('rows', presentRow(next)), { document: presentDocument(document), totals, price_found: next.prezzo_db !== null });
};

const remove: Action = async (req, ctx) => {
  const { row, doc } = await requireRowFor(ctx, idParam(req.params), requirePrincipal(req));
  await deleteRows(ctx, [row]);
  const { document, totals } = await retotal(ctx, doc);
  return ok({ id: row.id, message: 'Riga eliminata' }, { document: presentDocument(document), totals });
};

/** POST /api/rows/merge {first_row_id, second_row_id}: two consecutive rows become one, atomically. */
const merge: Action = async (req, ctx) => {
  const principal = requirePrincipal(req);
  const ids = [req.body.first_row_id, req.body.second_row_id].map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0) || ids[0] === ids[1]) throw new ValidationError(MERGE_COUNT_ERROR);
  const found = await Promise.all(ids.map((id) => requireRowFor(ctx, id, principal).catch(() => null)));
  if (found.some((f) => !f)) throw new NotFoundError(MERGE_MISSING_ERROR);
  const [a, b] = found as Array<{ row: RowRecord; doc: Awaited<ReturnType<typeof requireRowFor>>['doc'] }>;
  if (a.row.document_id !== b.row.document_id) throw new ValidationError(MERGE_ORDER_ERROR);
  const order = mergeOrder(a.row, b.row, await countRowsBetweenIndexes(ctx, a.row.document_id, a.row.row_index, b.row.row_index));
  if (!order) throw new ValidationError(MERGE_ORDER_ERROR);
  const [first, second] = order;
  const merged: RowRecord = { ...mergedValues(first, second), differenza_totale_db: second.differenza_totale_db, variazione_percentuale: second.variazione_percentuale, price_source: second.price_source, page_end: second.page_end ?? first.page_end };
  await mergeRowsAtomically(ctx, merged, first, second);
  const { document, totals } = await retotal(ctx, a.doc);
  return ok({ success: true, row: presentRow(merged), removed_row_id: second.id, message: 'Righe unite con successo' }, { document: presentDocument(document), totals });
};

/** POST /api/rows/update-tipologia-dei {row_ids, tipologia_dei}: new typology, re-priced, in one call. */
const updateTipologia: Action = async (req, ctx) => {
  const principal = requirePrincipal(req);
  const tipologia = await checkTipologia(ctx, req.body.tipologia_dei);
  const ids = req.body.row_ids;
  if (!Array.isArray(ids) || !ids.length) throw new ValidationError('Seleziona almeno una riga');
  if (ids.length > 10_000) throw new ValidationError('Troppe righe in una sola richiesta (massimo 10.000)');
  const wanted = new Set(ids.map(Number));
  const first = await requireRowFor(ctx, Number(ids[0]), principal);
  const all = await readDocumentRows(ctx, first.doc);
  const chosen = all.filter((r) => wanted.has(r.id));
  if (chosen.length !== wanted.size) throw new NotFoundError(MERGE_MISSING_ERROR);
  const retyped = chosen.map((r) => ({ ...r, tipologia_dei: tipologia }));
  const result = await repriceRows(ctx, first.doc, retyped, all);
  return ok(
    { success: true, updated: retyped.length, priced: result.report.updated, not_found: result.report.not_found, rows: result.rows.filter((r) => wanted.has(r.id)).map(presentRow) },
    { document: presentDocument(result.document), totals: presentTotals(result.document, result.rows) },
  );
};

export const actions = { get, update, remove, merge, updateTipologia };
export const handler = resourceHandler(actions);
