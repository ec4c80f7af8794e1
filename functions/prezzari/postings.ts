/**
 * Query evaluation over a price list's postings, for lists of hundreds of thousands of articles.
 *
 * The postings (terms.ts's words and Italian stems, in three fields: the article's name, the rest
 * of its description, its title levels) are built here straight into typed arrays sorted by
 * article, stored as they are and loaded as views; MiniSearch's radix tree (SearchableMap) finds
 * the terms a word reaches. (MiniSearch's own index took 14 of the 20 s of building a 250,000-article
 * list and its JSON 6-10 s to load; the scores are the same.) An AND query starts from its rarest word's articles and every further word narrows
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
import SearchableMap from 'minisearch/SearchableMap';
import { termOf, tokenize } from './terms.ts';

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

/**
 * A list's postings as they are stored: for each term (in `terms` order, the dictionary's), its
 * articles ascending and what each contributes before idf, at offsets[t]..offsets[t + 1] of `docs`
 * and `impacts`. Loading them is making views: no parsing, no copy.
 */
export interface PostingsData {
  /** Articles in the list. */
  size: number;
  terms: string[];
  offsets: Int32Array;
  docs: Int32Array;
  impacts: Float32Array;
}

/**
 * The postings of `size` articles whose fields (FIELD_NAMES, in order) `fieldsOf` gives: words as
 * tokenize splits them, terms as termOf makes them (stop words dropped). Field lengths are the
 * distinct words as written and their averages run as MiniSearch keeps them, so the scores are
 * the ones MiniSearch's index gave when it was built with it.
 * Two passes over a log of (term, field) per word, so that no term keeps a growing list: the first
 * counts each term's articles, the second lays the postings out at their offsets.
 */
export function buildPostings(size: number, fieldsOf: (doc: number) => readonly string[]): PostingsData {
  const words = logWords(size, fieldsOf);
  const fields = FIELD_NAMES.length;
  // The dictionary's order: a radix tree's, filled in the order the terms first appear (as MiniSearch's index was).
  const tree = new SearchableMap<number>();
  for (const term of words.firstSeen) tree.set(term, 0);
  const terms = [...tree.keys()];
  const offsets = new Int32Array(terms.length + 1);
  const at = new Int32Array(terms.length);
  const rankOf = new Int32Array(terms.length);
  terms.forEach((term, t) => {
    const id = words.idOf.get(term)!;
    rankOf[id] = t;
    offsets[t + 1] = offsets[t] + words.df[id];
    at[t] = offsets[t];
  });
  const total = offsets[terms.length];
  const docs = new Int32Array(total);
  const tf = FIELD_NAMES.map(() => new Uint16Array(total));
  const lastDoc = new Int32Array(terms.length);
  const { log, logStart } = words;
  for (let doc = 0; doc < size; doc++) {
    for (let k = logStart[doc]; k < logStart[doc + 1]; k++) {
      const id = (log[k] / fields) | 0;
      const t = rankOf[id];
      if (lastDoc[id] !== doc + 1) {
        lastDoc[id] = doc + 1;
        docs[at[t]++] = doc;
      }
      // This article's posting of the term is the last one laid out.
      const f = log[k] - id * fields;
      if (tf[f][at[t] - 1] < 65535) tf[f][at[t] - 1]++;
    }
  }
  return { size, terms, offsets, docs, impacts: impactsOf(docs, tf, words.lengths, words.averages) };
}

/**
 * The first pass: every word of every field as (term id × fields + field), article after article;
 * the terms in the order they first appear; how many articles hold each; the fields' lengths
 * (distinct words as written) and their running averages, as MiniSearch kept them.
 */
