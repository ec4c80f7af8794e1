/**
 * Total rows of a spreadsheet computo, read by their label and checked by their amount: a
 * "TOTALE SCAVI E RINTERRI" / "Totale trattamento a calce" / "SUBTOTALE" / "Sommano" row whose
 * amount is the sum of the voci above it (since an earlier title or subtotal) closes a chapter;
 * "TOTALE COMPLESSIVO APPALTO", "TOTALE GENERALE", a bare "TOTALE" after the last voce is the
 * document's declared total (and, when its words say so, the end of the voci); "riporto" / "a riportare" rows carry a running sum. None is a voce.
 */
import { normalizeTitle } from '../../prezzari/readers/headers.ts';

export type TotalKind = 'grand' | 'sub' | 'carry';

const LEADING_NUMBER = /^\s*(?:\d+(?:[.)]\d+)*[.)]?|[a-z][.)])\s+/i;
const TOTAL_WORDS = /^(?:sub\s*-?\s*totale|totale\s+parziale|t\s?o\s?t\s?a\s?l\s?e|totali|tot\.|sommano|somma|importo\s+(?:complessivo|totale|lavori)|imp\.\s*tot\.?)(?=$|[\s:.,;€-])/i;
const CARRY = /^(?:riporto|a\s+riportare|riportato|da\s+riportare)\b/i;
/** Words that, with nothing else, make a total the whole document's. */
const GRAND_WORDS = new Set(['complessivo', 'complessiva', 'generale', 'appalto', 'dell', 'del', 'dei', 'della', 'delle', 'd', 'l', 'offerta', 'lavori', 'computo', 'progetto', 'importo', 'a', 'base', 'asta', 'euro', 'finale', 'opere', 'intervento', 'totale', 'iva', 'esclusa', 'escl', 'netto']);

export interface TotalLabel {
  kind: TotalKind;
  /** The label without its total words: the chapter's title ("SCAVI E RINTERRI"). */
  title: string;
  /** The whole document's total beyond doubt ("TOTALE COMPLESSIVO APPALTO", "TOTALE GENERALE"): nothing below it is a voce. */
  final?: boolean;
}

/** Words that make a grand total the last line of the computo. */
const FINAL_WORDS = new Set(['complessivo', 'complessiva', 'generale', 'appalto', 'offerta', 'finale']);

/** What a row's label says about it, or null when it is not a total row. */
export function totalLabel(label: string): TotalLabel | null {
  const text = label.replace(LEADING_NUMBER, '').trim();
  if (CARRY.test(text)) return { kind: 'carry', title: '' };
  const m = TOTAL_WORDS.exec(text);
  if (!m) return null;
  const title = text
    .slice(m[0].length)
    .replace(/^[\s:.,;€-]+|[\s:.,;€-]+$/g, '')
    .trim();
  const words = normalizeTitle(title).split(' ').filter(Boolean);
  const grand = /^sommano|^somma/i.test(m[0]) ? false : words.every((w) => GRAND_WORDS.has(w));
  return { kind: grand ? 'grand' : 'sub', title, final: grand && normalizeTitle(text).split(' ').some((w) => FINAL_WORDS.has(w)) };
}

/** Two chapter names that are the same chapter ("1 SCAVI E RINTERRI" and "Scavi e rinterri"). */
export function sameTitle(a: string, b: string): boolean {
  const x = normalizeTitle(a.replace(LEADING_NUMBER, ''));
  const y = normalizeTitle(b.replace(LEADING_NUMBER, ''));
  return !!x && !!y && (x === y || (x.length >= 4 && y.includes(x)) || (y.length >= 4 && x.includes(y)));
}
