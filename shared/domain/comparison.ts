/**
 * Comparison of computi ("Confronto tra computi", issue 23): the first document's voci against
 * one to five others (a variante, the offers of a gara), voce by voce.
 *
 * Every row of every document ends up in exactly one compared voce. The rows of each other
 * document are paired with the voci built so far (the first document's rows, then what earlier
 * documents added), in this order:
 *
 * 1. the user's choices (`abbina` two rows, `separa` two rows), kept on the first document;
 * 2. the same code once normalised (case, spaces, dots, dashes: `PAV-001` = `pav 001`). A code
 *    that occurs several times on either side is paired by chapter, description and order, the
 *    best pairs first, never twice. A row left over on the side with more rows is a voce split
 *    in two when it sits in the chapter of a voce of that code with a similar description: it is
 *    added to that voce (quantities and amounts summed) and the line says "abbinamento incerto";
 *    otherwise it is a voce of its own, also "incerto";
 * 3. the same code once a changed prefix or year is dropped (`TOS23_01.A04` / `TOS24_01.A04`,
 *    `PAV001` / `PV001`) and a similar description: paired, "incerto" unless the descriptions agree;
 * 4. for voci with no code (or a code found nowhere else) the description: paired when the words
 *    mostly agree and the unit is the same, "incerto" unless both have no code and the same words;
 * 5. what is left is a voce only that document has.
 *
 * States against the first document: `aggiunta` (the first has no row), `eliminata` (only the
 * first has rows), `variata` (some document lacks it, or its quantity, unit price or amount
 * differs), `invariata`. Money with the exact decimals of money.ts, rounded half-up.
 */
import { add, compare, div, fromNumber, isZero, mul, parsePlain, round, sub, toNumber, ZERO, type Decimal } from './money.ts';
import { fold, foldUpper } from './fold.ts';
import { termOf } from '../search-terms.ts';
import { normalizeCode, normalizeUnit } from './pricing.ts';
import { termOverlap } from './similarity.ts';
import type { ReadValues } from './row-edits.ts';

/** One row of a document as the comparison reads it. */
export interface ComparisonRow extends ReadValues {
  id: number;
  /** The chapter label ("" when the document has none). */
  capitolo: string;
  page?: number | null;
}

export interface ComparisonDocument {
  id: number;
  rows: readonly ComparisonRow[];
}

export const PAIR_ACTIONS = ['abbina', 'separa'] as const;

/** A user's choice: these two rows are one voce (`abbina`) or must not be (`separa`). */
export interface PairChoice {
  azione: (typeof PAIR_ACTIONS)[number];
  righe: [number, number];
}

export const VOCE_STATES = ['invariata', 'variata', 'aggiunta', 'eliminata'] as const;
export type VoceState = (typeof VOCE_STATES)[number];

/** A voce's state as the screens and the Excel export name it. */
export const STATE_LABEL: Record<VoceState, string> = { invariata: 'Invariata', variata: 'Variata', aggiunta: 'Aggiunta', eliminata: 'Eliminata' };

/** How a voce's rows were put together. */
export const PAIRING_RULES = ['codice', 'codice simile', 'descrizione', 'scelta', 'nessuno'] as const;
export type PairingRule = (typeof PAIRING_RULES)[number];

/** One document's part of a compared voce: its row, or the rows it is split into, summed. */
export interface ComparedValue {
  row_id: number;
  row_ids: number[];
  quantita: number | null;
  unitario: number | null;
  totale: number;
  page: number | null;
}

/** A document against the first: differences of quantity, unit price, amount and the amount's %. */
export interface ComparedDifference {
  quantita: number | null;
  unitario: number | null;
  totale: number;
  percentuale: number | null;
}

export interface ComparedVoce {
  /** Stable while the rows stay: "v" and the id of the voce's first row. */
  key: string;
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  capitolo: string;
  stato: VoceState;
  incerto: boolean;
  /** Why the pairing is uncertain (Italian), when it is. */
  motivo: string | null;
  abbinamento: PairingRule;
  /** One entry per document, the first document's first; null where it has no such voce. */
  valori: Array<ComparedValue | null>;
  /** One entry per document: null for the first, then each one against the first. */
  differenze: Array<ComparedDifference | null>;
}

export interface ComparedChapter {
  capitolo: string;
  /** Per document, the sum of its amounts in the chapter. */
  subtotali: number[];
  /** Per document: null for the first, then subtotal − the first's subtotal. */
  differenze: Array<number | null>;
}

