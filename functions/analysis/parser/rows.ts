/** Voce segmentation for tables: the closing line is the row's anchor; cell blocks go to their anchor. */
import type { Capitoli, ParsedVoce } from './types.ts';
import { atAmountColumn, type BLine, type Model, type Closing, median, quantile, type Levels, type Open, type Body } from './reading.ts';
import { leftWords, startOf, isCodePiece } from './starts.ts';
import { Chapters, headingText, headingSig, nameChapters, NUMBERED } from './chapters.ts';
import { isHeaderish } from './header.ts';
import { descWordsOf, addDesc } from './segment.ts';
import { unitOf } from './closings.ts';
import { centreY } from './page.ts';
import { finish } from './finish.ts';
import { R_UM_RIGA } from './checks.ts';
import { FS } from './thresholds.ts';

/** Text-line gaps needed to take a table's line pitch from its cells' text alone. */
const MIN_TEXT_GAPS = 3;

/** A row being collected: its anchor's index and the indexes of its lines. */
type Members = Map<number, number[]>;

/**
 * Table rows: the closing line is the row's anchor. Lines are cut into blocks at the gaps wider
 * than the line spacing (cell padding); each block's lines go to its anchor (top-aligned rows: the
 * anchor above; vertically centred rows: the nearest anchor). Blocks without an anchor are chapter rows.
 */
export function readRows(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model): ParsedVoce[] {
  const chapters = new Chapters();
  const capOf = new Map<number, Levels>();
  const blocks = lineBlocks(body, closings, model);
  const { members, order } = assignLines(body, closings, model, blocks, chapters, capOf);
  const named: Array<[ParsedVoce, Levels, Capitoli]> = [];
  const unitSides: Array<[ParsedVoce, 'sopra' | 'sotto']> = [];
  const voci = order.map((a) => {
    const { voce, open } = rowVoce(body, closings, model, a, members.get(a)!, capOf.get(a) ?? []);
    named.push([voce, open.capitoli, open.ownCapitoli]);
    const unitLine = model.memo.unitLine.get(open);
    if (unitLine) unitSides.push([voce, before(unitLine, body[a].line) ? 'sopra' : 'sotto']);
    return voce;
  });
  flagMixedUnitSides(unitSides);
  nameChapters(chapters, named);
  return voci;
}

const before = (x: BLine, y: BLine): boolean => x.page < y.page || (x.page === y.page && x.y0 < y.y0);

/**
 * Units taken from another line of their row, some above the row's numbers and some below: the
 * unit cells sit where the rows' cells do not (a unit aligned to the foot of its cell, numbers at
 * the head), so a unit may be its neighbour's. No sum checks a unit: every such voce is flagged.
 */
function flagMixedUnitSides(sides: ReadonlyArray<[ParsedVoce, 'sopra' | 'sotto']>): void {
  if (new Set(sides.map(([, side]) => side)).size < 2) return;
  for (const [v] of sides) if (!v.verifica.includes(R_UM_RIGA)) v.verifica.push(R_UM_RIGA);
}

/** The body cut into blocks (cells) at gaps wider than the line pitch inside a cell. */
function lineBlocks(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model): number[][] {
  // The line pitch inside a cell: gaps between text lines (a row's anchor, centred in a tall row, sits
  // between two of them); between cells the padding makes a larger gap.
  const gaps: number[] = [];
  const textGaps: number[] = [];
  let prevText: BLine | null = null;
  for (let i = 0; i < body.length; i++) {
    const l = body[i].line;
    if (i > 0 && l.page === body[i - 1].line.page) gaps.push(l.y0 - body[i - 1].line.y1);
    if (closings[i]) continue;
    if (prevText && prevText.page === l.page) textGaps.push(l.y0 - prevText.y1);
    prevText = l;
  }
  // (The lower quartile: in tables of two-line cells, paddings are as many as gaps inside cells;
  // the smaller of the two, as few cells wrap in tables of one-line rows.)
  const all = median(gaps.filter(g => g >= 0));
  const typical = textGaps.length >= MIN_TEXT_GAPS ? Math.min(all, quantile(textGaps.filter(g => g >= 0), 0.25)) : all;
  const blocks: number[][] = [];
  for (let i = 0; i < body.length; i++) {
    const prev = body[i - 1]?.line;
    const l = body[i].line;
    const split = !prev || prev.page !== l.page || l.y0 - prev.y1 > typical + FS.rowGap * model.fs;
    if (split) blocks.push([i]);
    else blocks[blocks.length - 1].push(i);
  }
  return blocks;
}

