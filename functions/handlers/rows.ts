import { MERGE_MISSING_ERROR } from '../../shared/domain/rows.ts';
import { etagOf } from '../../shared/domain/row-versions.ts';
import { retypeRows } from '../services/document-operations.ts';
import { editRow, mergeRows, presentRow, removeRow, removeRowsFor, requireRowFor, type RowEdit } from '../services/rows.ts';
import { NotFoundError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok, resource } from '../http/respond.ts';
import { defineRoute, requirePrincipal, type HttpResult, type RouteRequest } from '../http/types.ts';
import type { AppContext } from '../config/context.ts';
import { knownTipologia } from '../services/tipologie.ts';
import { presentDocument, readDocumentRows } from '../services/documents.ts';
import type { UndoableEntry } from '../services/journal.ts';

/** The operation a row change recorded, in its answer's meta (what "Annulla" undoes). */
const undoable = (operation: UndoableEntry | undefined) => (operation ? { operation } : {});

/** The row's version as an ETag on its answer. */
const withEtag = (res: HttpResult, version: number | undefined): HttpResult => ({ ...res, headers: { ...res.headers, etag: etagOf(version) } });

const get = defineRoute('GET /api/rows/{id}', async (req, ctx) => {
  const { row } = await requireRowFor(ctx, req.params.id, requirePrincipal(req));
  return withEtag(ok(resource('rows', presentRow(row))), row.version);
});

/** The fields of PUT /api/rows/{id}, parsed by the contract (amounts, texts bounded); the typology must exist. */
async function rowEdit(req: RouteRequest<'PUT /api/rows/{id}'>, ctx: AppContext): Promise<RowEdit> {
  const { refresh_price, base_version, tipologia_dei, ...fields } = req.body;
  // Hand check: the typologies are a list in the store.
  const tipologia = tipologia_dei === undefined ? {} : { tipologia_dei: await knownTipologia(ctx, tipologia_dei) };
  return { fields: { ...fields, ...tipologia }, refreshPrice: refresh_price === true, baseVersion: base_version, expectedVersion: req.headers['if-match'] };
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
  const { row, document, totals, operation } = await removeRow(ctx, requirePrincipal(req), req.params.id, req.headers['if-match']);
  return ok({ id: row.id, message: 'Riga eliminata' }, { document: presentDocument(document), totals, ...undoable(operation) });
});

/** POST /api/rows/delete {row_ids}: the selected rows deleted as one operation ("Annulla" puts them all back). */
const removeMany = defineRoute('POST /api/rows/delete', async (req, ctx) => {
  const { deleted, missing, document, totals, operation } = await removeRowsFor(ctx, requirePrincipal(req), req.body.row_ids);
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
  const { first_row_id, second_row_id, somma_quantita, articolo } = req.body;
  const options = { sumQuantities: somma_quantita === true, ...(articolo ? { article: articolo } : {}) };
  const { merged, removed, document, totals, operation } = await mergeRows(ctx, requirePrincipal(req), [first_row_id, second_row_id], options);
  return withEtag(
    ok({ success: true, row: presentRow(merged), removed_row_id: removed.id, message: 'Righe unite con successo' }, { document: presentDocument(document), totals, ...undoable(operation) }),
    merged.version,
  );
});

/** POST /api/rows/update-tipologia-dei {row_ids, tipologia_dei}: new typology, re-priced, in one call. */
const updateTipologia = defineRoute('POST /api/rows/update-tipologia-dei', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const { tipologia_dei, row_ids: ids } = req.body;
  // Hand check: the typologies are a list in the store.
  const tipologia = await knownTipologia(ctx, tipologia_dei);
  const wanted = new Set(ids);
  const first = await requireRowFor(ctx, ids[0], principal);
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
