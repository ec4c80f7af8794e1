/**
 * Column model: where the amounts of closing lines right-align, where the description column starts
 * and ends, where voce numbers and codes sit, whether the description is justified.
 */
import { DECIMAL_COMMA, type NumberFormat } from './numbers.ts';
import type { Word } from '../words.ts';
import { type BLine, type HeaderModel, type PageModel, type Model, median, type Body } from './reading.ts';
import { tripleBefore, clusters } from './numbers.ts';
import { leftWords, VOCE_NUMBER } from './starts.ts';
import { FS } from './thresholds.ts';
import { textOf } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';

export function columnModel(pages: readonly PageModel[], skip: (l: BLine) => boolean, nf: NumberFormat = DECIMAL_COMMA): Model | null {
  const fs = median(pages.map(p => p.fs)) || 8;
  const ts: number[] = [];
  const firstX: number[] = [];
  const weights: number[] = [];
  for (const p of pages) {
    for (const l of p.lines.slice(p.bodyFrom)) {
      if (skip(l)) continue;
      if (l.nums.length >= 3) {
        for (let k = l.nums.length - 1; k >= 2; k--) {
          if (tripleBefore(l.nums.slice(0, k), l.nums[k])) {
            ts.push(l.nums[k].w.x1);
            break;
          }
        }
      }
      // Column starts: text words that open the line or follow a column gap, weighted by the
      // words that follow them in the same column (descriptions are the wordiest column).
      let segStart = -1;
      for (let k = 0; k <= l.words.length; k++) {
        const w = l.words[k];
        const gap = !w || k === 0 || w.x0 - l.words[k - 1].x1 >= FS.cellGap * l.fs;
        if (gap && segStart >= 0) {
          firstX.push(l.words[segStart].x0);
          weights.push(Math.min(k - segStart, 8));
          segStart = -1;
        }
        if (!w) break;
        if (gap && !(l.nums.length && l.nums.some(t => t.w === w))) segStart = k;
      }
    }
  }
  if (!ts.length) return null;
  const cs = clusters(ts, FS.numberColumn * fs);
  const maxN = Math.max(...cs.map(c => c.n));
  const importo = [...cs].reverse().find(c => c.n >= Math.max(1, 0.3 * maxN))!;
  const header = pages.find(p => p.header)?.header ?? null;
  const descX = descriptionStart(firstX, weights, header, fs);
  let numStart: number;
  const hr = header?.roles;
  const numRoles = hr ? (['dim', 'qty', 'price', 'total'] as const).map(k => hr[k]).filter((r): r is NonNullable<typeof r> => !!r) : [];
  if (numRoles.length >= 2) numStart = Math.min(...numRoles.map(r => r.x0)) - FS.numbersLead * fs;
  else numStart = descX + 0.35 * (importo.x - descX);
  numStart = Math.max(numStart, descX + FS.numbersAfterDescription * fs);
  // Description words may run up to the first number header (justified text ends on its margin);
  // a U.M. column between description and numbers ends the description.
  let descEnd = numRoles.length >= 2 ? Math.max(numStart, Math.min(...numRoles.map(r => r.x0)) - FS.descriptionToNumbers * fs) : numStart;
  if (hr?.um && hr.um.x0 > descX + FS.unitColumnAfterDescription * fs && hr.um.x0 < numStart + FS.numbersAfterDescription * fs) descEnd = Math.min(numStart, hr.um.x0 - fs);
  const model: Model = { fs, nf, importoX: importo.x, descX, numStart, descEnd, header, memo: { starts: new WeakMap(), closedAt: new WeakMap(), unitLine: new WeakMap() } };
  // A chapter column named left of the number or code column: its words are neither numbers nor codes.
  const ch = hr?.chapter;
  const next = [hr?.n, hr?.code].filter((r): r is NonNullable<typeof r> => !!r && !!ch && r.x0 > ch.x1);
  if (ch && next.length) model.chapterRight = Math.min(...next.map(r => r.x0)) - FS.descriptionMargin * fs;
  splitGluedCodes(pages, model);
  leftColumns(pages, model);
  return model;
}

/**
 * Description column: where most text columns start (each start weighted by the words after it).
 * A header naming the description column says it starts no further right than its word ends (a
 * justified description, drawn word by word with wide gaps, must not lose to the unit column) and,
 * with a code column named left of it, right of where that column starts (a code that fills its
 * cell runs into the description with no column gap).
 */