export interface ComparisonResult {
  voci: ComparedVoce[];
  capitoli: ComparedChapter[];
  /** Per document, the sum of its amounts over every voce (= the sum of its rows). */
  totali: number[];
  differenze_totali: Array<ComparedDifference | null>;
}

export const MAX_COMPARED_DOCUMENTS = 5;

export const UNCERTAIN = {
  split: 'Voce divisa in più righe in un documento: importi sommati',
  repeated: 'Codice ripetuto: abbinata per capitolo, descrizione e ordine',
  similarCode: 'Codice diverso (prefisso o anno cambiato)',
  description: 'Abbinata per descrizione',
} as const;

// ------------------------------------------------------------------ codes and descriptions

const YEAR = /^(19|20)\d\d$/;

/**
 * The code without what a new price list or a new year changes: a leading segment (`TOS23_`,
 * `2024.`, `PAV-`), year segments, and for a one-segment code its leading letters
 * (`PAV001` / `PV001` → `001`). Empty when nothing is left.
 */
export function coreCode(code: string): string {
  const segments = foldUpper(code.normalize('NFKC'))
    .split(/[^A-Z0-9]+/)
    .filter((s) => s && !YEAR.test(s));
  if (segments.length >= 2) return segments.slice(1).join('');
  const only = segments[0] ?? '';
  return only.replace(/^[A-Z]+/, '').replace(/^(19|20)\d\d(?=\d)/, '');
}

/** Words of computi that tell no voce apart, beyond the search's stop words (shared/search-terms.ts). */
const STOP = new Set(['dell', 'compreso', 'compresi', 'altro', 'onere', 'oneri', 'the', 'and']);

/**
 * The words of a description that tell it apart: folded, three letters or more (or with a digit),
 * each reduced to the search's Italian stem ("scavo", "scavi" → "scav").
 */
export function descriptionTerms(text: string): string[] {
  const out = new Set<string>();
  for (const w of fold(text).split(/[^a-z0-9]+/)) {
    if (!w || STOP.has(w) || (w.length < 3 && !/\d/.test(w))) continue;
    const term = termOf(w);
    if (term) out.add(term);
  }
  return [...out];
}

/** Dice coefficient of two descriptions' terms (shared/domain/similarity.ts); two descriptions with no words do not disagree. */
const termSimilarity = (a: readonly string[], b: readonly string[]): number => (!a.length && !b.length ? 1 : termOverlap(a, b));

const unitsAgree = (a: string, b: string): boolean => {
  const x = normalizeUnit(a);
  const y = normalizeUnit(b);
  return !x || !y || x === y;
};

// ------------------------------------------------------------------ voci being built

interface Entry {
  row: ComparisonRow;
  terms: string[];
  code: string;
  core: string;
  /** Position in its document, 0..1 (order between repeated codes). */
  pos: number;
}

interface Voce {
  slots: Entry[][];
  /** The row that names the voce: the first document's, else the first one found. */
  head: Entry;
  rule: PairingRule;
  uncertain: string | null;
  /** Order: the document the head comes from, then its position. */
  order: [number, number];
}

const DESCRIPTION_SPLIT = 0.5;
const DESCRIPTION_MATCH = 0.6;
const DESCRIPTION_SAME = 0.9;

class Pairing {
  readonly voci: Voce[] = [];
  private readonly apart = new Map<number, Set<number>>();
  private readonly together = new Map<number, number[]>();

