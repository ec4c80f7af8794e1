/** Closing lines: the quantity, price and amount of a voce, with its unit of measure. */
import { dec, round } from '../../../shared/domain/money.ts';
import type { Word } from '../words.ts';
import { CLOSING_WORDS, ROLE_OF } from './hints.ts';
import { orderFromHeader } from './order.ts';
import { normalizeSpaces, textOf } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import { isKnownUnit } from '../../../shared/domain/units.ts';
import { atAmountColumn, type Tok, type BLine, type HeaderModel, type Model, type Closing, type Open, type Body } from './reading.ts';
import { amountOf, tripleBefore } from './numbers.ts';
import { FS } from './thresholds.ts';

export function closingOf(l: BLine, m: Model, ph: HeaderModel | null): Closing | null {
  const nums = l.nums.filter(t => t.w.x0 >= m.descX - FS.descriptionMargin * m.fs);
  const ti = nums.findIndex(t => atAmountColumn(t, m));
  if (ti === 1) return aCorpoClosing(l, nums[0], nums[1], m);
  if (ti < 2) return null;
  const t = nums[ti];
  const before = nums.slice(0, ti);
  const pair = tripleBefore(before, t);
  let q: Tok;
  let p: Tok;
  let holds = true;
  // Which is quantity and which is price: the header's columns tell, when it has them (tables may print the price first).
  const roles = (ph?.roles.qty || ph?.roles.price ? ph : m.header)?.roles ?? {};
  if (pair) [q, p] = pair;
  else {
    // Not a product: the numbers under the header's quantity and price words (labour columns may
    // stand between the price and the amount), else the two before the amount; a closing line only
    // if they sit in the number columns.
    [q, p] = underHeader(before, roles, m) ?? before.slice(-2);
    if (q.w.x0 < m.numStart - FS.numbersSlack * m.fs) return null;
    holds = false;
  }
  const order = orderFromHeader(q.w, p.w, roles, m.fs);
  const labels = l.words.filter(w => w.x1 <= Math.min(q.w.x0, p.w.x0) + 0.1 && !amountOf(w.text, m.nf) && w.x0 >= m.descX - FS.descriptionMargin * m.fs);
  const sommanoAt = labels.findIndex(w => CLOSING_WORDS.includes(foldUpper(w.text)));
  let um: Word[] = [];
  if (sommanoAt >= 0) um = unitAfterSommano(l, labels[sommanoAt], Math.min(q.w.x0, p.w.x0), m);
  else {
    // Last group of words separated from the description by a column gap (numbers in the
    // description count as words: `da 320 a 390 cm` ends a description, `cm` is no unit there).
    const left = l.words.filter(w => w.x1 <= Math.min(q.w.x0, p.w.x0) + 0.1 && w.x0 >= m.descX - FS.descriptionMargin * m.fs);
    let j = left.length;
    while (j > 0 && (j === left.length || left[j].x0 - left[j - 1].x1 < FS.cellGap * m.fs)) j--;
    const inGroup = left.slice(j);
    // (`100 kg`: a unit counted in hundreds is a unit; any other number makes the group a description's tail.)
    // A group after a gap keeps the words after its last number (`2  cad`: a count, then the unit column).
    const multiple = inGroup.length === 2 && /^(10|100|1000)$/.test(inGroup[0].text) && !amountOf(inGroup[1].text, m.nf);
    const lastNumber = inGroup.findLastIndex(w => amountOf(w.text, m.nf) !== null);
    const group = multiple || lastNumber < 0 ? inGroup : j > 0 ? inGroup.slice(lastNumber + 1) : [];
    const k = labels.length - group.length;
    const hum = ph?.roles.um ?? m.header?.roles.um;
    if (hum && hum.x0 > m.descX + FS.indent * m.fs) {
      // Header with a U.M. column: the group must reach it.
      if (group.length && group[group.length - 1].x1 > hum.x0 - FS.unitReach * m.fs && (k > 0 || group[0].x0 > m.descX + FS.indent * m.fs)) um = group;
    } else if ((k > 0 || (group.length && group[0].x0 > m.descX + FS.indent * m.fs)) && group.length <= 3) um = group;
  }
  if (!um.length) {
    // `Quantità: 1.387,97 m² Prezzo unitario: € 20,00`: the unit right after the quantity.
    const after = l.words.filter(w => w.x0 >= q.w.x1 && w.x1 <= p.w.x0 && !amountOf(w.text, m.nf));
    const k = after.findIndex(w => ROLE_OF.has(foldUpper(w.text).replace(/:$/, '')) || /^[x×=€:]$/i.test(w.text));
    const unit = k < 0 ? after : after.slice(0, k);
    if (unit.length && unit.length <= 2 && unit[0].x0 - q.w.x1 < FS.unitReach * m.fs) um = unit;
  }
  const labour = labourTokens(before, q, p, ph ?? m.header);
  return { q, p, t, holds, um, sommano: sommanoAt >= 0, order, ...(labour ? { labour } : {}) };
}

