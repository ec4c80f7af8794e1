import type { DocumentStatus } from '@shared/domain/status.ts';
import type { Capitoli } from '@shared/domain/rows.ts';

/** A document as the API presents it (GET /api/documents, /api/documents/{id}). */
export interface DocumentItem {
  id: number;
  filename: string;
  upload_date: string;
  provincia: string;
  tipologia_dei: string;
  username: string;
  /** Known values are DocumentStatus; anything else is shown as 'Sconosciuto'. */
  status: DocumentStatus | string;
  status_reason: string | null;
  file_size: number;
  pages_total: number | null;
  pages_done: number | null;
  document_total: number | null;
  document_total_db: number | null;
  sum_totale: number | null;
  row_count: number;
  layout: string | null;
  unreadable_pages: number[];
  warnings: string[];
  completed_at: string | null;
  congruent: boolean | null;
  rows_to_check?: number;
  /** Scanned pages recognised so far by OCR, of ocr_pages_total. */
  ocr_pages_done?: number;
  ocr_pages_total?: number;
}

export interface DocumentCounts {
  total: number;
  completed: number;
  processing: number;
  failed: number;
}

export interface DocumentsPage {
  documents: DocumentItem[];
  totalCount: number;
  page: number;
  perPage: number;
  counts: DocumentCounts;
}

export interface PriceSource {
  list: string;
  key: string;
  year: number | string;
  code: string;
  /** The article as the price list has it (absent on rows priced before this was recorded). */
  descrizione?: string;
  unita_di_misura?: string | null;
  prezzo?: number | null;
  patterns?: string[];
  unit_warning?: string | null;
}

/** One extracted row (voce) of a document. */
export interface DocumentRow {
  id: number;
  document_id: number;
  row_index: number;
  tariffa: string | null;
  descrizione: string | null;
  codice_articolo: string | null;
  unita_di_misura: string | null;
  quantita: number | null;
  unitario: number | null;
  prezzo_unitario: number | null;
  totale: number | null;
  tipologia_dei: string | null;
  prezzo_db: number | null;
  prezzo_totale_db: number | null;
  differenza_totale_db: number | null;
  variazione_percentuale: number | null;
  price_source: PriceSource | null;
  /** Why the row has no reference price, in Italian. */
  price_reason?: string | null;
  page: number | null;
  page_end: number | null;
  /** The voce's extent on its first page: PDF points, top-left origin. */
  box?: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Why the reader is not sure of this row (Italian); empty when it is. */
  verifica?: string[];
  capitoli?: Capitoli | null;
  /** Read from a scanned page through OCR. */
  da_scansione?: boolean;
  /** Digits OCR misread that the quantity × price check corrected (Italian notes). */
  correzioni_ocr?: string[];
}

export interface RowsTotals {
  sum_totale: number | null;
  document_total_db: number | null;
  congruent: boolean | null;
  difference_db: number | null;
  difference_db_percent: number | null;
  document_total: number | null;
  /** Rows with a reference price, and the sum of their own totals (what the difference compares). */
  priced_rows?: number;
  priced_totale?: number | null;
  rows_to_check?: number;
}

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
