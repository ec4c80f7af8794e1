import { dec, formatItalian } from '../../../shared/domain/money.ts';
import { PriceFileError } from '../../errors.ts';
import { PRICE_FIELDS, type PriceField, type PriceRow } from '../../../shared/domain/price-items.ts';

export { INCIDENCE_FIELDS, PRICE_FIELDS, type PriceField, type PriceRow } from '../../../shared/domain/price-items.ts';

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
export { PriceFileError };

export const DEFAULT_MAX_ROWS = 200_000;

export function tooManyRows(maxRows: number): PriceFileError {
  return new PriceFileError(`Il file contiene troppe righe (massimo ${formatItalian(dec(BigInt(Math.trunc(maxRows))), 0)}).`);
}

export const NOT_EXCEL = 'Il file non è un file Excel valido (.xlsx o .xls).';

export function missingFields(found: Iterable<PriceField>): PriceField[] {
  const set = new Set(found);
  return PRICE_FIELDS.filter((f) => !set.has(f));
}
