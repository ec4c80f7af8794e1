/** Output of the layout parsers: one ParsedVoce per priced row of the computo. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface ParsedVoce {
  /** Printed progressive number, when the layout prints one. */
  n: number | null;
  tariffa: string;
  /** Title + description, single-spaced; no Cat/SbCat lines, no measurement lines. */
  descrizione: string;
  unita_di_misura: string;
  quantita: number;
  unitario: number;
  totale: number;
  /** Physical page of the voce's first line. */
  page: number;
  /** Physical page where quantity and amount are printed. */
  page_end: number;
  /** Extent of the voce on its first page (PDF points, top-left origin). */
  box?: Box;
}

export type Layout = 'primus' | 'str' | 'tabella' | 'unknown';

export interface ParseResult {
  layout: Layout;
  voci: ParsedVoce[];
  /** The printed grand total (T O T A L E, TOTALE COMPLESSIVO, Totale), when found. */
  document_total: number | null;
  warnings: string[];
}