  constructor(
    private readonly count: number,
    choices: readonly PairChoice[],
  ) {
    for (const c of choices) {
      const [a, b] = c.righe;
      const map = c.azione === 'separa' ? this.apart : this.together;
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        if (map === this.apart) {
          if (!this.apart.has(x)) this.apart.set(x, new Set());
          this.apart.get(x)!.add(y);
        } else {
          if (!this.together.has(x)) this.together.set(x, []);
          this.together.get(x)!.push(y);
        }
      }
    }
  }

  /** The user separated this row from a row of the voce. */
  private kept(v: Voce, e: Entry): boolean {
    const apart = this.apart.get(e.row.id);
    if (!apart) return false;
    return v.slots.some((slot) => slot.some((x) => apart.has(x.row.id)));
  }

  private newVoce(doc: number, e: Entry, index: number, uncertain: string | null = null): Voce {
    const slots: Entry[][] = Array.from({ length: this.count }, () => []);
    slots[doc].push(e);
    const v: Voce = { slots, head: e, rule: 'nessuno', uncertain, order: [doc, index] };
    this.voci.push(v);
    return v;
  }

  private attach(v: Voce, doc: number, e: Entry, rule: PairingRule, uncertain: string | null) {
    v.slots[doc].push(e);
    if (rule === 'scelta' || v.rule === 'nessuno') v.rule = rule;
    if (rule === 'scelta') v.uncertain = null;
    else if (uncertain && v.rule !== 'scelta') v.uncertain ??= uncertain;
  }

  addFirst(entries: Entry[]) {
    entries.forEach((e, i) => this.newVoce(0, e, i));
  }

  /** Pairs one more document's rows with the voci so far. */
  addDocument(doc: number, entries: Entry[]) {
    const open = new Set(this.voci);
    const left = new Set(entries);
    const byRow = new Map<number, Voce>();
    for (const v of this.voci) for (const slot of v.slots) for (const e of slot) byRow.set(e.row.id, v);
    const take = (v: Voce, e: Entry, rule: PairingRule, uncertain: string | null) => {
      this.attach(v, doc, e, rule, uncertain);
      open.delete(v);
      left.delete(e);
      byRow.set(e.row.id, v);
    };

    // 1. The user's choices.
    for (const e of entries) {
      for (const other of this.together.get(e.row.id) ?? []) {
        const v = byRow.get(other);
        if (v && left.has(e) && v.slots[doc].length === 0) take(v, e, 'scelta', null);
      }
    }

    // 2. Same normalised code.
    const splits: Array<{ e: Entry; group: Voce[] }> = [];
    this.pairGroups(
      open,
      left,
      (x) => x.code,
      (v, e, score, groupSizes) => {
        const repeated = groupSizes[0] > 1 || groupSizes[1] > 1;
        take(v, e, 'codice', repeated && score.description < DESCRIPTION_SPLIT ? UNCERTAIN.repeated : null);
      },
      0,
      (e, group) => splits.push({ e, group }),
    );
    for (const { e, group } of splits) {
      if (!left.has(e)) continue;
      // A voce split in two: the chapter of a voce of its code that this document already has, similar words.
      let best: Voce | null = null;
      let bestScore = DESCRIPTION_SPLIT;
      for (const v of group) {
        if (v.slots[doc].length === 0 || v.slots[doc][0].row.capitolo !== e.row.capitolo || this.kept(v, e)) continue;
        const s = termSimilarity(v.slots[doc][0].terms, e.terms);
        if (s >= bestScore) [best, bestScore] = [v, s];
      }
      if (best) {
        best.slots[doc].push(e);
        best.uncertain = best.rule === 'scelta' ? null : UNCERTAIN.split;
        left.delete(e);
        byRow.set(e.row.id, best);
      }
    }
    // The first document's own split: a voce of only first-document rows left over beside a paired one of its code.
    this.mergeFirstSplits(doc, open);

    // 3. Same code once a changed prefix or year is dropped.
    this.pairGroups(
      open,
      left,
      (x) => (x.code ? x.core : ''),
      (v, e, score) => take(v, e, 'codice simile', score.description >= DESCRIPTION_SAME ? null : UNCERTAIN.similarCode),
      DESCRIPTION_SPLIT,
    );

    // 4. The description.
    this.pairByDescription(open, left, doc, take);

    // 5. Rows only this document has.
    let i = 0;
    for (const e of entries) {
      if (!left.has(e)) continue;
      const sameCode = e.code && this.voci.some((v) => v.head.code === e.code);
      const v = this.newVoce(doc, e, i++, sameCode ? UNCERTAIN.repeated : null);
      byRow.set(e.row.id, v);
    }
  }

  /**
   * Pairs rows and voci that share a key, best pairs first: similar words, the same chapter, the
   * same place among the rows of that key. `rest` hears of each row left over in a shared key.
   */
  private pairGroups(
    open: Set<Voce>,
    left: Set<Entry>,
    keyOf: (e: Entry) => string,
    pair: (v: Voce, e: Entry, score: { description: number }, sizes: [number, number]) => void,
    minDescription: number,
    rest?: (e: Entry, group: Voce[]) => void,
  ) {
    const groups = new Map<string, { voci: Voce[]; rows: Entry[] }>();
    const allByKey = new Map<string, Voce[]>();
    for (const v of this.voci) {
      const key = keyOf(v.head);
      if (!key) continue;
      if (!allByKey.has(key)) allByKey.set(key, []);
      allByKey.get(key)!.push(v);
      if (!open.has(v)) continue;
      if (!groups.has(key)) groups.set(key, { voci: [], rows: [] });
      groups.get(key)!.voci.push(v);
    }
    for (const e of left) {
      const key = keyOf(e);
      if (!key) continue;
      const g = groups.get(key);
      if (g) g.rows.push(e);
      else if (rest && allByKey.has(key)) rest(e, allByKey.get(key)!);
    }
    for (const [key, g] of groups) {
      if (!g.rows.length) continue;
      const sizes: [number, number] = [g.voci.length, g.rows.length];
      if (g.voci.length === 1 && g.rows.length === 1) {
        const [v, e] = [g.voci[0], g.rows[0]];
        const d = termSimilarity(v.head.terms, e.terms);
        if (d >= minDescription && !this.kept(v, e)) pair(v, e, { description: d }, sizes);
        else if (rest) rest(e, allByKey.get(key)!);
        continue;
      }
      const candidates: Array<{ v: Voce; e: Entry; score: number; d: number }> = [];
      g.voci.forEach((v, i) =>
        g.rows.forEach((e, j) => {
          if (this.kept(v, e)) return;
          const d = termSimilarity(v.head.terms, e.terms);
          if (d < minDescription) return;
          const place = 1 - Math.abs(i / g.voci.length - j / g.rows.length);
          const chapter = v.head.row.capitolo === e.row.capitolo ? 1 : 0;
          candidates.push({ v, e, d, score: 0.5 * d + 0.3 * chapter + 0.2 * place });
        }),
      );
      candidates.sort((a, b) => b.score - a.score);
      const usedV = new Set<Voce>();
      const usedE = new Set<Entry>();
      for (const c of candidates) {
        if (usedV.has(c.v) || usedE.has(c.e)) continue;
        usedV.add(c.v);
        usedE.add(c.e);
        pair(c.v, c.e, { description: c.d }, sizes);
      }
      if (rest) for (const e of g.rows) if (!usedE.has(e)) rest(e, allByKey.get(key)!);
      if (g.voci.length !== g.rows.length) {
        // Repeated codes in unequal numbers: every voce of the group says so.
        for (const v of g.voci) if (usedV.has(v) && v.rule !== 'scelta') v.uncertain ??= UNCERTAIN.repeated;
      }
    }
  }

  /** A voce with only a first-document row, unpaired, beside a paired voce of its code and chapter: the other document joined the two. */
  private mergeFirstSplits(doc: number, open: Set<Voce>) {
    const paired = new Map<string, Voce[]>();
    for (const v of this.voci) {
      if (v.slots[doc].length && v.slots[0].length && v.head.code) {
        if (!paired.has(v.head.code)) paired.set(v.head.code, []);
        paired.get(v.head.code)!.push(v);
      }
    }
    for (const v of [...open]) {
      if (!v.head.code || !v.slots[0].length || v.slots.some((s, i) => i !== 0 && s.length)) continue;
      let best: Voce | null = null;
      let bestScore = DESCRIPTION_SPLIT;
      for (const p of paired.get(v.head.code) ?? []) {
        if (p.head.row.capitolo !== v.head.row.capitolo || v.slots[0].some((e) => this.kept(p, e))) continue;
        const s = termSimilarity(p.head.terms, v.head.terms);
        if (s >= bestScore) [best, bestScore] = [p, s];
      }
      if (!best) continue;
      best.slots[0].push(...v.slots[0]);
      best.uncertain = best.rule === 'scelta' ? null : UNCERTAIN.split;
      this.voci.splice(this.voci.indexOf(v), 1);
      open.delete(v);
    }
  }

  private pairByDescription(open: Set<Voce>, left: Set<Entry>, doc: number, take: (v: Voce, e: Entry, rule: PairingRule, uncertain: string | null) => void) {
    if (!left.size || !open.size) return;
    // Candidates through the words they share (an inverted index of the open voci).
    const postings = new Map<string, Voce[]>();
    for (const v of open) for (const t of v.head.terms) (postings.get(t) ?? postings.set(t, []).get(t)!).push(v);
    const scored: Array<{ v: Voce; e: Entry; d: number }> = [];
    for (const e of left) {
      const seen = new Set<Voce>();
      for (const t of e.terms) {
        const list = postings.get(t);
        if (!list || list.length > 400) continue;
        for (const v of list) {
          if (seen.has(v)) continue;
          seen.add(v);
          if (!unitsAgree(v.head.row.unita_di_misura, e.row.unita_di_misura) || this.kept(v, e)) continue;
          const d = termSimilarity(v.head.terms, e.terms);
          if (d >= DESCRIPTION_MATCH) scored.push({ v, e, d });
        }
      }
    }
    scored.sort((a, b) => b.d - a.d);
    for (const s of scored) {
      if (!open.has(s.v) || !left.has(s.e) || s.v.slots[doc].length) continue;
      const sure = s.d >= DESCRIPTION_SAME && !s.e.code && !s.v.head.code;
      take(s.v, s.e, 'descrizione', sure ? null : UNCERTAIN.description);
    }
  }
}

