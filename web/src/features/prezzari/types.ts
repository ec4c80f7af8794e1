export type PrezzarioSource = 'dei' | 'toscana';

/** One row of the import preview (the first 30 rows of the file). */
export interface PreviewRow {
  codice: string | null;
  tariffa: string | null;
  descrizione: string | null;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | string | null;
  provincia: string | null;
  tipologia_dei: string | null;
}

export interface UploadPreview {
  message?: string;
  temp_file_id: string;
  total_rows: number;
  preview: PreviewRow[];
  columns: { recognised: Array<{ field: string; column: string }>; missing: string[] };
  skipped?: number;
  warnings: string[];
  target?: { source: string; key: string; year: number };
}

/** A loaded price list (one per source, key and year). */
export interface PriceListInfo {
  list_id: string;
  /** 'csv' only for the CSV data, which this page does not browse. */
  source: PrezzarioSource | 'csv';
  key: string;
  year: number;
  version?: string;
  total_rows: number;
  updated_at: string;
}

export interface ConfirmResult {
  message?: string;
  total_rows: number;
  list?: PriceListInfo;
}

export interface PriceItem {
  id: string;
  codice: string | null;
  codice_originale: string | null;
  descrizione: string | null;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
  scostamento_perc_senza_sg_2024: number | null;
  scostamento_perc_su_anno_2024: number | null;
}