/** Header words that name the print's own labour columns (`Mdo inc. %`, `Tot. mdo`, `Manodopera`). */
const LABOUR_HEAD = new Set(['MDO', 'MDO.', 'M.D.O.', 'M.D.O', 'MANODOPERA', 'MAN.', 'LABOUR', 'LABOR']);

/**
 * The numbers of a closing line in the header's labour columns (issue 39): those right of the
 * quantity and the price, before the amount. A percentage (`40,36%`) is the incidence and a plain
 * number the cost; two plain numbers are the incidence, then the cost. Only under a header that
 * names labour: otherwise an extra number is no declaration.
 */
function labourTokens(before: readonly Tok[], q: Tok, p: Tok, header: HeaderModel | null): Closing['labour'] | null {
  if (!header || ![...header.words].some(w => LABOUR_HEAD.has(w))) return null;
  const right = Math.max(q.w.x1, p.w.x1);
  const extra = before.filter(x => x !== q && x !== p && x.w.x0 >= right);
  if (!extra.length) return null;
  const plain = extra.filter(x => !x.pct);
  const incidenza = extra.find(x => x.pct) ?? (plain.length >= 2 ? plain[0] : undefined);
  const costo = plain.find(x => x !== incidenza);
  return { ...(incidenza ? { incidenza } : {}), ...(costo ? { costo } : {}) };
}

/** The numbers standing under the header's quantity and price columns, in print order, or null. */
function underHeader(nums: readonly Tok[], roles: HeaderModel['roles'], m: Model): [Tok, Tok] | null {
  // The number overlapping the header word most (then the nearest): columns are narrow, a number
  // right-aligned under a left-aligned word may reach the next column's word.
  const under = (r: HeaderModel['roles']['qty'], not?: Tok): Tok | undefined => {
    if (!r) return undefined;
    const overlap = (t: Tok): number => Math.min(t.w.x1, r.x1) - Math.max(t.w.x0, r.x0);
    const near = nums.filter(t => t !== not && overlap(t) > -FS.unitReach * m.fs);
    return near.sort((a, b) => overlap(b) - overlap(a))[0];
  };
  const q = under(roles.qty);
  const p = under(roles.price, q);
  if (!q || !p || q === p) return null;
  return q.w.x0 < p.w.x0 ? [q, p] : [p, q];
}

/**
 * The unit between `SOMMANO` and the quantity: its words, and a whole number followed by a unit
 * word (`100 kg`: a unit counted in hundreds).
 */
function unitAfterSommano(l: BLine, sommano: Word, until: number, m: Model): Word[] {
  const ws = l.words.filter(w => w.x0 > sommano.x0 && w.x1 <= until + 0.1);
  return ws.filter((w, i) => !amountOf(w.text, m.nf) || (/^\d{1,4}$/.test(w.text) && i + 1 < ws.length && !amountOf(ws[i + 1].text, m.nf)));
}

/**
 * `a corpo` written in the quantity column, the price equal to the amount: quantity 1, unit `a corpo`.
 * Only when the words `a corpo` stand among the number columns (right of the description).
 */
function aCorpoClosing(l: BLine, p: Tok, t: Tok, m: Model): Closing | null {
  if (round(p.v, 2).units !== round(t.v, 2).units) return null;
  const k = l.words.findIndex((w, i) => i > 0 && foldUpper(w.text) === 'CORPO' && foldUpper(l.words[i - 1].text) === 'A');
  // (or in the header's U.M. column: a cell's `a corpo` may run left of the quantity column into it)
  const hum = m.header?.roles.um;
  if (k < 1) return null;
  const inUnitColumn = hum !== undefined && l.words[k - 1].x0 >= hum.x0 - FS.unitReach * m.fs && hum.x0 > m.descX + FS.indent * m.fs;
  if (l.words[k - 1].x0 < m.numStart - FS.indent * m.fs && !inUnitColumn) return null;
  const a = l.words[k - 1];
  const w: Word = { ...a, text: 'a corpo', x1: l.words[k].x1 };
  const q: Tok = { w, v: dec(1n, 0), f: 1, aCorpo: true };
  return { q, p, t, holds: true, um: [w], sommano: false, order: 'qp' };
}

