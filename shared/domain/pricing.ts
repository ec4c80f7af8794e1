/**
 * Where a row's reference price comes from: pure rules, no I/O.
 *
 * 1. The code is normalised (trim, upper case, no stray spaces), then rewritten by the admin
 *    patterns, in order.
 * 2. A `TOSyy_` code, or a Tuscan province, looks in the Toscana list of that province
 *    (LU and LUCCA are the same province) for year 20yy, else the latest year loaded.
 * 3. Otherwise, or when not found there, the DEI list of the row's typology, latest year.
 * 4. Then the CSV data.
 * The first list holding the code wins, and the row records which one it was.
 */
import { RE2JS } from 're2js';
import { findProvince } from './provinces.ts';
import { foldUpper } from './fold.ts';
import { normalizeUnit } from './units.ts';

/** The unit vocabulary lives in units.ts; re-exported for the callers that priced with it here. */
export { normalizeUnit };

// eslint-disable-next-line no-control-regex -- the ASCII range, NUL included, is the point
const NON_ASCII = /[^\x00-\x7f]/;
const NOT_ALPHANUMERIC = /[^A-Z0-9]/g;

export type PriceSource = 'toscana' | 'dei' | 'csv';

export const SOURCE_LABEL: Record<PriceSource, string> = {
  toscana: 'Prezzario Toscana',
  dei: 'Prezzario DEI',
  csv: 'Dati CSV',
};

/** A loaded list: one per source, key (province name, typology value, 'dati') and year. */
export interface PriceListHead {
  list_id: string;
  source: PriceSource;
  key: string;
  year: number;
  version: string;
  total_rows: number;
  updated_at: string;
}

export const CSV_KEY = 'DATI';

export function listId(source: PriceSource, key: string, year: number): string {
  return `${source}#${key}#${year}`;
}

export interface CodeForm {
  /**
   * Letters and digits only, accents removed: `PAV-001`, `pav 001`, `PAV.001` → `PAV001`. The
   * comparison of computi pairs codes this way (two estimators write one code with different
   * separators); a price-list lookup keeps the separators, which tell articles apart.
   */
  compact?: boolean;
}

/** Codes as printed vary in case and spacing: "tos25_01.a03 .001" is TOS25_01.A03.001. */
export function normalizeCode(code: string, form: CodeForm = {}): string {
  if (form.compact) return foldUpper(NON_ASCII.test(code) ? code.normalize('NFKC') : code).replace(NOT_ALPHANUMERIC, '');
  return code
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .replace(/\s*([._\-/])\s*/g, '$1')
    .replace(/\s+/g, ' ');
}

export interface CodePattern {
  pattern: string;
  replacement?: string | null;
}

/** Longest code a pattern ever runs on: bounds the work of any regular expression. */
export const MAX_CODE_LENGTH = 100;

const MAX_COMPILED = 500;
const compiled = new Map<string, RE2JS | null>();

/**
 * Admin patterns run on RE2 (re2js, a pure-JS port): matching is linear in the code's length
 * whatever the pattern, so no pattern, not even an old one stored before today's checks, can
 * freeze the API with backtracking. RE2 has no backreferences or lookarounds; such a pattern
 * does not compile and is skipped. Replacements follow String.prototype.replace: $1, $<name>,
 * $&, $$.
 */
export function compilePattern(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  let re: RE2JS | null;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    re = null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, re);
  return re;
}

/** Applies the admin patterns in order (first match of each); a pattern without replacement leaves matches as they are. */
export function applyPatterns(code: string, patterns: readonly CodePattern[], compile: (p: string) => RE2JS | null = compilePattern): string {
  let out = normalizeCode(code).slice(0, MAX_CODE_LENGTH);
  for (const p of patterns) {
    if (p.replacement === undefined || p.replacement === null) continue;
    const re = compile(p.pattern);
    if (re) out = normalizeCode(re.matcher(out).replaceFirst(p.replacement)).slice(0, MAX_CODE_LENGTH);
  }
  return out;
}

/** Like applyPatterns, and says which patterns changed the code (for "why this price"). */
export function applyPatternsTraced(code: string, patterns: readonly CodePattern[]): { code: string; applied: string[] } {
  let out = normalizeCode(code).slice(0, MAX_CODE_LENGTH);
  const applied: string[] = [];
  for (const p of patterns) {
    const next = applyPatterns(out, [p]);
    if (next !== out) applied.push(p.pattern);
    out = next;
  }
  return { code: out, applied };
}

