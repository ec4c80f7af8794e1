import type { DocumentOut, DocumentRowOut, DocumentTotalsOut } from '@shared/api/records.ts';
import type { DocumentsList } from '@shared/api/documents.ts';

/** The records as the contract (shared/api) defines them; web-only view types below. */

/** A document as the API presents it (GET /api/documents, /api/documents/{id}). */
export type DocumentItem = DocumentOut;

export type DocumentCounts = DocumentsList['meta']['counts'];

export interface DocumentsPage {
  documents: DocumentItem[];
  totalCount: number;
  page: number;
  perPage: number;
  counts: DocumentCounts;
}

/** Where a row's reference price came from, with the article as the price list has it. */
export type PriceSource = NonNullable<DocumentRowOut['price_source']>;

/** One extracted row (voce) of a document. */
export type DocumentRow = DocumentRowOut;

/** The totals as the page reads them: after a row change the printed total is not repeated (null). */
export type RowsTotals = DocumentTotalsOut & { document_total: number | null };

export interface DocumentRows {
  rows: DocumentRow[];
  totalCount: number;
  totals: RowsTotals | null;
}

export type { Tipologia } from '@/lib/tipologie.ts';

export interface UploadResult {
  document_id: number;
  filename: string;
  status: string;
  message?: string;
}
