import { dec, formatItalian } from '../../../shared/domain/money.ts';

/** One price-list item as read from a file (section 3 of the spec: price-list / CSV row). */
export interface PriceRow {
  codice: string;
  descrizione: string;
  unita_di_misura: string | null;
  prezzo: number | null;
  prezzo_senza_sg: number | null;
  anno: number | null;
  provincia: string | null;
  tipologia: string | null;
  scostamento_perc_senza_sg_2024: number | null;
  scostamento_perc_su_anno_2024: number | null;
  /** The titles above the article (work type, chapter, item), most general first, when the file has them. */
  titoli?: string[];
}

export type PriceField = Exclude<keyof PriceRow, 'titoli'>;

export type PriceFileFormat = 'xlsx' | 'xls' | 'csv' | 'xml-easy' | 'xml-prt';

export interface ReadResult {
  rows: PriceRow[];
  format: PriceFileFormat;
  /** Workbooks: the sheet the rows come from. */
  sheet?: string;
  /** Tabular formats: 1-based row (record) number of the header. */
  headerRow?: number;
  /** Field → the original column title (XML: the element or attribute it comes from). */
  recognised: Array<{ field: PriceField; column: string }>;
  /** Fields of PriceRow with no column in the file. */
  missing: PriceField[];
  /** Non-empty rows dropped: repeated header rows and rows without a code. */
  skipped: number;
  /** Spreadsheets and CSV: title rows (chapters, headings) kept as the titles of the articles below them. */
  titleRows?: number;
  /** Italian, for the user. */
  warnings: string[];
}

export interface ReadOptions {
  /** Default 200,000. */
  maxRows?: number;
}

/** A problem with the uploaded file; `detail` is Italian and meant for the user (HTTP 400). */
export class PriceFileError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'PriceFileError';
  }
}

export const PRICE_FIELDS: readonly PriceField[] = [
  'codice',
  'descrizione',
  'unita_di_misura',
  'prezzo',
  'prezzo_senza_sg',
  'anno',
  'provincia',
  'tipologia',
  'scostamento_perc_senza_sg_2024',
  'scostamento_perc_su_anno_2024',
];

export const DEFAULT_MAX_ROWS = 200_000;

export function tooManyRows(maxRows: number): PriceFileError {
  return new PriceFileError(`Il file contiene troppe righe (massimo ${formatItalian(dec(BigInt(Math.trunc(maxRows))), 0)}).`);
}

export const NOT_EXCEL = 'Il file non è un file Excel valido (.xlsx o .xls).';

export function missingFields(found: Iterable<PriceField>): PriceField[] {
  const set = new Set(found);
  return PRICE_FIELDS.filter((f) => !set.has(f));
}