/** An Italian warning when the row and the price-list article measure different things. */
export function unitMismatch(rowUnit: string | null | undefined, articleUnit: string | null | undefined): string | null {
  const a = normalizeUnit(rowUnit);
  const b = normalizeUnit(articleUnit);
  if (!a || !b || a === b) return null;
  return `Unità di misura diversa: la riga è in ${rowUnit?.trim()}, l\u2019articolo del prezzario in ${articleUnit?.trim()}`;
}

/** "TOS25_01.A03.001" -> 2025. */
export function toscanaYear(code: string): number | null {
  const m = /^TOS(\d{2})_/.exec(code);
  return m ? 2000 + Number(m[1]) : null;
}

/** The year asked for, else the latest year loaded. */
function pick(heads: PriceListHead[], year: number | null): PriceListHead | undefined {
  if (!heads.length) return undefined;
  return (year !== null && heads.find((h) => h.year === year)) || heads.reduce((a, b) => (b.year > a.year ? b : a));
}

export interface LookupInput {
  code: string;
  /** The document's province as stored (code or name). */
  provincia: string | null;
  tipologia_dei: string | null;
}

/** The lists to try, in order, for one (already normalised) code. */
export function plannedLists(input: LookupInput, heads: readonly PriceListHead[]): PriceListHead[] {
  const plan: PriceListHead[] = [];
  const year = toscanaYear(input.code);
  const province = findProvince(input.provincia);
  const tuscan = province?.region === 'Toscana';
  if (year !== null || tuscan) {
    const toscana = heads.filter((h) => h.source === 'toscana');
    if (tuscan) {
      const own = pick(toscana.filter((h) => h.key === province!.name.toUpperCase()), year);
      if (own) plan.push(own);
    } else {
      // A Tuscan code in a document of another province: any Toscana list of that year.
      const sameYear = toscana.filter((h) => h.year === year).sort((a, b) => a.key.localeCompare(b.key));
      plan.push(...sameYear);
    }
  }
  if (input.tipologia_dei) {
    const dei = pick(heads.filter((h) => h.source === 'dei' && h.key === input.tipologia_dei), null);
    if (dei) plan.push(dei);
  }
  const csv = heads.filter((h) => h.source === 'csv');
  plan.push(...csv);
  return plan;
}

/** "Toscana LUCCA 2025", "DEI nuove_costruzioni 2025" (the typology label when known). */
export function listLabel(head: Pick<PriceListHead, 'source' | 'key' | 'year'>, tipologiaLabel?: (value: string) => string | undefined): string {
  if (head.source === 'toscana') return `Toscana ${head.key} ${head.year}`;
  if (head.source === 'dei') return `DEI ${tipologiaLabel?.(head.key) ?? head.key} ${head.year}`;
  return `Dati CSV ${head.year}`;
}

/**
 * Why a row has no reference price, in the estimator's words: which lists were looked in, or
 * which list is missing. `plan` is plannedLists() for the row; `foundWithoutPrice` the list
 * that holds the code with no price, if any.
 */
/** How the reason of a row whose code was looked for in loaded lists, and not found, begins. */
export const NOT_IN_LISTS = 'codice non presente nel prezzario';

export function missingPriceReason(
  input: { code: string; provincia: string | null; tipologia_dei: string | null },
  plan: readonly PriceListHead[],
  foundWithoutPrice?: PriceListHead,
  tipologiaLabel?: (value: string) => string | undefined,
): string {
  if (!input.code.trim()) return 'codice non riconosciuto: la riga non ha una tariffa';
  if (foundWithoutPrice) return `articolo senza prezzo nel prezzario ${listLabel(foundWithoutPrice, tipologiaLabel)}`;
  const reasons: string[] = [];
  const province = findProvince(input.provincia);
  const tuscan = province?.region === 'Toscana' || toscanaYear(input.code) !== null;
  const lists = plan.filter((h) => h.source !== 'csv');
  if (tuscan && !lists.some((h) => h.source === 'toscana')) {
    reasons.push(`nessun prezzario Toscana caricato${province?.region === 'Toscana' ? ` per la provincia di ${province.name.toUpperCase()}` : ''}`);
  }
  if (input.tipologia_dei && !lists.some((h) => h.source === 'dei')) {
    reasons.push(`nessun prezzario DEI caricato per la tipologia ${tipologiaLabel?.(input.tipologia_dei) ?? input.tipologia_dei}`);
  }
  if (lists.length) reasons.unshift(`${NOT_IN_LISTS} ${lists.map((h) => listLabel(h, tipologiaLabel)).join(' né nel prezzario ')}`);
  if (!reasons.length) return 'nessun prezzario caricato in cui cercare il codice';
  return reasons.join('; ');
}

