/**
 * `lettura`: rows the reader marked "da verificare" (for a doubt about the reading: a code, a
 * unit, a description not found, a voce split across pages…) and scanned rows whose digits the
 * quantity × price check corrected. The amount checks the reader also writes in `verifica`
 * (product, chapter subtotal, grand total) are reported by `aritmetica` and `totale`.
 */
import { READER_REASONS } from '../rows.ts';
import { EDIT_REASONS } from '../row-edits.ts';
import { REGOLA_TITLES, type Controllo, type VerificationRow } from './types.ts';
import { idsInOrder, voci } from './words.ts';

const AMOUNT_CHECKS = new Set<string>([READER_REASONS.product, READER_REASONS.chapter, READER_REASONS.total, EDIT_REASONS.product]);

/** The reader's doubts about a row, without the amount checks other rules report. */
export const readingDoubts = (r: VerificationRow): string[] => (r.verifica ?? []).filter((reason) => !AMOUNT_CHECKS.has(reason));

export function lettura(rows: readonly VerificationRow[]): Controllo {
  if (!rows.length) return { regola: 'lettura', esito: 'non_verificabile', messaggio: 'Il documento non ha voci.', righe: [] };
  const doubtful = rows.filter((r) => readingDoubts(r).length);
  const corrected = rows.filter((r) => (r.correzioni_ocr?.length ?? 0) > 0);
  if (!doubtful.length && !corrected.length) {
    // Rows flagged only for their amounts are still "da verificare" in the table: said, and where they are reported.
    const amounts = rows.filter((r) => (r.verifica?.length ?? 0) > 0).length;
    const none = rows.length === 1 ? 'La voce non è segnata' : `Nessuna delle ${voci(rows.length)} è segnata`;
    const messaggio = amounts
      ? `${none} da verificare per un dubbio di lettura; ${amounts === 1 ? 'una voce è segnata' : `${voci(amounts)} sono segnate`} da verificare per gli importi (${REGOLA_TITLES.aritmetica}, ${REGOLA_TITLES.totale}).`
      : `${none} da verificare dalla lettura.`;
    return { regola: 'lettura', esito: 'superato', messaggio, righe: [] };
  }
  const parts: string[] = [];
  if (doubtful.length) {
    const reasons = [...new Set(doubtful.flatMap(readingDoubts))];
    parts.push(`${voci(doubtful.length)} ${doubtful.length === 1 ? 'segnata' : 'segnate'} da verificare dalla lettura (${reasons.slice(0, 4).join('; ')}${reasons.length > 4 ? '…' : ''})`);
  }
  if (corrected.length) parts.push(`${voci(corrected.length)} da pagine scansionate con cifre corrette dal controllo quantità × prezzo`);
  return { regola: 'lettura', esito: 'avviso', messaggio: `${parts.join('; ')}: vanno confrontate con il documento.`, righe: idsInOrder([...new Set([...doubtful, ...corrected])]) };
}
