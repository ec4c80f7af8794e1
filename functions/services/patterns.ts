import { RE2JS } from 're2js';
import safeRegex from 'safe-regex2';
import { ValidationError } from '../errors.ts';

export const MAX_PATTERN_LENGTH = 200;
export const UNSAFE_PATTERN =
  'Espressione regolare rifiutata: può richiedere tempi di calcolo eccessivi (quantificatori annidati o alternative ripetute). Semplifica il pattern.';

/** More unbounded quantifiers than this in a row, over overlapping characters, are refused. */
export const MAX_ADJACENT_UNBOUNDED = 3;

/**
 * A pattern runs on every code of every document. It runs on RE2 (see applyPatterns), which is
 * linear-time, so it must be valid for RE2 and for JavaScript alike (the syntax both share):
 * backreferences and lookarounds, which RE2 cannot run, are refused as unsafe; other RE2-only
 * or JavaScript-only syntax is refused as invalid. On top of that, the patterns that would
 * backtrack badly on a backtracking engine are refused too, so that no pattern stored today can
 * hurt if ever run elsewhere: nested quantifiers ("(a+)+", safe-regex2), repeated groups with
 * alternatives ("(a|a)*") and runs of more than three unbounded quantifiers over overlapping
 * characters ("[A-Z]+[A-Z]+[A-Z]+[A-Z]+X").
 */
