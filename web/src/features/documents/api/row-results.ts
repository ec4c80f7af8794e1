import type { DocumentOut, DocumentTotalsOut } from '@shared/api/records.ts';
import type { RecordedOperationOut } from '@shared/api/operations.ts';
import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';

/** What every row change answers besides its data: the re-totalled document and its totals. */
export interface RowMutationMeta {
  document: DocumentItem | null;
  totals: RowsTotals | null;
  /** The operation the change recorded: what its notice's "Annulla" undoes. */
  operation?: RecordedOperationOut;
}

/** The contract's totals as the page reads them (after a row change the printed total is not repeated). */
export const toTotals = (t: DocumentTotalsOut): RowsTotals => ({ ...t, document_total: t.document_total ?? null });

/** `{ document, totals }` of a row change (shared/api documentAndTotals). */
export const mutationMeta = (meta: { document: DocumentOut; totals: DocumentTotalsOut; operation?: RecordedOperationOut }): RowMutationMeta => ({
  document: meta.document,
  totals: toTotals(meta.totals),
  ...(meta.operation ? { operation: meta.operation } : {}),
});