// ------------------------------------------------------------------ values and differences

const D = (n: number | null | undefined): Decimal | null => (typeof n === 'number' && Number.isFinite(n) ? fromNumber(n) : null);
const HUNDRED = parsePlain('100');

/** A document's part of a voce with its exact decimals, computed once. */
interface Slot {
  value: ComparedValue;
  q: Decimal | null;
  p: Decimal | null;
  t: Decimal;
}

function slotOf(slot: Entry[]): Slot | null {
  if (!slot.length) return null;
  const rows = slot.map((e) => e.row);
  if (rows.length === 1) {
    const r = rows[0];
    const t = round(D(r.totale) ?? ZERO);
    return { value: { row_id: r.id, row_ids: [r.id], quantita: r.quantita, unitario: r.unitario, totale: toNumber(t), page: r.page ?? null }, q: D(r.quantita), p: D(r.unitario), t };
  }
  const total = round(rows.reduce((acc, r) => add(acc, D(r.totale) ?? ZERO), ZERO));
  const quantities = rows.map((r) => D(r.quantita));
  const q = quantities.every((x) => x !== null) ? quantities.reduce<Decimal>((acc, x) => add(acc, x!), ZERO) : null;
  const prices = rows.map((r) => D(r.unitario));
  const samePrice = prices.every((p) => p !== null && compare(p, prices[0]!) === 0);
  const unit = samePrice ? prices[0] : q && !isZero(q) ? div(total, q, 2) : null;
  return {
    value: { row_id: rows[0].id, row_ids: rows.map((r) => r.id), quantita: q ? toNumber(q) : null, unitario: unit ? toNumber(unit) : null, totale: toNumber(total), page: rows[0].page ?? null },
    q,
    p: unit,
    t: total,
  };
}