const unitText = (ws: readonly Word[]): string => normalizeSpaces(textOf(ws)).replace(/^\[(.*)\]$/, '$1').trim();

export function unitOf(b: Body, c: Closing, m: Model, open: Open | null): string {
  let um = unitText(c.um);
  if (c.um.length) {
    const ux0 = c.um[0].x0 - FS.unitRestLeft * m.fs;
    const ux1 = c.um[c.um.length - 1].x1 + FS.unitRestRight * m.fs;
    const fits = (w: Word): boolean => w.x1 > ux0 && w.x0 < ux1 && !amountOf(w.text, m.nf) && !CLOSING_WORDS.includes(foldUpper(w.text));
    // Unit over two lines (`cad/` + `mese`, `a` + `corpo`): the rest sits under it.
    const slash = um.endsWith('/');
    if (b.next && (slash || !isKnownUnit(um))) {
      // The rest sits under the first part, left- or right-aligned with it, alone on its line.
      const more = b.next.words.filter(fits);
      const joined = `${um}${slash ? '' : ' '}${textOf(more)}`;
      const alone = more.length === b.next.words.length || more.every(w => w.x0 >= ux0);
      if (more.length && alone && (slash || isKnownUnit(joined))) um = joined;
    }
    // Above, the word starts inside the unit's span (a description word may run into it).
    um = withHeadAbove(um, w => fits(w) && w.x0 >= ux0, open);
  }
  if (!um && open) {
    const found = unitFromColumn(open, m, b.header);
    um = found?.text ?? '';
    if (found) m.memo.unitLine.set(open, found.line);
  }
  // Brackets around a unit printed over two lines (`[cad/` + `giorno]`).
  return um.replace(/^\[(.*)\]$/, '$1');
}

/**
 * A unit whose first word sits on the line above, in a narrow U.M. cell (`a` over `corpo`): the
 * word joins the unit and leaves the description it was read into. Only when together they make a
 * unit computi print (the word leaves the description when it was read into it).
 */
function withHeadAbove(um: string, fits: (w: Word) => boolean, open: Open | null): string {
  if (!open || !um || open.lines.length < 2) return um;
  const above = open.lines[open.lines.length - 2];
  const head = above.words.filter(fits);
  const tail = textOf(head);
  if (!head.length || !isKnownUnit(`${tail} ${um}`)) return um;
  // The line above is the description's last line, or the one before it when the closing line has words of its own.
  for (const k of [open.desc.length - 1, open.desc.length - 2]) {
    if (k < 0) break;
    if (open.desc[k] === tail) {
      open.desc.splice(k, 1);
      open.descEnds.splice(k, 1);
    } else if (open.desc[k].endsWith(` ${tail}`)) open.desc[k] = open.desc[k].slice(0, -tail.length - 1);
    else continue;
    break;
  }
  return `${tail} ${um}`;
}

/** A unit printed in the U.M. column of another line of the voce (closing row without one), and that line. */
function unitFromColumn(open: Open, m: Model, ph: HeaderModel | null): { text: string; line: BLine } | null {
  const hum = ph?.roles.um ?? m.header?.roles.um;
  if (!hum) return null;
  const inColumn = (l: BLine): Word[] =>
    l.words.filter(w => {
      const cx = (w.x0 + w.x1) / 2;
      return cx >= hum.x0 - FS.unitReach * m.fs && cx <= hum.x1 + FS.unitReach * m.fs && w.x0 >= m.descEnd - FS.descriptionMargin * m.fs && !amountOf(w.text, m.nf);
    });
  for (let i = 0; i < open.lines.length; i++) {
    const ws = inColumn(open.lines[i]);
    if (!ws.length) continue;
    let um = unitText(ws);
    // Unit over two lines (`cad/` + `mese`).
    const next = open.lines[i + 1];
    if (um.endsWith('/') && next) {
      // The rest sits under the first part (not the description running into the column).
      const x0 = ws[0].x0 - m.fs;
      const x1 = ws[ws.length - 1].x1 + m.fs;
      um += unitText(inColumn(next).filter(w => w.x1 > x0 && w.x0 < x1));
    }
    return { text: um, line: open.lines[i] };
  }
  return null;
}
