/**
 * The general reader's shared records: a body line with its numbers (BLine), a page's and the
 * document's column model (Model, the per-parse context with its memos), a closing line, a voce start,
 * an open voce while its lines are read.
 */
import type { Decimal } from '../../../shared/domain/money.ts';
import type { Word } from '../words.ts';
import type { Role } from './hints.ts';
import type { Order } from './order.ts';
import type { NumberFormat } from './numbers.ts';
import type { Capitoli, ParsedVoce } from './types.ts';
import { FS } from './thresholds.ts';

export interface Tok {
  w: Word;
  v: Decimal;
  /** Float value, for a quick rejection before the exact check. */
  f: number;
  /** A rate printed as a percentage (`19,23%`), its value the fraction (0,1923). */
  pct?: boolean;
  /** `a corpo` written where the quantity goes: quantity 1. */
  aCorpo?: boolean;
  /** Printed with a currency sign (`€ 10,00`, `17,74 €`): a price or an amount, never a quantity. */
  euro?: boolean;
}

export interface BLine {
  page: number;
  words: Word[];
  y0: number;
  y1: number;
  fs: number;
  nums: Tok[];
  /** Folded text of the non-amount words. */
  label: string;
  /** Folded text of all words. */
  all: string;
  centred: boolean;
  bold: boolean;
  /** Carry line or footer: never read. */
  skip: boolean;
}

export interface HeaderModel {
  roles: Partial<Record<Role, { x0: number; x1: number; cx: number }>>;
  /** The header's words, folded. */
  words: ReadonlySet<string>;
}

export interface PageModel {
  page: number;
  width: number;
  fs: number;
  lines: BLine[];
  header: HeaderModel | null;
  /** Index of the first body line under the header (0 without header). */
  bodyFrom: number;
}

export interface Model {
  fs: number;
  /** How the print writes its numbers (decimal comma or point). */
  nf: NumberFormat;
  importoX: number;
  descX: number;
  numStart: number;
  /** Right end of the description column (a U.M. column may follow it). */
  descEnd: number;
  header: HeaderModel | null;
  /** Right edge of the voce-number column, when numbers and codes sit in columns of their own. */
  nRight?: number;
  /** Left edge of the voce-number column. */
  nLeft?: number;
  /** Right edge of a chapter column the header names left of the voce number and code columns. */
  chapterRight?: number;
  /** Where codes (`A.01.001`, letters and dots) start in the left column. */
  codeLeft?: number;
  /** Right margin of a justified description column. */
  justifyEdge?: number;
  /**
   * This parse's memos: the start read on a line, the body index of each voce's closing line, and
   * the line a voce's unit was taken from when its closing line had none.
   */
  memo: { starts: WeakMap<BLine, Start | null>; closedAt: WeakMap<ParsedVoce, number>; unitLine: WeakMap<Open, BLine> };
}

export interface Closing {
  q: Tok;
  p: Tok;
  t: Tok;
  holds: boolean;
  um: Word[];
  sommano: boolean;
  /** Quantity / price order the header gives (null: it does not decide). */
  order: Order;
  /** The labour the print states for the voce in its own columns (`Mdo inc. %`, `Tot. mdo`; issue 39). */
  labour?: { incidenza?: Tok; costo?: Tok };
}

export const median = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

/** The q-quantile of xs (0 for none). */
export const quantile = (xs: number[], q: number): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(q * (s.length - 1))];
};

export interface Start {
  n: number | null;
  code: string;
  /** Right edge of the code piece. */
  codeX1: number;
}

export type Levels = Array<string | undefined>;

export interface Open {
  n: number | null;
  code: string[];
  codeX1: number;
  codePages: Set<number>;
  /** A code piece was joined on another page without a dot to say so. */
  weakJoin: boolean;
  lastCodeLine: BLine | null;
  desc: string[];
  /** Right edge of each description line (a justified description reaches the column's margin). */
  descEnds: number[];
  measureSeen: boolean;
  /** Measurement lines: their partials add up to the voce's quantity. */
  measures: BLine[];
  catSeen: boolean;
  page: number;
  words: Word[];
  lines: BLine[];
  capitoli: Levels;
  ownCapitoli: Capitoli;

}

export interface Body {
  line: BLine;
  header: HeaderModel | null;
  /** Next line on the same page (for a unit printed over two lines). */
  next: BLine | undefined;
  /** The page has a column header: its text lines are chapter headings, not a cover. */
  headed: boolean;
}

/** The number stands in the amount column: its right edge on the amounts'. */
export const atAmountColumn = (t: Tok, m: Model): boolean => Math.abs(t.w.x1 - m.importoX) <= FS.numberColumn * m.fs;