const differs = (x: Decimal | null, y: Decimal | null): boolean => (x === null || y === null ? x !== y : compare(x, y) !== 0);

function difference(base: Slot | null, other: Slot | null): ComparedDifference {
  const bt = base ? base.t : ZERO;
  const ot = other ? other.t : ZERO;
  const dt = sub(ot, bt);
  // A document without the voce has none of it: quantity 0 (its price is unknown).
  const oq = other ? other.q : ZERO;
  const bq = base ? base.q : ZERO;
  return {
    quantita: oq && bq ? toNumber(sub(oq, bq)) : null,
    unitario: other?.p && base?.p ? toNumber(round(sub(other.p, base.p))) : null,
    totale: toNumber(dt),
    percentuale: base && !isZero(bt) ? toNumber(div(mul(dt, HUNDRED), bt, 2)) : null,
  };
}

function stateOf(slots: Array<Slot | null>): VoceState {
  const [base, ...others] = slots;
  if (!base) return 'aggiunta';
  if (others.every((v) => !v)) return 'eliminata';
  const changed = others.some((v) => !v || differs(v.q, base.q) || differs(v.p, base.p) || differs(v.t, base.t));
  return changed ? 'variata' : 'invariata';
}

/**
 * A row's words and codes, worked out once per row object: a server that keeps a document's rows
 * in memory (and the same row objects for them) compares them again without redoing it.
 */
const ENTRY_PARTS = new WeakMap<ComparisonRow, Pick<Entry, 'terms' | 'code' | 'core'>>();

