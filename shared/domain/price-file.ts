/**
 * Rules on an uploaded price-list file, before anything is stored: is it a price list at all
 * (a computo export has quantities and amounts; a sheet without a code or a price column is no
 * list), and whose are its codes (a DEI list chosen as Toscana, Toscana codes chosen as DEI).
 * Pure: the readers (functions/prezzari/readers) and the preview (functions/prezzari/declared.ts)
 * call them with what they read.
 */
import { fold } from './fold.ts';

/** The columns only a computo has: its quantities, its amounts and its measurements. */
export type ComputoColumn = 'quantita' | 'importo' | 'misura';

/** A header title as words: lower case, no accents, punctuation as spaces ("Q.tà" → "q ta", "I M P O R T I" → "importi"). */
function titleWords(title: string): string {
  let t = fold(title)
    .replace(/€/g, ' euro ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (/^(?:\w )+\w$/.test(t)) t = t.replace(/ /g, '');
  return t;
}

const QUANTITY = /^(?:quantita|quantita totale|quantita complessiva|q ta|qta|qt|quant|q|q totale|qta totale)$/;
const AMOUNT = /^(?:importo|importi|importo totale|importi totali|totale|totali|tot|importo euro|totale euro|importo complessivo)$/;
const MEASURE = /^(?:par ug|parti uguali|lung|lunghezza|larg|larghezza|h peso|hpeso|altezza|dimensioni)$/;

/** Which computo column a header title names, or null (a price list's own columns are null). */
export function computoColumn(title: string): ComputoColumn | null {
  if (title.length > 40) return null;
  const t = titleWords(title);
  if (!t) return null;
  if (QUANTITY.test(t)) return 'quantita';
  if (AMOUNT.test(t)) return 'importo';
  if (MEASURE.test(t)) return 'misura';
  return null;
}

export const NOT_A_PRICE_LIST = 'Il file non sembra un prezzario';

/**
 * The refusal of a table whose header (its row and the rows around it) names a quantity column
 * beside an amount or measurement column: that is a computo, whatever price column it also has.
 * `priced` says whether the header also has a price column (a price list's "Importo" alone is
 * its price). Null when the titles are a price list's.
 */
export function computoRefusal(titles: readonly string[], priced = false): string | null {
  const found = new Map<ComputoColumn, string>();
  for (const title of titles) {
    const kind = computoColumn(title);
    if (kind && !found.has(kind)) found.set(kind, title.trim());
  }
  const quantity = found.get('quantita');
  if (!quantity) return null;
  const other = found.get('importo') ?? found.get('misura');
  if (!other && !priced) return null;
  const named = [quantity, ...(other ? [other] : [])].map((t) => `«${t}»`).join(' e ');
  return `${NOT_A_PRICE_LIST}: sembra un computo (quantità e importi, colonne ${named}), non un prezzario. Un computo si carica come documento, non come prezzario.`;
}

/** The refusal of a structured computo file (PriMus XPWE, SIX with measurements) sent as a price list. */
export function structuredComputoRefusal(format: 'XPWE' | 'SIX'): string {
  const what = format === 'XPWE' ? 'un computo XPWE (PriMus)' : 'un computo SIX (con misure e quantità)';
  return `${NOT_A_PRICE_LIST}: è ${what}, non un prezzario. Un computo si carica come documento, non come prezzario.`;
}

/**
 * The refusal of a file whose first rows have no header with both a code and a price column.
 * `found` are the column titles recognised in the best candidate row.
 */
export function missingColumnsRefusal(have: { codice: boolean; prezzo: boolean }, found: readonly string[], searchedRows: number): string {
  const why = !have.codice && !have.prezzo ? 'mancano le colonne dei codici e dei prezzi' : !have.prezzo ? 'manca la colonna dei prezzi' : 'manca la colonna dei codici';
  const trovate = found.length ? `trovate: ${found.join(', ')}` : 'nessuna colonna riconosciuta';
  return `${NOT_A_PRICE_LIST}: ${why}. Servono almeno le colonne Codice e Prezzo in un\u2019intestazione nelle prime ${searchedRows} righe (${trovate}).`;
}

/** The refusal of a list whose rows have codes but none has a price. */
export const NO_PRICES = `${NOT_A_PRICE_LIST}: nessuna voce ha un prezzo (la colonna dei prezzi è vuota).`;

/** Whose a code is, by its shape: Toscana (TOS25_01.A03.001.001), DEI (A25093, N04001a), or unknown. */
export type CodeFamily = 'toscana' | 'dei';

export function codeFamily(code: string): CodeFamily | null {
  const c = code.trim();
  if (/^TOS\d{2}_/i.test(c)) return 'toscana';
  if (/^[A-Z]\d{5}[a-z]{0,2}$/i.test(c)) return 'dei';
  return null;
}

export interface CodeShares {
  total: number;
  toscana: number;
  dei: number;
  /** A code of each family, to show in the warning. */
  examples: Partial<Record<CodeFamily | 'altro', string>>;
}

export function codeShares(codes: Iterable<string>): CodeShares {
  const out: CodeShares = { total: 0, toscana: 0, dei: 0, examples: {} };
  for (const code of codes) {
    out.total++;
    const family = codeFamily(code);
    if (family) out[family]++;
    out.examples[family ?? 'altro'] ??= code;
  }
  return out;
}

const share = (n: number, total: number) => `${n} su ${total}`;

/**
 * The loud warning of a file whose codes, for the most part, belong to another source than the
 * one chosen: a DEI (or other) list chosen as Toscana, a Toscana list chosen as DEI. The preview
 * asks for an explicit confirmation before importing. Null when most codes fit the choice.
 */
export function foreignCodesAlert(target: 'dei' | 'toscana' | 'csv', shares: CodeShares): string | null {
  const { total } = shares;
  if (!total || target === 'csv') return null;
  if (target === 'dei' && shares.toscana * 2 > total) {
    return `La maggior parte dei codici del file (${share(shares.toscana, total)}, ad esempio ${shares.examples.toscana}) sono codici della Regione Toscana (TOSnn_…): il file sembra un prezzario Toscana, non un prezzario DEI.`;
  }
  if (target === 'toscana') {
    const foreign = total - shares.toscana;
    if (foreign * 2 <= total) return null;
    const example = shares.examples.dei ?? shares.examples.altro;
    const looks = shares.dei * 2 > total ? 'il file sembra un prezzario DEI' : 'il file sembra un prezzario di un\u2019altra fonte';
    return `La maggior parte dei codici del file (${share(foreign, total)}, ad esempio ${example}) non sono codici della Regione Toscana (TOSnn_…): ${looks}, non un prezzario Toscana.`;
  }
  return null;
}