/** Top-aligned rows when anchors open their blocks in at least half the blocks that have one. */
function isTopAligned(blocks: readonly number[][], closings: ReadonlyArray<Closing | null>): boolean {
  let firstInBlock = 0;
  let anchored = 0;
  for (const bl of blocks) {
    const k = bl.findIndex(i => closings[i]);
    if (k < 0) continue;
    anchored++;
    if (k === 0) firstInBlock++;
  }
  return firstInBlock * 2 >= anchored;
}

/** Every block's lines to their anchor (or to the chapters when the block has none), anchors in reading order. */
function assignLines(
  body: readonly Body[],
  closings: ReadonlyArray<Closing | null>,
  model: Model,
  blocks: readonly number[][],
  chapters: Chapters,
  capOf: Map<number, Levels>,
): { members: Members; order: number[] } {
  const topAligned = isTopAligned(blocks, closings);
  const members: Members = new Map();
  const order: number[] = [];
  let prevAnchor: number | null = null;
  let prevPage = 0;
  let anchoredOnPage = false;
  const chapterRow = chapterRowsOf(body, closings, model, blocks);
  const heading = (l: BLine): void => {
    const text = chapterRow(l) ? headingText(l, model) : '';
    if (text) chapters.heading(text, headingSig(l, text));
  };
  for (const bl of blocks) {
    const anchors = bl.filter(i => closings[i]);
    const first = body[bl[0]].line;
    const newPage = first.page !== prevPage;
    if (newPage) anchoredOnPage = false;
    prevPage = first.page;
    // The first lines of a page may end the last row of the previous page. Top-aligned rows: a
    // wrapped code piece or a description going on in lower case. Vertically centred rows (the code
    // centred in each page's part of the row): a block with no anchor holding a piece of the code.
    const carried =
      prevAnchor != null &&
      (topAligned
        ? newPage && (leftWords(first, model).length > 0 || /^[a-zàèéìòù]/.test(first.words[0]?.text ?? ''))
        : !anchoredOnPage && !anchors.length && bl.some(i => isCodePiece(leftWords(body[i].line, model), true)));
    if (anchors.length) anchoredOnPage = true;
    if (!anchors.length) {
      if (carried) members.get(prevAnchor!)!.push(...bl);
      else for (const i of bl) heading(body[i].line);
      continue;
    }
    for (const a of anchors) members.set(a, []);
    const block = { bl, anchors, carriedTo: carried ? prevAnchor : null };
    if (topAligned) assignTopAligned(body, closings, model, block, members, chapters, capOf, heading);
    else assignCentred(body, closings, model, block, members, chapters, capOf);
    order.push(...anchors);
    prevAnchor = anchors[anchors.length - 1];
  }
  return { members, order };
}

/**
 * Which lines outside the rows may be chapter headings: no number in the columns (a numbered title,
 * `CAPITOLO 1 - …`, keeps its number), not header words. Where the print's chapter rows are cells
 * merged across the row (their titles start left of the description column), a line that starts in
 * the description column is a description's fragment cut off its row by a gap, never a chapter.
 */
function chapterRowsOf(body: readonly Body[], closings: ReadonlyArray<Closing | null>, model: Model, blocks: readonly number[][]): (l: BLine) => boolean {
  const margin = FS.descriptionMargin * model.fs;
  const candidate = (l: BLine): boolean =>
    !isHeaderish(l) && (!l.nums.length || (NUMBERED.test(l.all) && l.nums.every(t => t.w.x0 < model.numStart))) && headingText(l, model) !== '';
  // (Below a column header or between voci: a title above a headerless table is the document's.)
  const firstAnchor = closings.findIndex(Boolean);
  const inTable = (i: number): boolean => body[i].headed || (firstAnchor >= 0 && i > firstAnchor);
  const merged = blocks.some(bl => !bl.some(i => closings[i]) && bl.some(i => inTable(i) && candidate(body[i].line) && body[i].line.words[0].x0 < model.descX - margin));
  return (l) => candidate(l) && !(merged && l.words[0].x0 >= model.descX - margin);
}

