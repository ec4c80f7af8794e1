/**
 * Query evaluation over MiniSearch's index, for lists of hundreds of thousands of articles.
 *
 * MiniSearch builds and serialises the index (tokenizer, Italian stems, field lengths) and its
 * radix tree (SearchableMap) finds the terms a word reaches: exact, as a prefix, or within one or
 * two edits. What MiniSearch's own `search` cannot do is stay quick when a word is common: it
 * scores every matching article into an object of its own and sorts them all, and on 250,000
 * articles "compresi" matches 150,000 of them (200 ms a query). Here the same postings live in
 * typed arrays, every query word narrows the articles that matched the words before it, scores
 * add up in one scratch array, and only the page asked for is sorted.
 *
 * The scoring is MiniSearch's, term for term: BM25 (k 1.2, b 0.7, d 0.5) times the weight of
 * the form that reached the term (exact 1, prefix 0.4 and fuzzy 0.35 decaying with distance),
 * summed over terms and words, times the number of distinct query forms the article matched.
 */
import type { AsPlainObject } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';

const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.4;
const FUZZY_WEIGHT = 0.35;

/** One way a query word is looked for: a string, matched exactly and optionally as a prefix or with typos. */
export interface Form {
  text: string;
  prefix: boolean;
  /** Edits forgiven (0 for none). */
  fuzzy: number;
  /** Multiplies the weight of every term this form reaches. */
  boost: number;
}

export interface Scored {
  /** Article positions and their scores, in no particular order. */
  docs: Int32Array;
  scores: Float64Array;
  /** Every index term the query reached (ids), for matchedTerms. */
  terms: number[];
}

const NOTHING: Scored = { docs: new Int32Array(0), scores: new Float64Array(0), terms: [] };

interface Expanded {
  /** Term ids this form reaches, with their weights. */
  terms: Map<number, number>;
}

export class Postings {
  private readonly dictionary: SearchableMap<number>;
  private readonly termText: string[] = [];
  private readonly docs: Int32Array[] = [];
  private readonly freqs: Uint8Array[] = [];
  private readonly length: Uint16Array;
  private readonly averageLength: number;
  readonly size: number;
  // Scratch space of one query, reset lazily by a stamp so that no query clears 250,000 slots.
  private readonly stamp: Int32Array;
  private readonly score: Float64Array;
  private readonly wordsMatched: Uint16Array;
  private readonly lastWord: Int32Array;
  /** Which query forms (distinct texts, up to 64) an article matched: two 32-bit masks. */
  private readonly formsLow: Uint32Array;
  private readonly formsHigh: Uint32Array;
  private query = 0;

  /** From MiniSearch's own serialisation (one field; ids are article positions). */
  constructor(plain: AsPlainObject) {
    const shortToId = new Map<number, number>();
    for (const [short, id] of Object.entries(plain.documentIds)) shortToId.set(Number(short), Number(id));
    this.size = plain.documentCount;
    let maxId = -1;
    for (const id of shortToId.values()) if (id > maxId) maxId = id;
    const n = Math.max(this.size, maxId + 1);
    this.length = new Uint16Array(n);
    for (const [short, lengths] of Object.entries(plain.fieldLength)) {
      const id = shortToId.get(Number(short));
      if (id !== undefined) this.length[id] = Math.min(65535, (lengths as number[])[0] ?? 0);
    }
    this.averageLength = (plain.averageFieldLength as number[])[0] || 1;
    const entries: Array<[string, number]> = [];
    for (const [term, fields] of plain.index) {
      const byDoc = (fields as Record<string, Record<string, number>>)['0'];
      if (!byDoc) continue;
      const pairs: Array<[number, number]> = [];
      for (const short in byDoc) {
        const id = shortToId.get(Number(short));
        if (id !== undefined) pairs.push([id, byDoc[short]]);
      }
      if (!pairs.length) continue;
      pairs.sort((a, b) => a[0] - b[0]);
      const docs = new Int32Array(pairs.length);
      const freqs = new Uint8Array(pairs.length);
      for (let i = 0; i < pairs.length; i++) {
        docs[i] = pairs[i][0];
        freqs[i] = Math.min(255, pairs[i][1]);
      }
      entries.push([term, this.docs.length]);
      this.termText.push(term);
      this.docs.push(docs);
      this.freqs.push(freqs);
    }
    this.dictionary = SearchableMap.from(entries);
    this.stamp = new Int32Array(n);
    this.score = new Float64Array(n);
    this.wordsMatched = new Uint16Array(n);
    this.lastWord = new Int32Array(n);
    this.formsLow = new Uint32Array(n);
    this.formsHigh = new Uint32Array(n);
  }

  /** The terms a form reaches, with MiniSearch's weights (an exact match beats a prefix, a prefix beats a typo). */
  private expand(form: Form): Expanded {
    const terms = new Map<number, number>();
    const exact = this.dictionary.get(form.text);
    if (exact !== undefined) terms.set(exact, form.boost);
    if (form.prefix) {
      for (const [term, id] of this.dictionary.atPrefix(form.text)) {
        const distance = term.length - form.text.length;
        if (distance) terms.set(id, (form.boost * PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance));
      }
    }
    if (form.fuzzy) {
      for (const [term, [id, distance]] of this.dictionary.fuzzyGet(form.text, form.fuzzy)) {
        if (distance && !terms.has(id)) terms.set(id, (form.boost * FUZZY_WEIGHT * term.length) / (term.length + distance));
      }
    }
    return { terms };
  }

