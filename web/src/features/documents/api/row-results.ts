import type { DocumentItem, DocumentRow, RowsTotals } from '../types.ts';

/** What every row change answers besides its data: the re-totalled document and its totals. */
export interface RowMutationMeta {
  document: DocumentItem | null;
  totals: RowsTotals | null;
}

/** A row as a resource item ({id, attributes}) or flat (spec section 3). */
export function readRow(item: unknown): DocumentRow {
  const i = item as { id?: unknown; attributes?: DocumentRow } & Partial<DocumentRow>;
  const r = (i.attributes ?? i) as DocumentRow;
  return { ...r, id: Number(r.id ?? i.id), prezzo_unitario: r.prezzo_unitario ?? r.unitario };
}

/** meta.document comes as a plain document or a resource item. */
export function readDocument(value: unknown): DocumentItem | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { id?: unknown; attributes?: DocumentItem };
  const d = (v.attributes ?? v) as DocumentItem;
  return { ...d, id: Number(d.id ?? v.id) };
}