function descriptionStart(firstX: readonly number[], weights: readonly number[], header: HeaderModel | null, fs: number): number {
  const bins = new Map<number, number>();
  firstX.forEach((x, i) => {
    const b = Math.round(x / (FS.startBin * fs));
    bins.set(b, (bins.get(b) ?? 0) + weights[i]);
  });
  let descX = 0;
  let best = -1;
  const descHead = header?.roles.desc;
  const codeHead = header?.roles.code && descHead && header.roles.code.x1 < descHead.x0 ? header.roles.code : undefined;
  const starts = [...bins].filter(([b]) => !descHead || (b * FS.startBin * fs <= descHead.x1 + fs && (!codeHead || b * FS.startBin * fs > codeHead.x0 + fs)));
  for (const [b, n] of starts.length ? starts : bins) {
    const around = n + (bins.get(b - 1) ?? 0) + (bins.get(b + 1) ?? 0);
    if (around > best || (around === best && b * FS.startBin * fs < descX)) {
      best = around;
      descX = b * FS.startBin * fs;
    }
  }
  // Bin centre -> leftmost start of that column.
  const near = firstX.filter(x => Math.abs(x - descX) <= FS.startNear * fs);
  return near.length ? Math.min(...near) : descX;
}

/** A code ending in a digit or a dot, glued to a capitalised word: `2U.16.095.0090` + `Soglia`. */
const GLUED_CODE = /^(\S*\d\S*[\d.])([A-ZÀ-Ý][a-zà-ÿ'’]{2,}\S*)$/;

/**
 * A code that fills its cell prints with no space before the description's first word, and the
 * text layer gives one word (`2U.16.095.0090Soglia`): where it starts in the code column and runs
 * into the description column, it is split back into the code and the word, as printed.
 */
function splitGluedCodes(pages: readonly PageModel[], model: Model): void {
  const codeSide = model.descX - FS.descriptionMargin * model.fs;
  for (const p of pages) {
    for (const l of p.lines) {
      const k = l.words.findIndex(w => w.x0 < codeSide && w.x1 > model.descX + model.fs && GLUED_CODE.test(w.text));
      if (k < 0) continue;
      const w = l.words[k];
      const [, code, word] = GLUED_CODE.exec(w.text)!;
      const at = w.x0 + ((w.x1 - w.x0) * code.length) / w.text.length;
      l.words.splice(k, 1, { ...w, text: code, x1: at }, { ...w, text: word, x0: at });
      l.all = foldUpper(textOf(l.words));
      l.label = l.nums.length ? foldUpper(textOf(l.words.filter(x => !l.nums.some(t => t.w === x)))) : l.all;
    }
  }
}

/** Voce numbers right-aligned in a column of their own, left of the code: where they end; where codes start. */
function leftColumns(pages: readonly PageModel[], model: Model): void {
  const fs = model.fs;
  const ends: number[] = [];
  const starts: number[] = [];
  const codeStarts: number[] = [];
  for (const p of pages) {
    for (const l of p.lines) {
      const ws = leftWords(l, model);
      const c = ws.find(w => /[A-Za-z]/.test(w.text) && /\d/.test(w.text) && /\./.test(w.text));
      if (c) codeStarts.push(c.x0);
      if (ws.length >= 2 && VOCE_NUMBER.test(ws[0].text) && ws[1].x0 - ws[0].x1 >= FS.voceNumberGap * fs && /\D/.test(ws[1].text)) {
        ends.push(ws[0].x1);
        starts.push(ws[0].x0);
      }
    }
  }
  if (codeStarts.length >= 3) model.codeLeft = median(codeStarts);
  if (ends.length >= 3) {
    model.nRight = median(ends);
    // Left-aligned numbers (`9`, `10`) share their start instead.
    model.nLeft = median(starts);
  }
}

/** Right margin of a justified description column, when most long description lines reach it. */
export function justifyEdgeOf(body: readonly Body[], m: Model): number | undefined {
  const textWords = (l: BLine): Word[] => l.words.filter(w => w.x0 >= m.descX - FS.descriptionMargin * m.fs && w.x1 <= m.descEnd && !l.nums.some(t => t.w === w));
  const long = body.map(b => textWords(b.line)).filter(ws => ws.length >= 4);
  if (!long.length) return undefined;
  const ends = long.map(ws => Math.max(...ws.map(w => w.x1)));
  // The margin is where most long lines end (a title running past it does not move it).
  const near = (e: number): number[] => ends.filter(x => Math.abs(x - e) <= FS.justifySlack * m.fs);
  let best: number[] = [];
  for (const e of ends) {
    const n = near(e);
    if (n.length > best.length) best = n;
  }
  return best.length * 10 >= long.length * 3 ? Math.max(...best) : undefined;
}
