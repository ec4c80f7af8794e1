/** Voce segmentation for prints whose voci open at a number or code and close at a later closing line. */
import type { Word } from '../words.ts';
import { CHAPTER_LEVELS, PARTIAL_LINE, VEDI_VOCE } from './hints.ts';
import { normalizeSpaces, textOf } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';
import type { Capitoli, ParsedVoce } from './types.ts';
import type { BLine, Model, Closing, Start, Levels, Open, Body } from './reading.ts';
import { amountOf } from './numbers.ts';
import { leftWords, startOf, wrapPiece, addCode, continuesCode } from './starts.ts';
import { Chapters, headingText, headingSig, nameChapters } from './chapters.ts';
import { isHeaderish } from './header.ts';
import { unitOf } from './closings.ts';
import { finish } from './finish.ts';

export const descWordsOf = (l: BLine, m: Model, until = Infinity): Word[] =>
  l.words.filter(w => w.x0 >= m.descX - 0.5 * m.fs && w.x1 <= until && !(amountOf(w.text) && w.x0 >= m.numStart));

/** Voci that open at a number or code and close at a later closing line (PriMus, LeenO, STR-like prints). */
export function readVoci(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model, warnings: string[]): ParsedVoce[] {
  const voci: ParsedVoce[] = [];
  const chapters = new Chapters();
  const named: Array<[ParsedVoce, Levels, Capitoli]> = [];
  let open: Open | null = null;
  let started = false;

  const newOpen = (l: BLine, s: Start | null): Open => ({
    n: s?.n ?? null,
    code: s?.code ? [s.code] : [],
    codeX1: s?.codeX1 ?? 0,
    codePages: new Set(s?.code ? [l.page] : []),
    weakJoin: false,
    lastCodeLine: s?.code ? l : null,
    desc: [],
    descEnds: [],
    measureSeen: false,
    measures: [],
    catSeen: false,
    page: l.page,
    words: [],
    lines: [],
    capitoli: chapters.snapshot(),
    ownCapitoli: {},
  });
  const headingOf = (l: BLine, headed: boolean): void => {
    if (!started && !headed) return;
    if (isHeaderish(l)) return;
    const text = headingText(l, model);
    if (text) chapters.heading(text, headingSig(l, text));
  };
  const toHeading = (o: Open): void => {
    for (const l of o.lines) headingOf(l, true);
  };
  const take = (o: Open, l: BLine): void => {
    o.lines.push(l);
    if (l.page === o.page) o.words.push(...l.words);
  };

  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    const l = b.line;
    const closing = closings[i];
    const wrap = open ? wrapPiece(open, l, model) : null;
    if (open && wrap) addCode(open, wrap, l);
    const start = wrap ? null : startOf(l, model);
    if (closing) {
      started = true;
      if (start?.n != null && open) {
        toHeading(open);
        open = null;
      }
      if (!open) open = newOpen(l, start);
      else if (start?.code) addCode(open, start, l);
      take(open, l);
      const firstNum = Math.min(closing.q.w.x0, closing.p.w.x0);
      const umX0 = closing.um.length ? closing.um[0].x0 : firstNum;
      if (!closing.sommano) {
        const left = leftWords(l, model);
        const d = descWordsOf(l, model, umX0 - 0.1).filter(w => !left.includes(w));
        if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
      }
      const v = finish(open, closing, unitOf(b, closing, model, open), l, model);
      model.memo.closedAt.set(v, i);
      named.push([v, open.capitoli, open.ownCapitoli]);
      voci.push(v);
      open = null;
      continue;
    }
    if (start && !(start.n != null && l.nums.some(t => Math.abs(t.w.x1 - model.importoX) <= 1.2 * model.fs)) && !isHeaderish(l)) {
      started = true;
      if (start.n != null) {
        if (open) toHeading(open);
        open = newOpen(l, start);
      } else if (!open) open = newOpen(l, start);
      else if (!open.code.length || continuesCode(open, start, l, model)) addCode(open, start, l);
      else {
        toHeading(open);
        open = newOpen(l, start);
      }
      take(open, l);
      const left = leftWords(l, model);
      const d = descWordsOf(l, model, model.descEnd).filter(w => !left.includes(w) && !(start.code && w.text === `[${start.code}]`));
      if (d.length && !open.measureSeen && !open.catSeen) addDesc(open, d);
      continue;
    }
    if (!open) {
      // Chapter lines, also numbered ones carrying their amount (LeenO); never `Totale …` rows.
      const nums = l.nums.filter(t => t.w.x0 >= model.descX - 0.5 * model.fs);
      if (nums.every(t => Math.abs(t.w.x1 - model.importoX) <= 1.2 * model.fs)) headingOf(l, b.headed);
      continue;
    }
    if (wrap) {
      take(open, l);
      const left = leftWords(l, model);
      const d = descWordsOf(l, model, model.descEnd).filter(w => !left.includes(w));
      if (d.length && !open.measureSeen && !open.catSeen && !l.nums.some(t => t.w.x0 >= model.numStart)) addDesc(open, d);
      else if (l.nums.some(t => t.w.x0 >= model.numStart)) open.measureSeen = true;
      continue;
    }
    // Inside a voce: description, Cat/SbCat lines, measurement lines.
    take(open, l);
    const descWords = descWordsOf(l, model, model.descEnd);
    const text = normalizeSpaces(textOf(descWords));
    const f = foldUpper(text);
    const level = CHAPTER_LEVELS.find(c => c.re.test(f));
    const measured = l.nums.some(t => t.w.x0 >= model.numStart) || isFormula(l);
    if (level && /^(SP|SB)?CAT\s+\d+/.test(f)) {
      open.catSeen = true;
      open.ownCapitoli[level.level] = text.replace(/^(Sp|Sb)?Cat\s+\d+\s*-\s*/i, '');
    } else if (measured || (PARTIAL_LINE.test(f) && l.nums.length > 0) || VEDI_VOCE.test(f)) {
      open.measureSeen = true;
      // Partial subtotals (`Sommano positivi`, `Parziale`) would count their lines twice.
      if (measured && !/^(SOMMANO|PARZIALE)\b/.test(f)) open.measures.push(l);
    }
    else if (text && !open.measureSeen && !open.catSeen) addDesc(open, descWords);
  }
  if (open && open.code.length) warnings.push(`Pag. ${open.page}: voce ${open.n ?? open.code.join('')} senza riga di chiusura; non letta.`);
  nameChapters(chapters, named);
  return voci;
}

/** A measurement written as a formula (`Aula 2  3,410 x 4,465`, `2,00 * 5,42 = 10,84`). */
function isFormula(l: BLine): boolean {
  if (l.nums.length < 2) return false;
  for (let k = 1; k < l.words.length - 1; k++) {
    // Both factors printed with decimals (a size in a description, `160 × 63 mm`, has none).
    const a = l.words[k - 1];
    const b = l.words[k + 1];
    if (/^[x×*=]$/i.test(l.words[k].text) && /,\d/.test(a.text) && /,\d/.test(b.text) && l.nums.some(t => t.w === a) && l.nums.some(t => t.w === b)) return true;
  }
  return false;
}

export function addDesc(open: Open, words: readonly Word[]): void {
  open.desc.push(textOf(words));
  open.descEnds.push(Math.max(...words.map(w => w.x1)));
}
