import { ROW_DECIMALS } from '../../shared/domain/amounts.ts';
import { MAX_INCIDENZA } from '../../shared/domain/manodopera.ts';
import { MERGE_COUNT_ERROR, MERGE_MISSING_ERROR, type MergeArticle } from '../../shared/domain/rows.ts';
import { etagOf, ifMatchVersion, ROW_VERSION_STALE } from '../../shared/domain/row-versions.ts';
import { retypeRows } from '../services/document-operations.ts';
import { editRow, mergeRows, presentRow, removeRow, removeRowsFor, requireRowFor, type RowEdit } from '../services/rows.ts';
import { NotFoundError, PreconditionFailedError, ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok, resource } from '../http/respond.ts';
import { TEXT_FIELDS, type TextField } from '../../shared/domain/text.ts';
import { boundedText, optionalAmount } from '../http/validate.ts';
import { defineRoute, requirePrincipal, type HttpResult, type RouteRequest } from '../http/types.ts';
import type { AppContext } from '../config/context.ts';
import { knownTipologia } from '../services/tipologie.ts';
import { presentDocument, readDocumentRows } from '../services/documents.ts';
import type { UndoableEntry } from '../services/journal.ts';

const NUMERIC = { quantita: 'quantità', unitario: 'prezzo unitario', totale: 'totale', prezzo_db: 'prezzo DB' } as const;
const TEXTS = { descrizione: TEXT_FIELDS.rowDescription, tariffa: TEXT_FIELDS.rowCode, unita_di_misura: TEXT_FIELDS.rowUnit } as const;

/** A labour incidence is a share of the amount: 0 to 100 percent. */
function incidence(value: number | null): number | null {
  if (value !== null && (value < 0 || value > MAX_INCIDENZA)) throw new ValidationError(`L\u2019incidenza della manodopera è una percentuale da 0 a ${MAX_INCIDENZA}`);
  return value;
}

async function checkTipologia(ctx: AppContext, value: unknown): Promise<string> {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('Seleziona una tipologia DEI');
  return knownTipologia(ctx, value.trim());
}

/** The operation a row change recorded, in its answer's meta (what "Annulla" undoes). */
const undoable = (operation: UndoableEntry | undefined) => (operation ? { operation } : {});

/** The row's version as an ETag on its answer. */
const withEtag = (res: HttpResult, version: number | undefined): HttpResult => ({ ...res, headers: { ...res.headers, etag: etagOf(version) } });

/** If-Match of a row write: the version the row must still have, or undefined (any). */
function expectedVersion(req: { headers: Record<string, string> }): number | undefined {
  const version = ifMatchVersion(req.headers['if-match']);
  if (Number.isNaN(version)) throw new PreconditionFailedError(ROW_VERSION_STALE);
  return version;
}

const get = defineRoute('GET /api/rows/{id}', async (req, ctx) => {
  const { row } = await requireRowFor(ctx, req.params.id, requirePrincipal(req));
  return withEtag(ok(resource('rows', presentRow(row))), row.version);
});

/** The fields of PUT /api/rows/{id}, validated (amounts parsed, texts bounded, typology known). */
async function rowEdit(req: RouteRequest<'PUT /api/rows/{id}'>, ctx: AppContext): Promise<RowEdit> {
  const body = req.body;
  const fields: RowEdit['fields'] = {};
  if (body.prezzo_unitario !== undefined && body.unitario === undefined) body.unitario = body.prezzo_unitario;
  for (const [field, label] of Object.entries(NUMERIC) as Array<[keyof typeof NUMERIC, string]>) {
    if (body[field] !== undefined) fields[field] = optionalAmount(body[field], label, ROW_DECIMALS[field]);
  }
  for (const [field, limit] of Object.entries(TEXTS) as Array<[keyof typeof TEXTS, TextField]>) {
    const text = body[field];
    if (text !== undefined) fields[field] = boundedText(text.trim(), limit);
  }
  if (body.tipologia_dei !== undefined) fields.tipologia_dei = await checkTipologia(ctx, body.tipologia_dei);
  if (body.incidenza_manodopera !== undefined) fields.incidenza_manodopera = incidence(optionalAmount(body.incidenza_manodopera, 'incidenza della manodopera'));
  if (body.sicurezza !== undefined) fields.sicurezza = body.sicurezza;
  // The contract keeps base_version a whole number from 0 (and the texts texts, the flag a boolean).
  return { fields, refreshPrice: body.refresh_price === true, baseVersion: body.base_version, expectedVersion: expectedVersion(req) };
}

