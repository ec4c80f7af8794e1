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
  /**
   * Why this reading is doubtful, in Italian (e.g. "quantità × prezzo ≠ importo stampato",
   * "codice non trovato", "voce spezzata tra due pagine"). Empty when the voce satisfies every
   * check: amount = quantity × price, chapter subtotals and grand total add up.
   */
  verifica: string[];
  /** Chapter titles the voce sits under, where the print has them. */
  capitoli?: Capitoli;
  /** The labour incidence the file itself states for the voce (XPWE IncMDO, a `Mdo inc. %` column), percent (issue 39). */
  incidenza_manodopera?: number;
  /** The labour cost in € the file itself states for the voce (a `Tot. mdo` / `di cui manodopera` column). */
  costo_manodopera?: number;
}

/** The chapter titles a voce sits under: the same record the stored row keeps. */
export type { Capitoli } from '../../../shared/domain/rows.ts';
import type { Capitoli } from '../../../shared/domain/rows.ts';

/** Print family the header names (hints: LAYOUT_FAMILIES; informative only), 'generale' for any other print. */
export type Layout = 'primus' | 'str' | 'tabella' | 'generale' | 'unknown' | 'xpwe' | 'six' | 'leeno' | 'excel';

export interface ParseResult {
  layout: Layout;
  voci: ParsedVoce[];
  /** The printed grand total (T O T A L E, TOTALE COMPLESSIVO, Totale), when found. */
  document_total: number | null;
  warnings: string[];
}