interface Block {
  bl: readonly number[];
  anchors: readonly number[];
  /** The previous page's last anchor this block's first lines go on (top-aligned rows only). */
  carriedTo: number | null;
}

/** A subtotal row: an amount in the amount column, no anchor. */
const isSubtotal = (l: BLine, model: Model): boolean => l.nums.some(t => atAmountColumn(t, model));

/** Rows open at their anchor; a subtotal row closes the current one; lines outside rows are headings. */
function assignTopAligned(
  body: readonly Body[],
  closings: ReadonlyArray<Closing | null>,
  model: Model,
  block: Block,
  members: Members,
  chapters: Chapters,
  capOf: Map<number, Levels>,
  heading: (l: BLine) => void,
): void {
  let cur: number | null = block.carriedTo;
  for (const i of block.bl) {
    const l = body[i].line;
    if (closings[i]) {
      cur = i;
      capOf.set(i, chapters.snapshot());
      members.get(i)!.push(i);
    } else if (isSubtotal(l, model)) cur = null;
    else if (cur != null) members.get(cur)!.push(i);
    else heading(l);
  }
}

/** Vertically centred rows: each line goes to the nearest anchor; subtotal rows to none. */
function assignCentred(
  body: readonly Body[],
  closings: ReadonlyArray<Closing | null>,
  model: Model,
  block: Block,
  members: Members,
  chapters: Chapters,
  capOf: Map<number, Levels>,
): void {
  for (const a of block.anchors) capOf.set(a, chapters.snapshot());
  for (const i of block.bl) {
    if (!closings[i] && isSubtotal(body[i].line, model)) continue;
    const cy = (body[i].line.y0 + body[i].line.y1) / 2;
    const a = closings[i] ? i : block.anchors.reduce((best, x) => (Math.abs(centreY(body[x].line) - cy) < Math.abs(centreY(body[best].line) - cy) ? x : best));
    members.get(a)!.push(i);
  }
}

/** One table row read as a voce: code pieces from the code cell, description, then the closing's numbers. */
function rowVoce(
  body: readonly Body[],
  closings: ReadonlyArray<Closing | null>,
  model: Model,
  a: number,
  memberLines: number[],
  capitoli: Levels,
): { voce: ParsedVoce; open: Open } {
  const c = closings[a]!;
  const lines = memberLines.sort((x, y) => x - y).map(i => body[i].line);
  const anchor = body[a].line;
  const open: Open = {
    n: null, code: [], codeX1: 0, codePages: new Set(), weakJoin: false, lastCodeLine: null, desc: [], descEnds: [], measureSeen: false, measures: [], catSeen: false,
    page: lines[0].page, words: lines.filter(l => l.page === lines[0].page).flatMap(l => l.words), lines, capitoli, ownCapitoli: {},
  };
  for (const l of lines) {
    const left = leftWords(l, model);
    const s = startOf(l, model);
    if (l === anchor || !open.code.length) {
      if (s?.n != null && open.n == null) open.n = s.n;
      // Each printed line of the code cell is one piece, cut anywhere: joined without spaces.
      if (s?.code) open.code.push(s.code.replace(/\s+/g, ''));
      else if (!s && isCodePiece(left, !open.code.length)) open.code.push(left.map(w => w.text).join(''));
    } else if (isCodePiece(left, l.page !== anchor.page)) {
      // (On the next page, only what looks like a code: a header's `ord.` left there is not.)
      const piece = left.map(w => w.text).join('');
      // A piece from the next page joined with no dot between: the join is likely, not sure.
      if (l.page !== anchor.page && !open.code.at(-1)?.endsWith('.') && !piece.startsWith('.')) open.weakJoin = true;
      open.code.push(piece);
    }
    const until = l === anchor ? (c.um.length ? c.um[0].x0 : Math.min(c.q.w.x0, c.p.w.x0)) - 0.1 : model.descEnd;
    const d = descWordsOf(l, model, until).filter(w => !left.includes(w));
    if (d.length) addDesc(open, d);
  }
  const voce = finish(open, c, unitOf(body[a], c, model, open), anchor, model);
  model.memo.closedAt.set(voce, a);
  return { voce, open };
}
