/**
 * The words an article begins with, for the rule that the article a person names comes first: the
 * query's words found in order at the start of a description (its name: "scavo di sbancamento" →
 * "SCAVO DI SBANCAMENTO CON MEZZI…") outrank a phrase further on, and a phrase in the name
 * outranks the same words repeated across a long description. BM25 alone cannot tell: a
 * description that says "sbancamento" four times scores more than the one named by it, and on a
 * list where hundreds do, the named article fell to rank 210 of 3,960 (issue 40).
 *
 * At load, each article's first LEAD_TERMS terms (terms.ts's stems, stop words dropped) are laid in
 * one Int32Array as index term ids; a query marks the terms each of its words reaches (a typo's
 * too) in a byte per term, so checking an article is at most LEAD_TERMS reads. On 250,000 articles
 * the check adds 40-70 % to the in-process time of the query mix (tests/bench/search-data.ts's
 * queries, with and without in turns on this shared machine: p50 0.8 → 1.3 ms, p95 7 → 12 ms):
 * a common word finds 130,000 articles, and each is looked at.
 */
import type { PriceItem } from '../storage/repositories/price-lists.ts';
import type { Postings, Reach } from './postings.ts';
import { termOf } from './terms.ts';

/** How many of an article's first terms are kept: its name, as people type it. */
export const LEAD_TERMS = 8;
/** Every query word, in order, starting the description: the article the query names. */
export const LEAD_BONUS = 300;
/** Every query word, in order, one after the other within the first terms (not at the start): less the further on. */
export const NAME_PHRASE_BONUS = 120;

export interface Leads {
  terms: Int32Array;
  /** One byte per index term: bit w set while a query runs when the term reaches its word w. */
  marks: Uint8Array;
  /** Articles [0, filled) have their first terms laid (fillLeads); the others count as having none yet. */
  filled: number;
  /** Words as written to term ids (−2: no meaning for search), while the leads are being filled. */
  known: Map<string, number> | null;
  ids: Map<string, number> | null;
}

/** Room for every article's first terms, none laid yet (fillLeads lays them). */
export function emptyLeads(size: number, search: Postings): Leads {
  const ids = new Map<string, number>();
  search.termText.forEach((t, id) => ids.set(t, id));
  return {
    terms: new Int32Array(size * LEAD_TERMS).fill(-1),
    marks: new Uint8Array(search.termText.length),
    filled: 0,
    known: new Map(),
    ids,
  };
}


const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lays the first terms of the next `count` articles (all of them by default): 250,000 take about
 * 0.8 s, so the API's thread lays them a slice per turn while it loads a list (search-index.ts).
 */
export function fillLeads(leads: Leads, items: readonly PriceItem[], count = items.length): void {
  const { terms } = leads;
  const known = leads.known!;
  const ids = leads.ids!;
  const end = Math.min(items.length, leads.filled + count);
  for (let doc = leads.filled; doc < end; doc++) {
    let p = 0;
    WORD.lastIndex = 0;
    const text = items[doc].descrizione;
    // Only as far as the first terms: the rest of a long description is never read.
    for (let m = WORD.exec(text); m && p < LEAD_TERMS; m = WORD.exec(text)) {
      let id = known.get(m[0]);
      if (id === undefined) {
        const term = termOf(m[0]);
        id = term === null ? -2 : (ids.get(term) ?? -1);
        known.set(m[0], id);
      }
      if (id !== -2) terms[doc * LEAD_TERMS + p++] = id;
    }
  }
  leads.filled = end;
  if (end === items.length) leads.known = leads.ids = null;
}

/**
 * Adds, in place, to the scores of the articles found: LEAD_BONUS when the query's words (those
 * the results were found for, in order, at most 8) are the article's first terms, a part of
 * NAME_PHRASE_BONUS when they stand one after the other further on among its first terms (the
 * earlier, the more: "sbancamento" as the second word of a name above it as the sixth). Both are below TYPO_COST:
 * an article matched exactly still ranks above one matched through a typo.
 */
export function addLeadBonus(leads: Leads, words: ReadonlyArray<readonly Reach[]>, docs: Int32Array, scores: Float64Array): void {
  const n = Math.min(words.length, 8);
  if (!n) return;
  const { terms, marks, filled } = leads;
  for (let w = 0; w < n; w++) for (const r of words[w]) marks[r.term] |= 1 << w;
  const last = LEAD_TERMS - n;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (doc >= filled) continue;
    const base = doc * LEAD_TERMS;
    // Where the first word stands among the first terms, then whether the others follow it.
    for (let p = 0; p <= last; p++) {
      const t = terms[base + p];
      if (t < 0) break;
      if ((marks[t] & 1) === 0) continue;
      let k = 1;
      while (k < n) {
        const u = terms[base + p + k];
        if (u < 0 || (marks[u] & (1 << k)) === 0) break;
        k++;
      }
      if (k === n) {
        scores[i] += BONUS_AT[p];
        break;
      }
    }
  }
  for (let w = 0; w < n; w++) for (const r of words[w]) marks[r.term] = 0;
}

/** The bonus of the query starting at each of the first terms: the start, then less the further on. */
const BONUS_AT = Float64Array.from({ length: LEAD_TERMS }, (_, p) => (p === 0 ? LEAD_BONUS : (NAME_PHRASE_BONUS * (LEAD_TERMS - p)) / LEAD_TERMS));
