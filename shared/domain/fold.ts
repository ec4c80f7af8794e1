/**
 * Text folding: the one place where accents and case are removed, so that "QUANTITÀ", "Quantita"
 * and "quantità" compare equal. Search, province names, autocomplete, the comparison and the reader's header
 * matching all fold through here.
 */
// eslint-disable-next-line no-control-regex -- the ASCII range, NUL included, is the point
const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const cache = new Map<string, string>();

function stripAccents(s: string): string {
  // Plain ASCII (most words): nothing to strip, no allocation.
  if (!NON_ASCII.test(s)) return s;
  let stripped = cache.get(s);
  if (stripped === undefined) {
    stripped = s.normalize('NFD').replace(COMBINING_MARKS, '');
    if (cache.size > 50_000) cache.clear();
    cache.set(s, stripped);
  }
  return stripped;
}

/** Lower case, accents removed: what search, filters and name lookups compare. */
export const fold = (s: string): string => stripAccents(s).toLowerCase();

/** Upper case, accents removed: the reader matches printed headers (QUANTITÀ, SOMMANO) this way. */
export const foldUpper = (s: string): string => stripAccents(s).toUpperCase();

/** The words a description is found by: folded, 3+ characters, each once. */
export function searchTerms(text: string): string[] {
  return [...new Set(fold(text).split(/[^a-z0-9]+/).filter((w) => w.length >= 3))];
}
