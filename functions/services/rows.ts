import type { AppContext } from '../config/context.ts';
import { deriveRow } from '../../shared/domain/totals.ts';
import { productProblem } from '../../shared/domain/amounts.ts';
import { applyProductRule, markEdited } from '../../shared/domain/row-edits.ts';
import { canSumQuantities, isCompleteVoce, MERGE_CHOICE_ERROR, MERGE_MISSING_ERROR, MERGE_ORDER_ERROR, MERGE_SUM_ERROR, mergeOrder, needsArticleChoice } from '../../shared/domain/rows.ts';
import { mergedValues, type MergeOptions } from '../../shared/domain/row-merge.ts';
import { normalizeUnit } from '../../shared/domain/units.ts';
import { conflictingFields, nextVersion, ROW_CHANGED_BY_OTHER, ROW_VERSION_STALE, type VersionedField } from '../../shared/domain/row-versions.ts';
import { ConflictError, NotFoundError, PreconditionFailedError, ValidationError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { requireDocumentFor, type DocumentRecord } from '../storage/repositories/documents.ts';
import {
  changingRows,
  countRowsBetweenIndexes,
  deleteRowIfUnchanged,
  getRowById,
  mergeRowsIfUnchanged,
  type RowRecord,
} from '../storage/repositories/rows.ts';
import { applyMatch, loadPricing, lookupPrices } from './pricing.ts';
import { changeRow } from './row-writes.ts';
import { labourFields } from '../../shared/domain/manodopera.ts';
import { journaled } from './journal.ts';
import { retotal } from './retotal.ts';

export const ROW_NOT_FOUND = 'Riga non trovata';
export const ROWS_CHANGED = 'Le righe sono cambiate nel frattempo: ricarica il documento e riprova.';

/** A row the caller may touch: its document must be theirs (or they are an admin); else 404. */
export async function requireRowFor(ctx: AppContext, id: number, principal: Principal): Promise<{ row: RowRecord; doc: DocumentRecord }> {
  const row = await getRowById(ctx, id);
  if (!row) throw new NotFoundError(ROW_NOT_FOUND);
  const doc = await requireDocumentFor(ctx, row.document_id, principal).catch(() => {
    throw new NotFoundError(ROW_NOT_FOUND);
  });
  return { row, doc };
}

/** A row as the API answers it: `prezzo_unitario` is the spec's other name of `unitario`, added here only. */
export const presentRow = (r: RowRecord) => ({ ...r, prezzo_unitario: r.unitario, ...labourFields(r) });

/** An edit of one row, validated: the fields the editor changed and what they read. */
export interface RowEdit {
  fields: Partial<Pick<RowRecord, VersionedField>>;
  /** Re-price the row by the rules. */
  refreshPrice: boolean;
  /** The row's version the editor read (fields changed after it by others are a 409). */
  baseVersion?: number;
  /** If-Match: the version the row must still have (else 412). */
  expectedVersion?: number;
}

const CHECKED_BY_EDIT: VersionedField[] = ['quantita', 'unitario', 'totale', 'descrizione', 'tariffa', 'unita_di_misura'];

/** The edit applied to the row as it is now: derived fields and the price follow. */
async function applyEdit(ctx: AppContext, current: RowRecord, edit: RowEdit, doc: DocumentRecord, username: string): Promise<RowRecord> {
  const { fields } = edit;
  let next: RowRecord = { ...current, ...fields };
  // The user saw and saved what the reader doubted: the row is checked now.
  if (CHECKED_BY_EDIT.some((f) => fields[f] !== undefined)) next.verifica = [];
  // A new quantity or price alone recomputes the amount; three that disagree flag the row.
  next = markEdited(current, applyProductRule(next, { quantita: fields.quantita !== undefined, unitario: fields.unitario !== undefined, totale: fields.totale !== undefined }));
  if (fields.incidenza_manodopera !== undefined) next.fonte_manodopera = fields.incidenza_manodopera === null ? null : 'manuale';
  const newTipologia = fields.tipologia_dei !== undefined && fields.tipologia_dei !== current.tipologia_dei;
  if (fields.prezzo_db !== undefined) {
    return { ...next, ...deriveRow(next), price_source: next.prezzo_db === null ? null : { list: 'manuale', key: username, year: new Date().getFullYear(), code: next.tariffa } };
  }
  if (newTipologia || edit.refreshPrice || fields.tariffa !== undefined) {
    // Asked for this row explicitly: the list price replaces a manual one.
    const [lookup] = await lookupPrices(ctx, await loadPricing(ctx), [{ code: next.tariffa, provincia: doc.provincia, tipologia_dei: next.tipologia_dei || doc.tipologia_dei }]);
    next = applyMatch(next, lookup);
  } else {
    next = { ...next, ...deriveRow(next) };
  }
  return next;
}

const PRICES = [
  ['unitario', 'prezzo unitario'],
  ['prezzo_db', 'prezzo DB'],
] as const;

/**
 * quantità × prezzo of the edited row inside the business limit (400 otherwise), for each price
 * whose product the edit changed: a row imported with a product beyond it (kept, flagged) can
 * still have its description corrected.
 */
function checkProducts(current: RowRecord, next: RowRecord): RowRecord {
  for (const [field, label] of PRICES) {
    if (next.quantita === current.quantita && next[field] === current[field]) continue;
    const problem = productProblem(next.quantita, next[field], label);
    if (problem) throw new ValidationError(problem);
  }
  return next;
}

/** The version checks of an edit against the row as it is now: 412 (If-Match) or 409 (a field changed by somebody else). */
function checkVersions(current: RowRecord, edit: RowEdit): void {
  if (edit.expectedVersion !== undefined && (current.version ?? 0) !== edit.expectedVersion) throw new PreconditionFailedError(ROW_VERSION_STALE);
  if (edit.baseVersion !== undefined && conflictingFields(current as unknown as Record<string, unknown>, edit.baseVersion, edit.fields).length) {
    throw new ConflictError(ROW_CHANGED_BY_OTHER);
  }
}

/**
 * PUT /api/rows/{id}: the edit applied to the row as stored now (a concurrent edit of another
 * field is kept), refused when the row is not at the If-Match version (412) or a field edited
 * was changed by somebody else since the version the editor read (409). Then re-totalled.
 */
export async function editRow(ctx: AppContext, principal: Principal, id: number, edit: RowEdit) {
  const { row, doc } = await requireRowFor(ctx, id, principal);
  const { result: written, entry: operation } = await journaled(ctx, doc.id, principal, 'modifica', (write) =>
    changeRow(
      ctx,
      row,
      async (current) => {
        checkVersions(current, edit);
        return checkProducts(current, await applyEdit(ctx, current, edit, doc, principal.username));
      },
      write,
    ),
  );
  if (!written) throw new NotFoundError(ROW_NOT_FOUND);
  const { document, totals } = await retotal(ctx, doc);
  return { row: written, document, totals, operation };
}

const MERGE_ATTEMPTS = 10;

/**
 * DELETE /api/rows/{id}: the row goes (only at the If-Match version, when given), conditionally on
 * the version read, so the row recorded for its undo is exactly the one deleted; then re-totalled.
 */
export async function removeRow(ctx: AppContext, principal: Principal, id: number, expectedVersion?: number) {
  const found = await requireRowFor(ctx, id, principal);
  const { doc } = found;
  const { result: row, entry: operation } = await journaled(ctx, doc.id, principal, 'eliminazione', async (write) => {
    let row: RowRecord | undefined = found.row;
    for (let attempt = 0; ; attempt++) {
      if (!row) throw new NotFoundError(ROW_NOT_FOUND);
      if (expectedVersion !== undefined && (row.version ?? 0) !== expectedVersion) throw new PreconditionFailedError(ROW_VERSION_STALE);
      const reading: RowRecord = row;
      if (await changingRows(ctx, [reading], () => deleteRowIfUnchanged(ctx, reading, false))) break;
      // Written meanwhile: read again (a 412 under If-Match); deleted or merged away: 404.
      if (attempt >= MERGE_ATTEMPTS) throw new ConflictError(ROWS_CHANGED);
      row = await getRowById(ctx, id);
    }
    write(row, null);
    return row;
  });
  const { document, totals } = await retotal(ctx, doc);
  return { row, document, totals, operation };
}

/** Most rows one bulk delete takes (as the bulk typology change). */
export const MAX_BULK_ROWS = 10_000;
/** Rows read or deleted at once by a bulk delete. */
const DELETES_IN_FLIGHT = 16;
export const ROWS_OF_ONE_DOCUMENT = 'Le righe scelte devono appartenere allo stesso documento.';

/** `work` over every item, DELETES_IN_FLIGHT at a time; the results in the items' order. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(DELETES_IN_FLIGHT, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

/**
 * POST /api/rows/delete: the chosen rows of one document go, each conditionally on the version
 * read (a row written meanwhile is read again and deleted as it is now; one deleted or merged
 * away meanwhile is reported, not an error), recorded as ONE operation ("Annulla" puts them all
 * back), then the document is re-totalled once.
 */
export async function removeRowsFor(ctx: AppContext, principal: Principal, ids: number[]) {
  if (!ids.length) throw new ValidationError('Seleziona almeno una riga');
  if (ids.length > MAX_BULK_ROWS) throw new ValidationError('Troppe righe in una sola richiesta (massimo 10.000)');
  const first = await requireRowFor(ctx, ids[0], principal);
  const doc = first.doc;
  const unique = [...new Set(ids)];
  const read = await inBatches(unique, (id) => (id === first.row.id ? Promise.resolve(first.row) : getRowById(ctx, id)));
  // Rows of one document only, checked before anything is deleted.
  if (read.some((r) => r && r.document_id !== doc.id)) throw new ValidationError(ROWS_OF_ONE_DOCUMENT);
  const missing = unique.filter((_, i) => !read[i]);
  const deleted: RowRecord[] = [];
  const deleteOne = async (found: RowRecord | undefined) => {
    let row = found;
    for (let attempt = 0; row; attempt++) {
      const reading: RowRecord = row;
      if (await deleteRowIfUnchanged(ctx, reading, false)) return void deleted.push(reading);
      if (attempt >= MERGE_ATTEMPTS) throw new ConflictError(ROWS_CHANGED);
      row = await getRowById(ctx, reading.id);
    }
    if (found) missing.push(found.id);
  };
  const { entry: operation } = await journaled(ctx, doc.id, principal, 'eliminazione', async (write) => {
    await changingRows(ctx, [{ document_id: doc.id }], () => inBatches(read, deleteOne));
    for (const r of deleted) write(r, null);
  });
  const { document, totals } = await retotal(ctx, doc);
  return { deleted: deleted.map((r) => r.id).sort((x, y) => x - y), missing, document, totals, operation };
}

/** The checks of a merge's choices against the two rows (400 in Italian), before anything is written. */
function checkMergeOptions(first: RowRecord, second: RowRecord, options: MergeOptions): void {
  const sameUnit = normalizeUnit(first.unita_di_misura) === normalizeUnit(second.unita_di_misura);
  if (options.sumQuantities && !canSumQuantities(first, second) && !(options.article && sameUnit && isCompleteVoce(first) && isCompleteVoce(second))) {
    throw new ValidationError(MERGE_SUM_ERROR);
  }
  if (!options.article && needsArticleChoice(first, second)) throw new ValidationError(MERGE_CHOICE_ERROR);
}

/** The merged row: the one rule of the merge (shared/domain/row-merge.ts), inside the limits, marked as changed by hand. */
function mergedRow(first: RowRecord, second: RowRecord, options: MergeOptions): RowRecord {
  const values: RowRecord = { ...mergedValues(first, second, options), page_end: second.page_end ?? first.page_end };
  for (const [field, label] of PRICES) {
    const problem = productProblem(values.quantita, values[field], label);
    if (problem) throw new ValidationError(problem);
  }
  return nextVersion(first, markEdited(first, values));
}

/**
 * POST /api/rows/merge: two consecutive rows become one, in one transaction conditional on the
 * versions read; when either changed meanwhile both are read again and merged as they are now.
 * Two different articles need `article` (which one's code and price to keep).
 */
export async function mergeRows(ctx: AppContext, principal: Principal, ids: [number, number], options: MergeOptions = {}) {
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const found = await Promise.all(ids.map((id) => requireRowFor(ctx, id, principal).catch(() => null)));
    if (found.some((f) => !f)) throw new NotFoundError(MERGE_MISSING_ERROR);
    const [a, b] = found as Array<{ row: RowRecord; doc: DocumentRecord }>;
    if (a.row.document_id !== b.row.document_id) throw new ValidationError(MERGE_ORDER_ERROR);
    const order = mergeOrder(a.row, b.row, await countRowsBetweenIndexes(ctx, a.row.document_id, a.row.row_index, b.row.row_index));
    if (!order) throw new ValidationError(MERGE_ORDER_ERROR);
    const [first, second] = order;
    checkMergeOptions(first, second, options);
    const merged = mergedRow(first, second, options);
    const { result: done, entry: operation } = await journaled(ctx, a.doc.id, principal, 'unione', async (write) => {
      if (!(await changingRows(ctx, [merged, second], () => mergeRowsIfUnchanged(ctx, merged, first, second)))) return false;
      write(first, merged);
      write(second, null);
      return true;
    });
    if (done) {
      const { document, totals } = await retotal(ctx, a.doc);
      return { merged, removed: second, document, totals, operation };
    }
    await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
  }
  throw new ConflictError(ROWS_CHANGED);
}

