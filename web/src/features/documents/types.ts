import type { DocumentOut, DocumentRowOut, DocumentTotalsOut } from '@shared/api/records.ts';
import type { DocumentsList } from '@shared/api/documents.ts';

/**
 * The records come from the contract (shared/api). The contract's schemas are loose: fields the
 * server adds pass through unnamed. The few the screens read but the contract does not name yet
 * are listed here, optional, as the web's view of them.
 */

/** A document as the API presents it (GET /api/documents, /api/documents/{id}). */
export type DocumentItem = DocumentOut & {
  /** Scanned pages recognised so far by OCR, of ocr_pages_total. */
  ocr_pages_done?: number;
  ocr_pages_total?: number;
};

export type DocumentCounts = DocumentsList['meta']['counts'];

export interface DocumentsPage {
  documents: DocumentItem[];
  totalCount: number;
  page: number;
  perPage: number;
  counts: DocumentCounts;
}

/** Where a row's reference price came from, with the article as the price list has it. */
export type PriceSource = NonNullable<DocumentRowOut['price_source']> & {
  /** The article as the price list has it (absent on rows priced before this was recorded). */
  descrizione?: string;
  unita_di_misura?: string | null;
  prezzo?: number | null;
  patterns?: string[];
  unit_warning?: string | null;
};

/** One extracted row (voce) of a document. */
export type DocumentRow = DocumentRowOut & {
  price_source: PriceSource | null;
  /** Why the row has no reference price, in Italian. */
  price_reason?: string | null;
  /** Read from a scanned page through OCR. */
  da_scansione?: boolean;
  /** Digits OCR misread that the quantity × price check corrected (Italian notes). */
  correzioni_ocr?: string[];
};

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
