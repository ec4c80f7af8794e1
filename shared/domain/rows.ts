/** Row rules shared by the server and the web app. */

export const MERGE_COUNT_ERROR = 'Seleziona esattamente 2 righe consecutive per l\u2019unione';
export const MERGE_ORDER_ERROR = 'Le righe devono essere consecutive per essere unite';
export const MERGE_MISSING_ERROR = 'Righe selezionate non trovate';
export const MERGE_SUM_ERROR = 'Le quantità si sommano solo tra due voci complete con la stessa tariffa e lo stesso prezzo unitario';
export const MERGE_CHOICE_ERROR =
  'Le due righe sono voci diverse (tariffa o prezzo unitario diversi, ciascuna con il suo importo): scegli quale articolo tenere, con il suo codice e il suo prezzo (articolo: "prima" o "seconda").';

/** The chapter titles a voce sits under, where the print has them. */
export interface Capitoli {
  supercategoria?: string;
  categoria?: string;
  sottocategoria?: string;
}

/** Why the reader is not sure of a row (Italian reasons); empty or missing when it is. */
export type Verifica = readonly string[];

/**
 * Reasons the reader writes in `verifica` that are checks of the amounts, not doubts about the
 * reading: the verification reports them under its arithmetic and totals rules.
 */
export const READER_REASONS = {
  product: 'quantità × prezzo ≠ importo stampato',
  chapter: 'le voci del capitolo non sommano al subtotale stampato',
  total: 'la somma delle voci non corrisponde al totale stampato',
  /** Not an amount check: the amount was not read (stored as 0), so the product cannot be checked. */
  noAmount: 'importo non trovato',
} as const;

export const needsCheck = (row: { verifica?: Verifica | null }): boolean => (row.verifica?.length ?? 0) > 0;

export interface MergeableRow {
  id: number;
  row_index: number;
  tariffa: string;
  descrizione: string;
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
  prezzo_db: number | null;
  prezzo_totale_db: number | null;
}

/**
 * Two rows merge when they are consecutive in the document: no row stands between them. After a
 * merge or a deletion the numbers keep their gaps (1, 3, 4): rows 1 and 3 are then consecutive.
 * `rowsBetween` counts the rows whose row_index lies strictly between the two.
 */
export function mergeOrder<T extends MergeableRow>(a: T, b: T, rowsBetween: number): [T, T] | null {
  const [first, second] = a.row_index < b.row_index ? [a, b] : [b, a];
  return second.row_index > first.row_index && rowsBetween === 0 ? [first, second] : null;
}

/** Rows of `all` strictly between two row_index values. */
export function countRowsBetween(all: ReadonlyArray<{ row_index: number }>, a: number, b: number): number {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return all.filter((r) => r.row_index > lo && r.row_index < hi).length;
}

/** A complete voce: code, quantity, unit price and amount all present. */
export const isCompleteVoce = (r: Pick<MergeableRow, 'tariffa' | 'quantita' | 'unitario' | 'totale'>): boolean =>
  Boolean(r.tariffa?.trim()) && r.quantita !== null && r.unitario !== null && r.totale !== null;

/** One code, whatever the case and the spaces around it. */
export const sameCode = (a: Pick<MergeableRow, 'tariffa'>, b: Pick<MergeableRow, 'tariffa'>): boolean => a.tariffa.trim().toUpperCase() === b.tariffa.trim().toUpperCase();

/** Two complete voci of the same code (any case) and the same unit price: their quantities may be added. */
export const canSumQuantities = (a: MergeableRow, b: MergeableRow): boolean => isCompleteVoce(a) && isCompleteVoce(b) && sameCode(a, b) && a.unitario === b.unitario;

/**
 * Two complete voci of different articles (code or unit price differ, each with its amount): a
 * merge must say which article's code and price the merged row keeps. One voce split in two
 * rows (one of them incomplete), or one article in two rows, needs no choice.
 */
export const needsArticleChoice = (a: MergeableRow, b: MergeableRow): boolean => isCompleteVoce(a) && isCompleteVoce(b) && !canSumQuantities(a, b);

/** Which row's article (code, description, unit, unit price, reference price) a merge keeps. */
export type MergeArticle = 'prima' | 'seconda';
