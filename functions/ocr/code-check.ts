/**
 * Codes read from a scan, checked against the document's price lists: a code that exists in a
 * list beats a near-miss with one character changed. OCR confuses a few shapes in codes (O/0/D/Q,
 * I/l/1, S/5, B/8, Z/2, G/6), turns a dot into a comma or an underscore, loses a dot between two
 * parts or reads a speck as a mark. When the code read is not in the lists and exactly one
 * reading one such slip away is, that reading is the printed code: taken, and the correction
 * recorded. Several candidates: left as read.
 *
 * `correctCode` is pure (unit tests in tests/unit/ocr/code-check.test.ts); `codesInPriceLists`
 * asks the price lists the worker prices rows with, once per document, for all candidates at once:
 * the caller hands over those lists and patterns (services/pricing.ts loadPricing), so the reader
 * of scans knows nothing of the services.
 */
import type { AppContext } from '../config/context.ts';
import { applyPatternsTraced, plannedLists, type CodePattern, type PriceListHead } from '../../shared/domain/pricing.ts';
import { loadIndex } from '../prezzari/search-index.ts';
import { REASON_CODE_UNSURE, type ScanCheck } from './check-voci.ts';

/** Shapes OCR takes for one another in codes (both directions are listed). */
export const CODE_CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  O: ['0', 'D', 'Q'],
  '0': ['O', 'D', '8'],
  D: ['0', 'O'],
  Q: ['O', '0'],
  I: ['1', 'l'],
  l: ['1', 'I'],
  '1': ['I', 'l', '7'],
  '7': ['1'],
  S: ['5'],
  '5': ['S', '6'],
  B: ['8'],
  '8': ['B', '0', '3', '6'],
  '3': ['8'],
  Z: ['2'],
  '2': ['Z'],
  G: ['6'],
  '6': ['G', '5', '8'],
  '.': [',', '_'],
  ',': ['.'],
  ':': ['.'],
  ';': ['.'],
  _: ['.'],
};

const MARKS = /[.,_'´`:;]/;

/** Every reading one OCR slip away from `code`: one look-alike, a dot put back, a speck taken out. */
export function codeCandidates(code: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    for (const alt of CODE_CONFUSABLE[code[i]] ?? []) out.add(code.slice(0, i) + alt + code.slice(i + 1));
    // A mark that is not there (a speck read as a dot or comma).
    if (MARKS.test(code[i])) out.add(code.slice(0, i) + code.slice(i + 1));
  }
  // A dot the scan lost between two parts ("W01002" for "W01.002"): never at either end.
  for (let i = 1; i < code.length; i++) if (!MARKS.test(code[i - 1]) && !MARKS.test(code[i])) out.add(`${code.slice(0, i)}.${code.slice(i)}`);
  out.delete(code);
  return [...out];
}

export type CodeCheck = { status: 'known' } | { status: 'corrected'; code: string } | { status: 'unknown' } | { status: 'ambiguous'; candidates: string[] };

/** The code as read when a list has it; else the one candidate a list has; else unknown or ambiguous. */
export function correctCode(code: string, exists: (code: string) => boolean): CodeCheck {
  if (!code.trim()) return { status: 'unknown' };
  if (exists(code)) return { status: 'known' };
  const hits = codeCandidates(code).filter(exists);
  if (hits.length === 1) return { status: 'corrected', code: hits[0] };
  if (hits.length > 1) return { status: 'ambiguous', candidates: hits };
  return { status: 'unknown' };
}

export const describeCodeCorrection = (read: string, code: string) => `codice letto ${read} dalla scansione, corretto in ${code} (codice presente nel prezzario)`;

type VoceCode = { tariffa?: string };

/** The price lists a document is priced with and the admin patterns, in order (what services/pricing.ts loadPricing answers). */
export interface ListsToCheck {
  heads: readonly PriceListHead[];
  patterns: readonly CodePattern[];
}

type Place = { provincia: string | null; tipologia_dei: string | null };

/**
 * Applies the price lists to the scan checks, in place: a code found as read clears the doubt
 * about it; a code one slip away from exactly one listed code becomes that code, with the note in
 * `correzioni`. Returns how many codes were corrected.
 */
export function applyListedCodes<V extends VoceCode>(checks: Map<V, ScanCheck>, exists: (code: string) => boolean): number {
  let corrected = 0;
  for (const [v, check] of checks) {
    const read = check.tariffa ?? v.tariffa;
    if (!read) continue;
    const result = correctCode(read, exists);
    if (result.status === 'known' || result.status === 'corrected') check.verifica = check.verifica.filter((r) => r !== REASON_CODE_UNSURE);
    if (result.status !== 'corrected') continue;
    check.tariffa = result.code;
    check.correzioni = [...check.correzioni, describeCodeCorrection(read, result.code)];
    corrected++;
  }
  return corrected;
}

/** Every code a scan check may need looked up: the codes read and their one-slip candidates. */
export function codesToLookUp<V extends VoceCode>(checks: ReadonlyMap<V, ScanCheck>): string[] {
  const all = new Set<string>();
  for (const [v, check] of checks) {
    const read = check.tariffa ?? v.tariffa;
    if (!read?.trim()) continue;
    all.add(read);
    for (const c of codeCandidates(read)) all.add(c);
  }
  return [...all];
}

/**
 * Which of `codes` a price list of this document holds: the lists the worker would price the code
 * with (same admin patterns, same planned lists), each list version loaded once (and cached by
 * the index loader), every code a hash lookup.
 */
export async function codesInPriceLists(ctx: AppContext, pricing: ListsToCheck, doc: Place, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!codes.length) return found;
  const plans = codes.map((code) => {
    const traced = applyPatternsTraced(code, pricing.patterns).code;
    return { code, traced, plan: plannedLists({ code: traced, provincia: doc.provincia, tipologia_dei: doc.tipologia_dei }, pricing.heads) };
  });
  const versions = [...new Set(plans.flatMap((p) => p.plan.map((h) => h.version)))];
  const indexes = new Map(await Promise.all(versions.map(async (v) => [v, await loadIndex(ctx, v)] as const)));
  for (const p of plans) if (p.plan.some((h) => indexes.get(h.version)?.byCode.has(p.traced))) found.add(p.code);
  return found;
}

/** The worker's step: look the scanned codes up in the document's price lists (loaded only when there are codes) and correct them. */
export async function checkScannedCodes<V extends VoceCode>(ctx: AppContext, loadLists: () => Promise<ListsToCheck>, doc: Place, checks: Map<V, ScanCheck>): Promise<number> {
  if (!checks.size) return 0;
  const listed = await codesInPriceLists(ctx, await loadLists(), doc, codesToLookUp(checks));
  return applyListedCodes(checks, (c) => listed.has(c));
}
