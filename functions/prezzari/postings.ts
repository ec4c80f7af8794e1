/**
 * Query evaluation over a price list's postings, for lists of hundreds of thousands of articles.
 *
 * MiniSearch builds and serialises the index (tokenizer, Italian stems, three fields: the
 * article's name, the rest of its description, its title levels) and its radix tree
 * (SearchableMap) finds the terms a word reaches. Here the postings live in typed arrays sorted
 * by article; an AND query starts from its rarest word's articles and every further word narrows
 * that sorted list (galloping when it is short, merging when both are long), so a common word
 * costs what the rarer ones left; OR queries add up in scratch arrays reset lazily by a stamp.
 * Answers are narrowed in place in scratch arrays the index owns, so a query allocates nothing of
 * the list's size: at 250,000 articles, that garbage made the collector pause the server for
 * 10-15 ms every few searches.
 * Only the page asked for is sorted.
 *
 * Scoring, per query word and article, is BM25F-like: for each term the word reaches,
 *   idf(term) × quality(form) × Σ_field boost(field) × tf(k1 + 1) / (tf + k1(1 − b + b·len/avg))
 * with a low k1, so that a word said five times in a long description counts little more than
 * said once, and the name field (first clause) weighs three times the rest. A word keeps the best
 * of the terms it reaches, never their sum. A term reached with typos costs TYPO_COST per edit,
 * far more than any relevance, so that exact matches always rank above forgiven ones.
 */
import type { AsPlainObject } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';

/** Saturation (k1) and length normalisation (b) per field, and each field's weight. */
export const FIELD_NAMES = ['nome', 'testo', 'titoli'] as const;
const FIELD = [
  { boost: 3, k1: 0.5, b: 0.5 },
  { boost: 1, k1: 0.5, b: 0.75 },
  { boost: 0.5, k1: 0.5, b: 0.3 },
];
/** Larger than any word's relevance: each edit forgiven ranks an article below every exact one. */
export const TYPO_COST = 1000;

/** One term a query word reaches, and how. */
export interface Reach {
  /** Index term id. */
  term: number;
  /** Edits forgiven to reach it (0 exact or prefix). */
  typos: number;
  /** Weight of the way it was reached (exact 1, the beginning of a longer word less). */
  quality: number;
}

export interface Scored {
  /**
   * Article positions and their scores, in no particular order. They are views of the index's
   * scratch space (no query allocates arrays of the list's size): read them before the next
   * evaluation, which overwrites them.
   */
  docs: Int32Array;
  scores: Float64Array;
  /** Every index term the query reached (ids), for matchedTerms. */
  terms: number[];
}

export const NOTHING: Scored = { docs: new Int32Array(0), scores: new Float64Array(0), terms: [] };

/** One term's articles (ascending) with what each contributes before idf: Σ over fields of boost × saturated tf. */
interface TermPostings {
  docs: Int32Array;
  impacts: Float32Array;
}

export class Postings {
  /** Stems, for exact lookups and the prefixes of numbers. */
  readonly dictionary: SearchableMap<number>;
  readonly termText: string[] = [];
  private readonly postings: TermPostings[] = [];
  readonly size: number;
  // Scratch space of one query, reset lazily by stamps so that no query clears 250,000 slots.
  private readonly stamp: Int32Array;
  private readonly score: Float64Array;
  private readonly wordStamp: Int32Array;
  private readonly wordBest: Float64Array;
  private readonly wordList: Int32Array;
  private readonly touchedList: Int32Array;
  // A query's answer (articles and scores) and each word's best value per candidate, narrowed in place.
  private readonly answerDocs: Int32Array;
  private readonly answerScores: Float64Array;
  private readonly candidateBest: Float64Array;
  private query = 0;
  private wordPass = 0;