function entriesOf(rows: readonly ComparisonRow[]): Entry[] {
  const n = Math.max(1, rows.length);
  return rows.map((row, i) => {
    let parts = ENTRY_PARTS.get(row);
    if (!parts) ENTRY_PARTS.set(row, (parts = { terms: descriptionTerms(row.descrizione), code: normalizeCode(row.tariffa, { compact: true }), core: coreCode(row.tariffa) }));
    return { row, ...parts, pos: i / n };
  });
}

/**
 * Compares the first document with the others. `choices` are the user's (abbina / separa);
 * a choice naming a row that is not in these documents changes nothing.
 */
export function compareDocuments(documents: readonly ComparisonDocument[], choices: readonly PairChoice[] = []): ComparisonResult {
  if (documents.length < 2) throw new RangeError('at least two documents');
  const pairing = new Pairing(documents.length, choices);
  pairing.addFirst(entriesOf(documents[0].rows));
  for (let d = 1; d < documents.length; d++) pairing.addDocument(d, entriesOf(documents[d].rows));

  // Chapters in the order the first document has them, then as the others bring new ones.
  const chapterOrder = new Map<string, number>();
  const voceChapter = (v: Voce) => (v.slots[0][0] ?? v.head).row.capitolo;
  const sorted = [...pairing.voci].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  for (const v of sorted) if (!chapterOrder.has(voceChapter(v))) chapterOrder.set(voceChapter(v), chapterOrder.size);
  sorted.sort((a, b) => chapterOrder.get(voceChapter(a))! - chapterOrder.get(voceChapter(b))! || a.order[0] - b.order[0] || a.order[1] - b.order[1]);

  const n = documents.length;
  const chapterSums = new Map<string, Decimal[]>();
  const totals: Decimal[] = Array.from({ length: n }, () => ZERO);
  const voci: ComparedVoce[] = sorted.map((v) => {
    const slots = v.slots.map(slotOf);
    const valori = slots.map((s) => s?.value ?? null);
    const capitolo = voceChapter(v);
    const sums = chapterSums.get(capitolo) ?? chapterSums.set(capitolo, Array.from({ length: n }, () => ZERO)).get(capitolo)!;
    slots.forEach((slot, i) => {
      if (!slot) return;
      sums[i] = add(sums[i], slot.t);
      totals[i] = add(totals[i], slot.t);
    });
    const head = (v.slots[0][0] ?? v.head).row;
    const first = (v.slots.find((x) => x.length) ?? [v.head])[0].row;
    return {
      key: `v${first.id}`,
      tariffa: head.tariffa,
      descrizione: head.descrizione,
      unita_di_misura: head.unita_di_misura,
      capitolo,
      stato: stateOf(slots),
      incerto: v.uncertain !== null,
      motivo: v.uncertain,
      abbinamento: v.rule,
      valori,
      differenze: slots.map((slot, i) => (i === 0 ? null : difference(slots[0], slot))),
    };
  });
  const capitoli: ComparedChapter[] = [...chapterSums].map(([capitolo, sums]) => ({
    capitolo,
    subtotali: sums.map((s) => toNumber(round(s))),
    differenze: sums.map((s, i) => (i === 0 ? null : toNumber(round(sub(s, sums[0]))))),
  }));
  const whole = (t: Decimal): Slot => ({ value: { row_id: 0, row_ids: [], quantita: null, unitario: null, totale: toNumber(round(t)), page: null }, q: null, p: null, t: round(t) });
  return {
    voci,
    capitoli,
    totali: totals.map((t) => toNumber(round(t))),
    differenze_totali: totals.map((t, i) => (i === 0 ? null : difference(whole(totals[0]), whole(t)))),
  };
}

/** The chapter label of a row: its levels, from the widest, joined by " › ". */
export function chapterLabel(capitoli: { supercategoria?: string; categoria?: string; sottocategoria?: string } | null | undefined): string {
  if (!capitoli) return '';
  return [capitoli.supercategoria, capitoli.categoria, capitoli.sottocategoria].filter((s): s is string => !!s && !!s.trim()).join(' \u203a ');
}

/** Keeps a new choice, dropping any earlier one about the same two rows (the later one wins). */
export function withChoice(choices: readonly PairChoice[], choice: PairChoice): PairChoice[] {
  const same = (c: PairChoice) => (c.righe[0] === choice.righe[0] && c.righe[1] === choice.righe[1]) || (c.righe[0] === choice.righe[1] && c.righe[1] === choice.righe[0]);
  return [...choices.filter((c) => !same(c)), choice];
}
