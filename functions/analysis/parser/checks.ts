/**
 * Last stage of every reading: the computo's invariants, checked voce by voce and on the totals.
 * A voce that breaks one gets an Italian reason in `verifica`; a voce that satisfies all has none.
 */
import { compare, fromNumber, round, sum, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import { READER_REASONS } from '../../../shared/domain/rows.ts';
import { productExact, productHolds } from '../../../shared/domain/totals.ts';
import type { ParsedVoce, ParseResult } from './types.ts';
import { readUnit } from './units.ts';

export const R_PRODOTTO = READER_REASONS.product;
/** The print's own numbers miss by a cent (a quantity kept to more decimals than printed): read as printed, never corrected. */
export const R_CENTESIMO = "quantità × prezzo stampati differiscono di un centesimo dall'importo stampato";
export const R_CODICE = 'codice non trovato';
export const R_UM = 'unità di misura non trovata';
export const R_UM_MONCA = 'unità di misura incompleta';
export const R_UM_RIGA = 'unità di misura da verificare: letta su un\'altra riga della tabella, ora sopra ora sotto i numeri';
export const R_DESCRIZIONE = 'descrizione non trovata';
export const R_PAGINE = 'voce spezzata tra due pagine';
export const R_CODA_CODICE = 'codice forse incompleto: la riga sotto la voce ne porta un pezzo';
export const R_CAPITOLO = READER_REASONS.chapter;
export const R_TOTALE = READER_REASONS.total;

export { productHolds };

export function addReason(v: ParsedVoce, reason: string): void {
  if (!v.verifica.includes(reason)) v.verifica.push(reason);
}

/** A printed chapter subtotal and the voci it covers. */
export interface Subtotal {
  amount: Decimal;
  voci: ParsedVoce[];
}

/**
 * Per-voce checks (product, code, unit, description) and the totals: voci of a chapter whose printed
 * subtotal differs are flagged; when the grand total differs from the sum, every voce is flagged
 * (the print does not tell which one is wrong).
 */
export function applyChecks(result: ParseResult, subtotals: readonly Subtotal[] = []): ParseResult {
  const voci = result.voci;
  const withCode = voci.filter(v => v.tariffa).length;
  for (const v of voci) {
    v.verifica ??= [];
    const [q, p, t] = [fromNumber(v.quantita), fromNumber(v.unitario), fromNumber(v.totale)];
    if (!productHolds(q, p, t)) addReason(v, R_PRODOTTO);
    else if (!productExact(q, p, t)) addReason(v, R_CENTESIMO);
    // Codes and units are required only where the print has them for most voci.
    if (!v.tariffa && withCode * 2 > voci.length) addReason(v, R_CODICE);
    // Every voce of a computo has a unit: one not read is said, even where no voce has one.
    if (!v.unita_di_misura) addReason(v, R_UM);
    // Description words caught with the unit (`BASE cad`) are dropped; a group with no known unit is doubtful.
    const unit = readUnit(v.unita_di_misura);
    v.unita_di_misura = unit.um;
    if (unit.doubtful) addReason(v, R_UM_MONCA);
    // A unit cut short by a column boundary: a lone preposition (`a` of `a corpo`) or a dangling `/`.
    if (/^(a|di|e|per|in|al|da|con|x)$|[/-]$/i.test(v.unita_di_misura)) addReason(v, R_UM_MONCA);
    if (!v.descrizione && !v.tariffa) addReason(v, R_DESCRIZIONE);
  }
  for (const s of subtotals) {
    if (!s.voci.length) continue;
    const got = round(sum(s.voci.map(v => fromNumber(v.totale))), 2);
    if (compare(got, round(s.amount, 2)) !== 0) for (const v of s.voci) addReason(v, R_CAPITOLO);
  }
  if (voci.length && result.document_total != null) {
    const got = round(sum(voci.map(v => fromNumber(v.totale))), 2);
    if (compare(got, round(fromNumber(result.document_total), 2)) !== 0) {
      for (const v of voci) addReason(v, R_TOTALE);
      const msg = `Il totale stampato (${result.document_total}) è diverso dalla somma delle voci lette (${toNumber(got)}).`;
      if (!result.warnings.includes(msg)) result.warnings.push(msg);
    }
  }
  return result;
}