  /**
   * From MiniSearch's own serialisation (fields FIELD_NAMES; ids are article positions). The
   * fields of each term are merged once here into one list of impacts, so that a query reads one
   * array per term whatever the fields.
   */
  constructor(plain: AsPlainObject) {
    const shortToId = new Map<number, number>();
    for (const [short, id] of Object.entries(plain.documentIds)) shortToId.set(Number(short), Number(id));
    this.size = plain.documentCount;
    let maxId = -1;
    for (const id of shortToId.values()) if (id > maxId) maxId = id;
    const n = Math.max(this.size, maxId + 1);
    const fieldIds = plain.fieldIds as Record<string, number>;
    const slot = FIELD_NAMES.map((f) => fieldIds[f]);
    const lengths = FIELD_NAMES.map(() => new Uint16Array(n));
    for (const [short, ls] of Object.entries(plain.fieldLength)) {
      const id = shortToId.get(Number(short));
      if (id === undefined) continue;
      for (let f = 0; f < slot.length; f++) lengths[f][id] = Math.min(65535, (ls as number[])[slot[f]] ?? 0);
    }
    const averages = slot.map((s) => (plain.averageFieldLength as number[])[s] || 1);
    const entries: Array<[string, number]> = [];
    const impact = new Float64Array(n);
    const seen = new Uint8Array(n);
    for (const [term, fields] of plain.index) {
      const byField = fields as Record<string, Record<string, number>>;
      const docs: number[] = [];
      for (let f = 0; f < slot.length; f++) {
        const byDoc = byField[String(slot[f])];
        if (!byDoc) continue;
        const { boost, k1, b } = FIELD[f];
        for (const short in byDoc) {
          const id = shortToId.get(Number(short));
          if (id === undefined) continue;
          const tf = byDoc[short];
          if (!seen[id]) {
            seen[id] = 1;
            impact[id] = 0;
            docs.push(id);
          }
          impact[id] += (boost * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * lengths[f][id]) / averages[f]));
        }
      }
      if (!docs.length) continue;
      const sorted = Int32Array.from(docs).sort();
      const impacts = new Float32Array(sorted.length);
      for (let i = 0; i < sorted.length; i++) {
        impacts[i] = impact[sorted[i]];
        seen[sorted[i]] = 0;
      }
      entries.push([term, this.postings.length]);
      this.termText.push(term);
      this.postings.push({ docs: sorted, impacts });
    }
    this.dictionary = SearchableMap.from(entries);
    this.stamp = new Int32Array(n);
    this.score = new Float64Array(n);
    this.wordStamp = new Int32Array(n);
    this.wordBest = new Float64Array(n);
    this.wordList = new Int32Array(n);
    this.touchedList = new Int32Array(n);
    this.answerDocs = new Int32Array(n);
    this.answerScores = new Float64Array(n);
    this.candidateBest = new Float64Array(n);
  }

  /** How many postings a word's reaches cover: the cost of evaluating it, and how common it is. */
  weight(reaches: readonly Reach[]): number {
    let total = 0;
    for (const r of reaches) total += this.postings[r.term].docs.length;
    return total;
  }

  /**
   * Articles matching every word (`all`) or any word, each word being the best of the terms it
   * reaches, with their scores. With `all`, words are taken rarest first and the answer is
   * narrowed word by word over sorted lists (see `everyWord`); the articles come in ascending order.
   */
  evaluate(words: Reach[][], all: boolean): Scored {
    return all ? this.everyWord(words) : this.anyWord(words);
  }

  /**
   * AND: the first (rarest) word's articles, ascending, then each further word keeps those of
   * them it also reaches. The candidates are a short sorted list walked against each term's sorted
   * postings: merged when both are long, galloped when the candidates are few, so a common word
   * after a rare one costs what the rare one found, not its own length.
   */
  private everyWord(words: Reach[][]): Scored {
    if (!words.length) return NOTHING;
    const list = words.map((w) => ({ w, cost: this.weight(w) })).sort((a, b) => a.cost - b.cost).map((x) => x.w);
    if (this.weight(list[0]) === 0) return NOTHING;
    let found = this.union(list[0]);
    for (let w = 1; w < list.length && found; w++) found = this.narrow(found, list[w]);
    if (!found) return NOTHING;
    return { docs: this.answerDocs.subarray(0, found), scores: this.answerScores.subarray(0, found), terms: termsOf(list) };
  }

  /**
   * One word's articles, ascending, each with the best value of the terms the word reaches there,
   * into the first entries of answerDocs and answerScores. Returns how many.
   */
  private union(reaches: readonly Reach[]): number {
    const { answerDocs, answerScores } = this;
    if (reaches.length === 1) {
      const { docs, impacts } = this.postings[reaches[0].term];
      const { base, scale } = this.valueOf(reaches[0]);
      answerDocs.set(docs);
      for (let i = 0; i < docs.length; i++) answerScores[i] = base + scale * impacts[i];
      return docs.length;
    }
    const { wordStamp, wordBest, wordList } = this;
    const found = this.gather(reaches);
    const wordPass = this.wordPass;
    // Ascending: sort the few, or sweep every article when the word reaches a large part of them.
    if (found * 16 < wordStamp.length) {
      answerDocs.set(wordList.subarray(0, found));
      answerDocs.subarray(0, found).sort();
    } else {
      let k = 0;
      for (let doc = 0; doc < wordStamp.length; doc++) if (wordStamp[doc] === wordPass) answerDocs[k++] = doc;
    }
    for (let i = 0; i < found; i++) answerScores[i] = wordBest[answerDocs[i]];
    return found;
  }

  /**
   * Keeps, of the first `n` candidates (ascending, in answerDocs), those the word also reaches, their
   * scores increased by its best value there; in place, in order. Returns how many are kept.
   */
  private narrow(n: number, reaches: readonly Reach[]): number {
    const { answerDocs: docs, answerScores: scores, candidateBest: best } = this;
    best.fill(-Infinity, 0, n);
    for (const reach of reaches) {
      const { docs: pd, impacts } = this.postings[reach.term];
      const { base, scale } = this.valueOf(reach);
      const d = pd.length;
      if (n * 8 < d) {
        // Few candidates against a long list: gallop to each.
        let j = 0;
        for (let i = 0; i < n && j < d; i++) {
          j = gallop(pd, docs[i], j);
          if (j < d && pd[j] === docs[i]) {
            const value = base + scale * impacts[j];
            if (value > best[i]) best[i] = value;
          }
        }
      } else {
        let i = 0;
        let j = 0;
        while (i < n && j < d) {
          const a = docs[i];
          const b = pd[j];
          if (a < b) i++;
          else if (a > b) j++;
          else {
            const value = base + scale * impacts[j];
            if (value > best[i]) best[i] = value;
            i++;
            j++;
          }
        }
      }
    }
    // Compacted in place: the k-th kept is never after the i-th read.
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (best[i] === -Infinity) continue;
      docs[k] = docs[i];
      scores[k++] = scores[i] + best[i];
    }
    return k;
  }

  /**
   * One word's articles in a new pass: each article once in `wordList` (the first `found`
   * entries, in the order met), its best value over the terms the word reaches in `wordBest`,
   * marked with the pass in `wordStamp`. Returns how many.
   */
  private gather(reaches: readonly Reach[]): number {
    const { wordStamp, wordBest, wordList } = this;
    const wordPass = ++this.wordPass;
    let found = 0;
    for (const reach of reaches) {
      const { docs, impacts } = this.postings[reach.term];
      const { base, scale } = this.valueOf(reach);
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        const value = base + scale * impacts[i];
        if (wordStamp[doc] !== wordPass) {
          wordStamp[doc] = wordPass;
          wordBest[doc] = value;
          wordList[found++] = doc;
        } else if (value > wordBest[doc]) wordBest[doc] = value;
      }
    }
    return found;
  }

  /** A reached term's value in an article is base + scale × its impact there. */
  private valueOf(reach: Reach): { base: number; scale: number } {
    const df = this.postings[reach.term].docs.length;
    return { base: -reach.typos * TYPO_COST, scale: Math.log(1 + (this.size - df + 0.5) / (df + 0.5)) * reach.quality };
  }

  /** OR: every article any word reaches, scored by the words it has. */
  private anyWord(words: Reach[][]): Scored {
    const list = words.filter((w) => w.length);
    if (!list.length) return NOTHING;
    const stamp = ++this.query;
    const { wordList, touchedList, wordBest } = this;
    let touched = 0;
    for (let w = 0; w < list.length; w++) {
      const found = this.gather(list[w]);
      for (let j = 0; j < found; j++) {
        const doc = wordList[j];
        if (this.stamp[doc] !== stamp) {
          this.stamp[doc] = stamp;
          this.score[doc] = 0;
          touchedList[touched++] = doc;
        }
        this.score[doc] += wordBest[doc];
      }
    }
    const docs = touchedList.subarray(0, touched);
    const scores = this.answerScores.subarray(0, touched);
    for (let i = 0; i < touched; i++) scores[i] = this.score[docs[i]];
    return { docs, scores, terms: termsOf(list) };
  }

  /** Whether article `doc` contains term `term` in any field. */
  has(term: number, doc: number): boolean {
    return contains(this.postings[term].docs, doc);
  }

  /** Of the terms a query reached, those article `doc` contains (what the highlighter marks). */
  matchedTerms(terms: readonly number[], doc: number): string[] {
    return terms.filter((id) => this.has(id, doc)).map((id) => this.termText[id]);
  }
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

/** The first position at or after `from` in `sorted` whose value is not below `value` (exponential, then binary search). */
function gallop(sorted: Int32Array, value: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < sorted.length && sorted[hi] < value) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > sorted.length) hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every index term the words reach, each once. */
function termsOf(words: readonly (readonly Reach[])[]): number[] {
  const terms = new Set<number>();
  for (const word of words) for (const r of word) terms.add(r.term);
  return [...terms];
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
  const { scores, docs } = scored;
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      siftUp(heap.length - 1);
      continue;
    }
    if (k === 0) break;
    // Most of a long list is no better than the worst kept: one comparison each, no call.
    const worst = heap[0];
    if (scores[i] < scores[worst] || (scores[i] === scores[worst] && docs[i] > docs[worst])) continue;
    if (better(i, worst)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
