/** Voce starts: the voce number and / or code in the left column, and the pieces of a wrapped code. */
import type { Word } from '../words.ts';
import { BRACKET_CODE, CHAPTER_WORD, DATE, LABELLED_START } from './hints.ts';
import type { BLine, Model, Start, Open } from './reading.ts';
import { FS } from './thresholds.ts';

/** Words of the number / code column (left of the description column; right of a chapter column). */
export const leftWords = (l: BLine, m: Model): Word[] =>
  l.words.filter(w => w.x0 < m.descX - FS.descriptionMargin * m.fs && !DATE.test(w.text) && !(m.chapterRight !== undefined && w.x1 <= m.chapterRight));

export const VOCE_NUMBER = /^[1-9]\d{0,4}\.?$/;

/** The voce number and / or code that open a voce on this line (memoised per parse: lines are asked often). */
export function startOf(l: BLine, m: Model): Start | null {
  let s = m.memo.starts.get(l);
  if (s === undefined) m.memo.starts.set(l, (s = readStart(l, m)));
  return s;
}

function readStart(l: BLine, m: Model): Start | null {
  const ws = leftWords(l, m);
  if (!ws.length) {
    // `Art. 12 - Cod. A01.001` (word-processor prints with labelled fields).
    const lab = LABELLED_START.exec(l.words.slice(0, 8).map(w => w.text).join(' '));
    return lab ? { n: Number(lab[1]), code: lab[2], codeX1: l.words[Math.min(l.words.length - 1, 7)].x1 } : null;
  }
  const glued = splitGluedNumber(ws[0], m);
  if (glued) ws.splice(0, 1, ...glued);
  const toks = ws.map(w => w.text);
  let n: number | null = null;
  let rest = ws;
  const ep = /^([1-9]\d{0,4})\/\S+$/.exec(toks[0]);
  const fused = /^([1-9]\d{0,4})\.?\[([^\]\s]+)\]$/.exec(toks[0]);
  if (fused) return { n: Number(fused[1]), code: fused[2], codeX1: ws[0].x1 };
  // A lone number away from the number column is a piece of a wrapped code (`…059.00` / `8`).
  const inNumberColumn = (w: Word): boolean => Math.abs(w.x1 - m.nRight!) <= FS.voceNumberColumn * m.fs || (m.nLeft !== undefined && Math.abs(w.x0 - m.nLeft) <= FS.voceNumberColumn * m.fs);
  // (A lone number left of where codes start is the voce number, whatever the number column says.)
  const leftOfCodes = m.codeLeft !== undefined && ws[0].x1 <= m.codeLeft - FS.leftOfCodes * m.fs;
  if (ws.length === 1 && m.nRight !== undefined && VOCE_NUMBER.test(toks[0]) && !inNumberColumn(ws[0]) && !leftOfCodes) {
    return { n: null, code: toks[0], codeX1: ws[0].x1 };
  }
  if (VOCE_NUMBER.test(toks[0])) {
    n = parseInt(toks[0], 10);
    // `N / EP`: the price-list number is not part of the code.
    const skip = toks[1] === '/' && toks[2] ? 3 : /^\/\S+$/.test(toks[1] ?? '') ? 2 : 1;
    rest = ws.slice(skip);
  } else if (ep) {
    n = Number(ep[1]);
    rest = ws.slice(1);
  } else if (ws.length >= 2 && VOCE_NUMBER.test(toks[toks.length - 1]) && ws[ws.length - 1].x0 - ws[ws.length - 2].x1 >= FS.trailingNumberGap * m.fs) {
    // Code column first, then the number (`Articolo | Pos.`).
    n = parseInt(toks[toks.length - 1], 10);
    rest = ws.slice(0, -1);
  }
  // A chapter's word printed beside the number or the code (a chapter column the header did not name) is not the code.
  while (rest.length && CHAPTER_WORD.test(rest[0].text) && (n != null || rest.length > 1)) rest = rest.slice(1);
  let code = rest.map(w => w.text).join(' ');
  let codeX1 = rest.length ? rest[rest.length - 1].x1 : 0;
  if (n != null && !code) {
    // `1. [N38045]`: the code in brackets opens the description column.
    const first = l.words.find(w => w.x0 >= m.descX - FS.descriptionMargin * m.fs);
    const b = first ? BRACKET_CODE.exec(first.text) : null;
    if (b) {
      code = b[1];
      codeX1 = first!.x1;
    }
  }
  if (n == null && !isCodeLike(code)) return null;
  return { n, code: n != null && !isCodeLike(code) && !BRACKET_CODE.test(`[${code}]`) ? '' : code, codeX1 };
}

