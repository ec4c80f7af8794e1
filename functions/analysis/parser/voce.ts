/**
 * Shared helpers to turn the pieces a layout parser collected into a ParsedVoce.
 */
import { compare, fromNumber, round, sum, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import { productHolds, R_PRODOTTO } from './checks.ts';
import type { Word } from '../words.ts';
import { boxOf, normalizeSpaces, parseAmount } from './lines.ts';
import type { Capitoli, ParsedVoce } from './types.ts';

export interface VoceDraft {
  n: number | null;
  codeParts: string[];
  descParts: string[];
  um: string;
  qty: string;
  unit: string;
  total: string;
  page: number;
  pageEnd: number;
  /** Words of the voce on its first page, for the box. */
  firstPageWords: Word[];
  capitoli?: Capitoli;
}

/**
 * Builds the voce from its printed texts. Returns a warning instead when a printed number cannot
 * be read: a row is never completed with guessed values.
 */
export function finishVoce(d: VoceDraft, warnings: string[]): ParsedVoce | null {
  const label = d.n != null ? `voce n. ${d.n}` : `voce a pag. ${d.page}`;
  const qty = parseAmount(d.qty);
  const unit = parseAmount(d.unit);
  const total = parseAmount(d.total);
  if (!qty || !unit || !total) {
    warnings.push(`Pag. ${d.pageEnd}, ${label}: quantità, prezzo o importo non leggibili; riga esclusa.`);
    return null;
  }
  const holds = productHolds(qty, unit, total);
  if (!holds) warnings.push(`Pag. ${d.pageEnd}, ${label}: importo stampato ${d.total} diverso da quantità × prezzo.`);
  return {
    n: d.n,
    tariffa: d.codeParts.join(''),
    descrizione: normalizeSpaces(d.descParts.join(' ')),
    unita_di_misura: normalizeSpaces(d.um),
    quantita: toNumber(round(qty, 2)),
    unitario: toNumber(round(unit, 2)),
    totale: toNumber(round(total, 2)),
    page: d.page,
    page_end: d.pageEnd,
    box: boxOf(d.firstPageWords),
    verifica: holds ? [] : [R_PRODOTTO],
    ...(d.capitoli && Object.keys(d.capitoli).length ? { capitoli: { ...d.capitoli } } : {}),
  };
}

export function newDraft(n: number | null, page: number): VoceDraft {
  return { n, codeParts: [], descParts: [], um: '', qty: '', unit: '', total: '', page, pageEnd: page, firstPageWords: [] };
}

/** Exact sum of the voci's totals (two decimals). */
export function sumTotals(voci: readonly Pick<ParsedVoce, 'totale'>[]): Decimal {
  return round(sum(voci.map(v => fromNumber(v.totale))), 2);
}

/** Compares the printed grand total with the sum of the voci and warns when they differ. */
export function checkDocumentTotal(voci: readonly ParsedVoce[], total: Decimal | null, warnings: string[]): void {
  if (!total || !voci.length) return;
  if (compare(sumTotals(voci), round(total, 2)) !== 0) {
    warnings.push(`Il totale stampato (${toNumber(total)}) è diverso dalla somma delle voci lette (${toNumber(sumTotals(voci))}).`);
  }
}
