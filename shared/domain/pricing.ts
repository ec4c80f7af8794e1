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

/** Codes as printed vary in case and spacing: "tos25_01.a03 .001" is TOS25_01.A03.001. */
export function normalizeCode(code: string): string {
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

/** Accents and case folded, for search. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words a description is found by: folded, 3+ characters, each once. */
export function searchTerms(text: string): string[] {
  return [...new Set(fold(text).split(/[^a-z0-9]+/).filter((w) => w.length >= 3))];
}