  private reach(forms: Form[], source: (text: string) => number): { forms: Array<Expanded & { source: number }>; postings: number } {
    const expanded = forms.map((f) => ({ ...this.expand(f), source: source(f.text) }));
    let postings = 0;
    for (const e of expanded) for (const id of e.terms.keys()) postings += this.docs[id].length;
    return { forms: expanded, postings };
  }

  /**
   * Articles matching every word (`all`) or any word, each word being any of its forms, with
   * their scores. Words are taken rarest first, so a common word only checks the articles the
   * rarer ones left.
   */
  evaluate(words: Form[][], all: boolean): Scored {
    // MiniSearch counts the distinct query texts an article matched, whichever word they came from.
    const sources = new Map<string, number>();
    const source = (text: string) => {
      let id = sources.get(text);
      if (id === undefined) sources.set(text, (id = sources.size % 64));
      return id;
    };
    const reached = words.map((w) => this.reach(w, source)).filter((w) => w.forms.some((f) => f.terms.size) || all);
    if (all) reached.sort((a, b) => a.postings - b.postings);
    if (!reached.length || (all && reached[0].postings === 0)) return NOTHING;
    const stamp = ++this.query;
    const touched: number[] = [];
    for (let w = 0; w < reached.length; w++) {
      let alive = 0;
      for (const form of reached[w].forms) {
        const low = form.source < 32 ? 1 << form.source : 0;
        const high = form.source >= 32 ? 1 << (form.source - 32) : 0;
        for (const [id, weight] of form.terms) {
          const docs = this.docs[id];
          const freqs = this.freqs[id];
          const idf = Math.log(1 + (this.size - docs.length + 0.5) / (docs.length + 0.5));
          for (let i = 0; i < docs.length; i++) {
            const doc = docs[i];
            if (this.stamp[doc] !== stamp) {
              // An article first met after the first word cannot match them all.
              if (all && w > 0) continue;
              this.stamp[doc] = stamp;
              this.score[doc] = 0;
              this.wordsMatched[doc] = 0;
              this.lastWord[doc] = 0;
              this.formsLow[doc] = 0;
              this.formsHigh[doc] = 0;
              touched.push(doc);
            } else if (all && this.wordsMatched[doc] < w) continue;
            const tf = freqs[i];
            const norm = tf + BM25.k * (1 - BM25.b + (BM25.b * this.length[doc]) / this.averageLength);
            this.score[doc] += weight * idf * (BM25.d + (tf * (BM25.k + 1)) / norm);
            if (this.lastWord[doc] !== w + 1) {
              this.lastWord[doc] = w + 1;
              this.wordsMatched[doc]++;
              alive++;
            }
            this.formsLow[doc] |= low;
            this.formsHigh[doc] |= high;
          }
        }
      }
      // No article has every word so far: the rest cannot bring one back.
      if (all && alive === 0) return NOTHING;
    }
    const docs: number[] = [];
    for (const doc of touched) if (!all || this.wordsMatched[doc] === reached.length) docs.push(doc);
    const scores = new Float64Array(docs.length);
    for (let i = 0; i < docs.length; i++) scores[i] = this.score[docs[i]] * (bits(this.formsLow[docs[i]]) + bits(this.formsHigh[docs[i]]));
    const terms = new Set<number>();
    for (const word of reached) for (const form of word.forms) for (const id of form.terms.keys()) terms.add(id);
    return { docs: Int32Array.from(docs), scores, terms: [...terms] };
  }

  /** The terms the query reached that article `doc` contains (what the highlighter marks). */
  matchedTerms(scored: Scored, doc: number): string[] {
    return scored.terms.filter((id) => contains(this.docs[id], doc)).map((id) => this.termText[id]);
  }
}

function bits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The first position in `sorted` whose value is not below `value` (binary search). */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function contains(sorted: Int32Array, value: number): boolean {
  const at = lowerBound(sorted, value);
  return at < sorted.length && sorted[at] === value;
}

/**
 * The first `k` of scored articles, best first (ties in list order), without sorting the rest:
 * a bounded heap when few are asked of many.
 */
export function topOf(scored: Scored, k: number): number[] {
  const n = scored.docs.length;
  const better = (a: number, b: number) => scored.scores[a] > scored.scores[b] || (scored.scores[a] === scored.scores[b] && scored.docs[a] < scored.docs[b]);
  if (k >= n / 8) {
    const all = Array.from({ length: n }, (_, i) => i).sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
    return all.slice(0, k);
  }
  // A min-heap (by `better`) of the best k seen so far.
  const heap: number[] = [];
  const siftUp = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!better(heap[p], heap[i])) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && better(heap[worst], heap[l])) worst = l;
      if (r < heap.length && better(heap[worst], heap[r])) worst = r;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i], heap[worst]];
      i = worst;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (k > 0 && better(i, heap[0])) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
