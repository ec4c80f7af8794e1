import type { AppContext } from '../config/context.ts';
import { documentTotals } from '../../shared/domain/totals.ts';
import { NotFoundError } from '../errors.ts';
import type { Principal } from '../http/types.ts';
import { resource } from '../http/respond.ts';
import { requireDocumentFor, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import { getRowById, listRowAmounts, type RowRecord } from '../storage/repositories/rows.ts';

export const ROW_NOT_FOUND = 'Riga non trovata';

/** A row the caller may touch: its document must be theirs (or they are an admin); else 404. */
export async function requireRowFor(ctx: AppContext, id: number, principal: Principal): Promise<{ row: RowRecord; doc: DocumentRecord }> {
  const row = await getRowById(ctx, id);
  if (!row) throw new NotFoundError(ROW_NOT_FOUND);
  const doc = await requireDocumentFor(ctx, row.document_id, principal).catch(() => {
    throw new NotFoundError(ROW_NOT_FOUND);
  });
  return { row, doc };
}

/** After any change to rows: the document's sums and row count follow, from the rows themselves. */
export async function retotal(ctx: AppContext, doc: DocumentRecord): Promise<{ document: DocumentRecord; totals: ReturnType<typeof documentTotals> }> {
  const rows = await listRowAmounts(ctx, doc.id);
  const totals = documentTotals(rows, doc.document_total);
  const document = await updateDocument(ctx, doc.id, { sum_totale: totals.sum_totale, document_total_db: totals.document_total_db, row_count: rows.length, rows_to_check: totals.rows_to_check });
  return { document, totals };
}

/** A row as the API answers it: `prezzo_unitario` is the spec's other name of `unitario`, added here only. */
export const presentRow = (r: RowRecord) => ({ ...r, prezzo_unitario: r.unitario });

/** JSON of frozen rows (those kept in memory, which never change), written once per row. */
const rowJson = new WeakMap<RowRecord, string>();

/** A row as a JSON:API resource object, in JSON; remembered for a frozen row. */
export function rowResourceJson(r: RowRecord): string {
  const known = rowJson.get(r);
  if (known !== undefined) return known;
  const json = JSON.stringify(resource('rows', presentRow(r)));
  if (Object.isFrozen(r)) rowJson.set(r, json);
  return json;
}