function logWords(size: number, fieldsOf: (doc: number) => readonly string[]) {
  const fields = FIELD_NAMES.length;
  const lengths = FIELD_NAMES.map(() => new Uint16Array(size));
  const averages = new Array<number>(fields).fill(0);
  const idOf = new Map<string, number>();
  const firstSeen: string[] = [];
  let df: Int32Array = new Int32Array(1024);
  let lastDoc: Int32Array = new Int32Array(1024);
  let log: Int32Array = new Int32Array(1 << 20);
  let logged = 0;
  const logStart = new Int32Array(size + 1);
  for (let doc = 0; doc < size; doc++) {
    logStart[doc] = logged;
    const texts = fieldsOf(doc);
    for (let f = 0; f < fields; f++) {
      const tokens = tokenize(texts[f] ?? '');
      const length = new Set(tokens).size;
      lengths[f][doc] = Math.min(65535, length);
      averages[f] = (averages[f] * doc + length) / (doc + 1);
      for (const token of tokens) {
        const term = termOf(token);
        if (term === null) continue;
        let id = idOf.get(term);
        if (id === undefined) {
          id = firstSeen.length;
          idOf.set(term, id);
          firstSeen.push(term);
          if (id >= df.length) {
            df = grow(df, 2 * df.length);
            lastDoc = grow(lastDoc, 2 * lastDoc.length);
          }
        }
        if (lastDoc[id] !== doc + 1) {
          lastDoc[id] = doc + 1;
          df[id]++;
        }
        if (logged === log.length) log = grow(log, 2 * log.length);
        log[logged++] = id * fields + f;
      }
    }
  }
  logStart[size] = logged;
  return { log, logStart, idOf, firstSeen, df, lengths, averages };
}

/** Each posting's Σ over the fields holding the term of boost × saturated tf, length-normalised (BM25F without idf). */
function impactsOf(docs: Int32Array, tf: Uint16Array[], lengths: Uint16Array[], averages: number[]): Float32Array {
  const average = averages.map((a) => a || 1);
  const impacts = new Float32Array(docs.length);
  for (let p = 0; p < docs.length; p++) {
    let impact = 0;
    for (let f = 0; f < tf.length; f++) {
      const count = tf[f][p];
      if (!count) continue;
      const { boost, k1, b } = FIELD[f];
      impact += (boost * count * (k1 + 1)) / (count + k1 * (1 - b + (b * lengths[f][docs[p]]) / average[f]));
    }
    impacts[p] = impact;
  }
  return impacts;
}

function grow(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(length);
  out.set(array);
  return out;
}

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

  /** Over stored postings: each term's lists are views of the stored arrays, nothing is copied. */
  constructor(data: PostingsData) {
    const n = data.size;
    this.size = n;
    const { terms, offsets, docs, impacts } = data;
    for (let t = 0; t < terms.length; t++) {
      this.termText.push(terms[t]);
      this.postings.push({ docs: docs.subarray(offsets[t], offsets[t + 1]), impacts: impacts.subarray(offsets[t], offsets[t + 1]) });
    }
    this.dictionary = SearchableMap.from(terms.map((term, t) => [term, t] as [string, number]));
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

  /**
   * Evaluates, a few times over and on this list's own terms, every way a query can go (one term
   * and several for a word, few articles and many, galloping and merging, AND and OR), so that the
   * compiled code has met every branch before a person's query does: a branch first met in
   * optimised code throws that code away, and the query runs on in the interpreter (measured: a
   * common word taking 10-18 ms instead of 1 in the first minutes after a load).
   */
  warm(): void {
    const byDf = this.postings.map((p, term) => ({ term, df: p.docs.length })).sort((a, b) => b.df - a.df || a.term - b.term);
    if (!byDf.length) return;
    const at = (k: number, typos = 0): Reach => ({ term: byDf[Math.min(byDf.length - 1, Math.max(0, k))].term, typos, quality: 1 });
    const common = [at(0), at(1, 1)];
    const middle = [at(byDf.length >> 4), at(byDf.length >> 3, 1)];
    const rare = [at(byDf.length - 1), at(byDf.length - 2, 1)];
    const queries: Reach[][][] = [[common.slice(0, 1)], [common], [middle], [rare], [rare.slice(0, 1)], [rare, common], [common, middle], [middle, common.slice(0, 1)]];
    for (let round = 0; round < 3; round++) {
      for (const words of queries) {
        this.evaluate(words, true);
        this.evaluate(words, false);
      }
    }
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
