/**
 * The row two rows become (POST /api/rows/merge, and the web's merge dialog preview). Pure: the
 * product rule (totals.ts), the reading kept beside a change by hand (row-edits.ts).
 */
import { add, fromNumber, toNumber } from './money.ts';
import { amountOf, deriveRow, productAgrees } from './totals.ts';
import { READER_REASONS, type MergeableRow, type MergeArticle } from './rows.ts';

export interface MergeOptions {
  /** Add the two quantities (one article in two rows, or with `article` two of one unit). */
  sumQuantities?: boolean;
  /** Two different articles: whose code and price the merged row keeps. */
  article?: MergeArticle;
}

/** What a merge reads of a row beyond MergeableRow: the article's unit and where its price came from. */
export interface MergeInput extends MergeableRow {
  unita_di_misura: string;
  price_source?: unknown;
  price_reason?: string | null;
  differenza_totale_db?: number | null;
  variazione_percentuale?: number | null;
  verifica?: readonly string[];
}

/** q1 + q2, exactly, and its amount (q1 + q2) × prezzo rounded half-up to cents. */
export function summedQuantities(first: MergeableRow, second: MergeableRow, unitario = second.unitario): { quantita: number; totale: number } {
  const q = add(fromNumber(first.quantita ?? 0), fromNumber(second.quantita ?? 0));
  return { quantita: toNumber(q), totale: toNumber(amountOf(q, fromNumber(unitario ?? 0))) };
}

/** The reference price of the row whose code is kept, so the merged row names its price correctly. */
const referenceOf = <T extends MergeInput>(row: T) => ({ prezzo_db: row.prezzo_db, price_source: row.price_source ?? null, price_reason: row.price_reason ?? null });

/** Two different articles, one chosen: its code, description, unit and prices; the amount by the product rule. */
function chosenArticle<T extends MergeInput>(first: T, second: T, article: MergeArticle, sum: boolean): T {
  const chosen = article === 'prima' ? first : second;
  const quantita = sum ? summedQuantities(first, second, chosen.unitario).quantita : chosen.quantita;
  const totale = quantita !== null && chosen.unitario !== null ? toNumber(amountOf(fromNumber(quantita), fromNumber(chosen.unitario))) : chosen.totale;
  return {
    ...first,
    tariffa: chosen.tariffa,
    descrizione: chosen.descrizione,
    unita_di_misura: chosen.unita_di_misura,
    quantita,
    unitario: chosen.unitario,
    totale,
    ...referenceOf(chosen),
  };
}

/**
 * One voce split in two rows (spec section 4): the first row's id, code and description, the
 * second's quantity, unit price and amount; the reference price follows the code kept (the
 * first's, or the second's when the first has none). With `sumQuantities` (one article in two
 * rows) the quantity is the sum and the amount its product. With `article` (two different
 * articles) the chosen one's code, description, unit and prices, the amount by the product rule.
 * The merged row satisfies the product rule or carries the reason; derived db fields follow.
 */
export function mergedValues<T extends MergeInput>(first: T, second: T, options: MergeOptions = {}): T {
  const sum = options.sumQuantities === true;
  let merged: T;
  if (options.article) merged = chosenArticle(first, second, options.article, sum);
  else {
    const keptCode = first.tariffa.trim() ? first : second;
    merged = {
      ...first,
      tariffa: keptCode.tariffa,
      quantita: second.quantita,
      unitario: second.unitario,
      totale: second.totale,
      ...referenceOf(keptCode),
      ...(sum ? summedQuantities(first, second) : {}),
    };
  }
  // Merging is the user fixing the reading: the result is checked, unless its numbers disagree.
  const verifica = productAgrees(merged.quantita, merged.unitario, merged.totale) === false ? [READER_REASONS.product] : [];
  return { ...merged, ...deriveRow(merged), verifica };
}
