/**
 * Rules on the numbers as printed: `aritmetica` (quantity × unit price = amount, half-up, within a
 * cent), `totale` (the voci add up to the printed grand total and chapter subtotals), `quantita`
 * (zero, negative, more than 3 decimals, implausible).
 */
import { abs, compare, fromNumber, round, sub, sum, type Decimal } from '../money.ts';
import { READER_REASONS } from '../rows.ts';
import { CONGRUENCE_TOLERANCE, productHolds } from '../totals.ts';
import { normalizeUnit } from '../units.ts';
import type { Controllo, VerificationRow } from './types.ts';
import { euro, idsInOrder, voci } from './words.ts';

const dec = (n: number | null | undefined): Decimal | null => (typeof n === 'number' && Number.isFinite(n) ? fromNumber(n) : null);
const flagged = (r: VerificationRow, reason: string) => r.verifica?.includes(reason) ?? false;

/** quantity × unit price ≠ amount (rounded half-up to the cent, one cent of tolerance). */
export function aritmetica(rows: readonly VerificationRow[]): Controllo {
  // A row whose amount the reader did not find holds 0 in its place: nothing printed to compare.
  const checkable = rows.filter((r) => dec(r.quantita) && dec(r.unitario) && dec(r.totale) && !flagged(r, READER_REASONS.noAmount));
  const skipped = rows.length - checkable.length;
  const skippedNote = skipped ? ` ${voci(skipped)} senza quantità, prezzo o importo non ${skipped === 1 ? 'è stata controllata' : 'sono state controllate'}.` : '';
  if (!checkable.length) {
    return { regola: 'aritmetica', esito: 'non_verificabile', messaggio: 'Nessuna voce ha quantità, prezzo unitario e importo: il prodotto non si può controllare.', righe: [] };
  }
  const wrong = checkable.filter((r) => !productHolds(dec(r.quantita)!, dec(r.unitario)!, dec(r.totale)!));
  if (wrong.length) {
    return {
      regola: 'aritmetica',
      esito: 'errore',
      messaggio: `${voci(wrong.length)} su ${checkable.length.toLocaleString('it-IT')}: quantità × prezzo unitario differisce dall\u2019importo di oltre un centesimo.${skippedNote}`,
      righe: idsInOrder(wrong),
    };
  }
  return {
    regola: 'aritmetica',
    esito: 'superato',
    messaggio: `Per tutte le ${voci(checkable.length)} controllate quantità × prezzo unitario corrisponde all\u2019importo (arrotondamento al centesimo).${skippedNote}`,
    righe: [],
  };
}

/**
 * The voci against the printed grand total (within 0,01 €) and the printed chapter subtotals.
 * Chapter subtotals are checked by the reader while it reads the file; the voci of a chapter whose
 * subtotal differs carry its reason, which this rule reports.
 */
export function totale(rows: readonly VerificationRow[], documentTotal: number | null): Controllo {
  const total = round(sum(rows.map((r) => dec(r.totale)).filter((d): d is Decimal => d !== null)));
  const printed = dec(documentTotal);
  const chapters = rows.filter((r) => flagged(r, READER_REASONS.chapter));
  const parts: string[] = [];
  let grandWrong = false;
  if (printed) {
    grandWrong = compare(abs(sub(total, round(printed))), CONGRUENCE_TOLERANCE) >= 0;
    parts.push(
      grandWrong
        ? `La somma delle voci (${euro(total)}) differisce dal totale stampato nel documento (${euro(round(printed))}) di ${euro(abs(sub(total, round(printed))))}.`
        : `La somma delle voci corrisponde al totale stampato nel documento (${euro(round(printed))}).`,
    );
  }
  if (chapters.length) {
    parts.push(
      chapters.length === 1
        ? 'Una voce sta in un capitolo il cui subtotale stampato non corrisponde alla somma delle sue voci.'
        : `${voci(chapters.length)} stanno in capitoli il cui subtotale stampato non corrisponde alla somma delle loro voci.`,
    );
  }
  if (grandWrong || chapters.length) return { regola: 'totale', esito: 'errore', messaggio: parts.join(' '), righe: idsInOrder(chapters) };
  if (!printed) {
    return {
      regola: 'totale',
      esito: 'non_verificabile',
      messaggio: `Il documento non riporta un totale generale stampato: la somma delle voci (${euro(total)}) non si può confrontare.`,
      righe: [],
    };
  }
  return { regola: 'totale', esito: 'superato', messaggio: `${parts.join(' ')} Nessun subtotale di capitolo stampato è risultato diverso.`, righe: [] };
}

/** Counts (cad, nr, pezzi…): a fractional quantity of them is implausible. */
const COUNT_UNITS = new Set(['cad']);
/** A quantity this large is a misreading (a code or a total read as a quantity), not a measure. */
export const IMPLAUSIBLE_QUANTITY = fromNumber(1_000_000);
const decimalsOf = (d: Decimal): number => {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return scale;
};

/** Zero or negative quantities are errors; more than 3 decimals or an implausible quantity a warning. */
export function quantita(rows: readonly VerificationRow[]): Controllo {
  if (!rows.length) return { regola: 'quantita', esito: 'non_verificabile', messaggio: 'Il documento non ha voci.', righe: [] };
  const missing: VerificationRow[] = [];
  const zero: VerificationRow[] = [];
  const negative: VerificationRow[] = [];
  const decimals: VerificationRow[] = [];
  const implausible: VerificationRow[] = [];
  for (const r of rows) {
    const q = dec(r.quantita);
    if (!q) missing.push(r);
    else if (q.units === 0n) zero.push(r);
    else if (q.units < 0n) negative.push(r);
    else if (decimalsOf(q) > 3) decimals.push(r);
    else if (compare(q, IMPLAUSIBLE_QUANTITY) >= 0 || (COUNT_UNITS.has(normalizeUnit(r.unita_di_misura)) && decimalsOf(q) > 0)) implausible.push(r);
  }
  const parts: string[] = [];
  if (zero.length) parts.push(`${voci(zero.length)} con quantità zero`);
  if (negative.length) parts.push(`${voci(negative.length)} con quantità negativa`);
  if (missing.length) parts.push(`${voci(missing.length)} senza quantità`);
  if (decimals.length) parts.push(`${voci(decimals.length)} con più di 3 decimali`);
  if (implausible.length) parts.push(`${voci(implausible.length)} con quantità non plausibile (frazione di un\u2019unità a numero, o un milione e oltre)`);
  const concerned = [...zero, ...negative, ...missing, ...decimals, ...implausible];
  if (!concerned.length) return { regola: 'quantita', esito: 'superato', messaggio: `Le quantità delle ${voci(rows.length)} sono positive, con al più 3 decimali e plausibili.`, righe: [] };
  const esito = zero.length || negative.length || missing.length ? 'errore' : 'avviso';
  return { regola: 'quantita', esito, messaggio: `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()), righe: idsInOrder(concerned) };
}