/**
 * PUT /api/rows/{id}: partial fields; the server recomputes prezzo_totale_db, differenza and
 * variazione. A new typology (or refresh_price) re-prices the row by the rules; a typed
 * prezzo_db is kept as a manual price. Applied to the row as it is now (services/rows.ts).
 */
const update = defineRoute('PUT /api/rows/{id}', async (req, ctx) => {
  const edit = await rowEdit(req, ctx);
  const { row, document, totals, operation } = await editRow(ctx, requirePrincipal(req), req.params.id, edit);
  return withEtag(ok(resource('rows', presentRow(row)), { document: presentDocument(document), totals, price_found: row.prezzo_db !== null, ...undoable(operation) }), row.version);
});

const remove = defineRoute('DELETE /api/rows/{id}', async (req, ctx) => {
  const { row, document, totals, operation } = await removeRow(ctx, requirePrincipal(req), req.params.id, expectedVersion(req));
  return ok({ id: row.id, message: 'Riga eliminata' }, { document: presentDocument(document), totals, ...undoable(operation) });
});

/** POST /api/rows/delete {row_ids}: the selected rows deleted as one operation ("Annulla" puts them all back). */
const removeMany = defineRoute('POST /api/rows/delete', async (req, ctx) => {
  const ids = Array.isArray(req.body.row_ids) ? req.body.row_ids.map(Number) : [];
  if (ids.some((id: number) => !Number.isSafeInteger(id) || id <= 0)) throw new ValidationError('Identificativo non valido');
  const { deleted, missing, document, totals, operation } = await removeRowsFor(ctx, requirePrincipal(req), ids);
  return ok(
    { success: true, deleted, not_found: missing, message: deleted.length === 1 ? 'Riga eliminata' : `Righe eliminate: ${deleted.length}` },
    { document: presentDocument(document), totals, ...undoable(operation) },
  );
});

/**
 * POST /api/rows/merge {first_row_id, second_row_id, somma_quantita?, articolo?}: two consecutive
 * rows become one, atomically; with somma_quantita two complete voci of one code and price add
 * their quantities; two different articles need articolo ("prima"/"seconda": whose code and price).
 */
const merge = defineRoute('POST /api/rows/merge', async (req, ctx) => {
  const ids = [req.body.first_row_id, req.body.second_row_id].map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0) || ids[0] === ids[1]) throw new ValidationError(MERGE_COUNT_ERROR);
  const article = req.body.articolo;
  if (article !== undefined && article !== 'prima' && article !== 'seconda') throw new ValidationError('Articolo non valido: "prima" o "seconda"');
  const options = { sumQuantities: req.body.somma_quantita === true, ...(article ? { article: article as MergeArticle } : {}) };
  const { merged, removed, document, totals, operation } = await mergeRows(ctx, requirePrincipal(req), ids as [number, number], options);
  return withEtag(
    ok({ success: true, row: presentRow(merged), removed_row_id: removed.id, message: 'Righe unite con successo' }, { document: presentDocument(document), totals, ...undoable(operation) }),
    merged.version,
  );
});

/** POST /api/rows/update-tipologia-dei {row_ids, tipologia_dei}: new typology, re-priced, in one call. */
const updateTipologia = defineRoute('POST /api/rows/update-tipologia-dei', async (req, ctx) => {
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
  const { operation, ...result } = await retypeRows(ctx, principal, first.doc, chosen, tipologia);
  return ok(
    { success: true, updated: result.rows.length, priced: result.report.updated, not_found: result.report.not_found, rows: result.rows.map(presentRow) },
    { document: presentDocument(result.document), totals: result.totals, ...undoable(operation) },
  );
});

export const actions = { get, update, remove, removeMany, merge, updateTipologia };
export const handler = resourceHandler(actions);