export function validatePattern(pattern: unknown): string {
  if (typeof pattern !== 'string' || !pattern.trim()) throw new ValidationError('Il pattern è obbligatorio');
  const p = pattern.trim();
  if (p.length > MAX_PATTERN_LENGTH) throw new ValidationError(`Il pattern è troppo lungo (massimo ${MAX_PATTERN_LENGTH} caratteri)`);
  try {
    new RegExp(p, 'u');
  } catch (err) {
    throw new ValidationError(`Espressione regolare non valida: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
  // Backreferences and lookarounds: RE2 has neither, and both invite backtracking.
  if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(p)) throw new ValidationError(UNSAFE_PATTERN);
  try {
    RE2JS.compile(p);
  } catch (err) {
    throw new ValidationError(`Espressione regolare non valida: ${(err as Error).message.replace(/^error parsing regexp: /, '')}`);
  }
  if (/\([^()]*\|[^()]*\)(?:[*+]|\{\d*,\d*\})/.test(p)) throw new ValidationError(UNSAFE_PATTERN);
  if (!safeRegex(p)) throw new ValidationError(UNSAFE_PATTERN);
  if (longestOverlappingRun(p) > MAX_ADJACENT_UNBOUNDED) throw new ValidationError(UNSAFE_PATTERN);
  return p;
}

/* ---- Runs of unbounded quantifiers ------------------------------------------------------- */

/**
 * Characters a pattern's atoms are compared on: printable ASCII, tab and a few letters and
 * symbols seen in codes beyond it. Two atoms overlap when some sample matches both.
 */
const SAMPLES = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  '\t', '\n', '\u00a0', 'à', 'è', 'é', 'ì', 'ò', 'ù', 'À', 'È', '°', '²', '€', 'µ', 'Ω', '中',
];

type CharSet = boolean[];

interface Item {
  /** Characters the item can consume (null: consumes nothing, an assertion). */
  set: CharSet | null;
  min: number;
  max: number;
  /** Sub-sequences of a group, checked on their own too. */
  inner?: Item[][];
  /** The group holds an unbounded quantifier somewhere. */
  innerUnbounded?: boolean;
}

const NONE: CharSet = SAMPLES.map(() => false);
const union = (a: CharSet, b: CharSet): CharSet => a.map((x, i) => x || b[i]);
const overlaps = (a: CharSet, b: CharSet) => a.some((x, i) => x && b[i]);

function setOf(source: string): CharSet {
  try {
    const re = new RegExp(`^(?:${source})$`, 'u');
    return SAMPLES.map((c) => re.test(c));
  } catch {
    return SAMPLES.map(() => true); // unknown: assume it overlaps everything
  }
}

/** A small parser for the syntax both engines accept (the pattern already compiled in both). */
class Parser {
  i = 0;
  constructor(readonly p: string) {}

  alternatives(): Item[][] {
    const alts = [this.sequence()];
    while (this.p[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return alts;
  }

  sequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.p.length && this.p[this.i] !== '|' && this.p[this.i] !== ')') {
      const at = this.i;
      const item = this.atom();
      if (this.i <= at) break; // never loop on syntax this parser does not know
      this.quantifier(item);
      // A plain group with one alternative reads as its contents, in line: "(\w+)(\w+)".
      if (item.inner && item.inner.length === 1 && item.min === 1 && item.max === 1) items.push(...item.inner[0]);
      else items.push(item);
    }
    return items;
  }

  atom(): Item {
    const p = this.p;
    const c = p[this.i];
    if (c === '(') {
      this.i++;
      const look = /^\?<?[=!]/.exec(p.slice(this.i)); // lookarounds: refused before parsing, skipped if met
      if (look) this.i += look[0].length;
      else if (p.startsWith('?:', this.i)) this.i += 2;
      else if (p.startsWith('?<', this.i) || p.startsWith('?P<', this.i)) this.i = p.indexOf('>', this.i) + 1;
      else if (p[this.i] === '?') {
        // Flags, "(?i)" or "(?i:": RE2 only; JavaScript already refused them.
        while (this.i < p.length && p[this.i] !== ')' && p[this.i] !== ':') this.i++;
        if (p[this.i] === ')') {
          this.i++;
          return { set: null, min: 1, max: 1 };
        }
        this.i++;
      }
      const inner = this.alternatives();
      this.i++; // ')'
      const all = inner.flat();
      return {
        set: all.reduce<CharSet>((acc, it) => (it.set ? union(acc, it.set) : acc), NONE),
        min: 1,
        max: 1,
        inner,
        innerUnbounded: all.some((it) => it.max === Infinity || it.innerUnbounded),
      };
    }
    if (c === '[') {
      const start = this.i;
      this.i++;
      if (p[this.i] === '^') this.i++;
      while (this.i < p.length && p[this.i] !== ']') {
        if (p[this.i] === '\\') this.i += 2;
        else if (p.startsWith('[:', this.i)) this.i = p.indexOf(':]', this.i) + 2;
        else this.i++;
      }
      this.i++;
      return { set: setOf(p.slice(start, this.i)), min: 1, max: 1 };
    }
    if (c === '\\') {
      const start = this.i;
      const e = p[this.i + 1];
      this.i += 2;
      if ('bBAzZ'.includes(e)) return { set: null, min: 1, max: 1 };
      if ((e === 'p' || e === 'P' || e === 'x' || e === 'u') && p[this.i] === '{') this.i = p.indexOf('}', this.i) + 1;
      else if (e === 'x') this.i += 2;
      else if (e === 'u') this.i += 4;
      else if (e === 'p' || e === 'P') this.i += 1; // \pL
      return { set: setOf(p.slice(start, this.i)), min: 1, max: 1 };
    }
    if (c === '^' || c === '$') {
      this.i++;
      return { set: null, min: 1, max: 1 };
    }
    if (c === '.') {
      this.i++;
      return { set: SAMPLES.map((s) => s !== '\n'), min: 1, max: 1 };
    }
    const ch = String.fromCodePoint(p.codePointAt(this.i)!);
    this.i += ch.length;
    return { set: SAMPLES.map((s) => s === ch), min: 1, max: 1 };
  }

  quantifier(item: Item): void {
    const p = this.p;
    const c = p[this.i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(this.i));
      if (!m) return; // a literal "{"
      this.i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else return;
    if (p[this.i] === '?' || p[this.i] === '+') this.i++; // lazy or possessive
    item.min *= min;
    item.max *= max;
  }
}

/**
 * The longest run of unbounded quantified atoms next to each other whose characters overlap
 * with the previous one, in any sequence of the pattern. Optional bounded atoms ("-?") and
 * assertions in between do not break a run; anything that must match does, unless it holds an
 * unbounded quantifier itself (a group with alternatives counts as one atom over all its
 * characters).
 */
export function longestOverlappingRun(pattern: string): number {
  let best = 0;
  const visit = (seq: Item[]) => {
    let run = 0;
    let last: CharSet | null = null;
    for (const item of seq) {
      for (const alt of item.inner ?? []) visit(alt);
      if (!item.set) continue; // an assertion consumes nothing
      const unbounded = item.max === Infinity || Boolean(item.innerUnbounded && item.max > 0);
      if (unbounded) {
        run = run > 0 && last && overlaps(last, item.set) ? run + 1 : 1;
        last = item.set;
        best = Math.max(best, run);
      } else if (item.min > 0) {
        run = 0;
        last = null;
      }
    }
  };
  const parser = new Parser(pattern);
  for (const alt of parser.alternatives()) visit(alt);
  return best;
}

/** The patterns as stored: the admin's list and edits go straight to their repository. */
export { createPattern, deletePattern, listPatterns, requirePattern, savePattern } from '../storage/repositories/patterns.ts';