/**
 * A voce number right-aligned against a left-aligned code prints with no space between them and
 * the text layer gives one word (`11C.01.060.0010.a`, `2np011`): where the header names a number
 * column left of the code column and the word starts in the first and runs into the second, it is
 * split where the code column starts.
 */
function splitGluedNumber(w: Word, m: Model): [Word, Word] | null {
  const roles = m.header?.roles;
  const digits = /^\d{1,4}/.exec(w.text)?.[0];
  if (!roles?.n || !roles.code || roles.n.x1 > roles.code.x0 || !digits || digits.length === w.text.length) return null;
  const codeX = roles.code.x0;
  if (!(w.x0 < codeX - FS.descriptionMargin * m.fs && w.x1 > codeX + m.fs)) return null;
  const per = (w.x1 - w.x0) / w.text.length;
  let best = 0;
  for (let k = 1; k <= digits.length; k++) if (Math.abs(w.x0 + per * k - codeX) < Math.abs(w.x0 + per * best - codeX)) best = k;
  if (!best || Math.abs(w.x0 + per * best - codeX) > m.fs || !isCodeLike(w.text.slice(best)) || w.text[best] === '.') return null;
  const at = w.x0 + per * best;
  return [{ ...w, text: w.text.slice(0, best), x1: at }, { ...w, text: w.text.slice(best), x0: at }];
}

function isCodeLike(s: string): boolean {
  if (!s || s.length > 40) return false;
  if (/\s/.test(s) && s.split(/\s+/).length > 2) return false;
  return /\d/.test(s) || /^[A-Z]{1,3}\.[A-Z]{1,3}\.?$/i.test(s) || /^\.[A-Za-z0-9]/.test(s);
}

/**
 * The rest of a code cut by a narrow column (`2B.05.030.0` / `020.b`, `S.22.085.` / `250`): left-column
 * text on the line right after the code line, when the code was cut at a dot or filled its column.
 * Then even a bare number or letter is a piece of the code, not a voce number.
 */
export function wrapPiece(open: Open, l: BLine, m: Model): Start | null {
  if (!open.code.length || open.lines.at(-1) !== open.lastCodeLine) return null;
  const ws = leftWords(l, m);
  if (!ws.length) return null;
  const text = ws.map(w => w.text).join('');
  // A voce number printed left of where codes start is never a code's tail.
  if (m.codeLeft !== undefined && VOCE_NUMBER.test(text) && ws[ws.length - 1].x1 <= m.codeLeft - FS.leftOfCodes * m.fs) return null;
  if (text.length > 14 || /\//.test(text) && !/^[A-Za-z]{0,3}\d*\/\d+/.test(text)) return null;
  const lastPiece = open.code[open.code.length - 1];
  const cut = /[._\-/]$/.test(lastPiece) || text.startsWith('.') || open.codeX1 >= m.descX - FS.fullCodeCell * m.fs;
  return cut ? { n: null, code: text, codeX1: ws[ws.length - 1].x1 } : null;
}

/**
 * Words of the code column that can be a piece of a code cell: at most two words, no phrase
 * (`CAPITOLO 1 - SERRAMENTI`, a header cell's `Elenco Prezzi`); the first piece must look like a code.
 */
export function isCodePiece(left: readonly Word[], first: boolean): boolean {
  if (!left.length || left.length > 2) return false;
  const text = left.map(w => w.text).join('');
  if (!/^[A-Za-z0-9._\-/]+$/.test(text)) return false;
  return first ? isCodeLike(text) : isCodeLike(text) || text.length <= 4;
}

export function addCode(open: Open, s: Start, l: BLine): void {
  if (!s.code) return;
  const lastPiece = open.code.at(-1);
  if (lastPiece && !open.codePages.has(l.page) && !lastPiece.endsWith('.') && !s.code.startsWith('.')) open.weakJoin = true;
  open.code.push(s.code);
  open.codeX1 = s.codeX1;
  open.codePages.add(l.page);
  open.lastCodeLine = l;
}

/** A code piece continues the open code when the code was cut: at a dot, or because it filled its column. */
export function continuesCode(open: Open, s: Start, l: BLine, m: Model): boolean {
  const lastPiece = open.code[open.code.length - 1];
  if (lastPiece.endsWith('.') || lastPiece.endsWith('_') || lastPiece.endsWith('-') || s.code.startsWith('.')) return true;
  if (open.codeX1 >= m.descX - FS.fullCodeCell * m.fs) return true;
  // Right under the code line of a numbered voce with no measurement yet: the code's cut tail (`D.18.04` / `2.0360`).
  const underCode = open.lastCodeLine !== null && open.lines.at(-1) === open.lastCodeLine && s.code.length <= 8 && l.page >= open.page;
  return underCode && (!open.desc.length || (open.n != null && !open.measureSeen && !/^\d+(\.\d+)*$/.test(open.code.join(''))));
}
