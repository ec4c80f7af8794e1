/** Chapter headings between voci and the levels they name. */
import { CHAPTER_LEVELS, DATE, SUBTOTAL_LABEL } from './hints.ts';
import { normalizeSpaces, textOf } from './lines.ts';
import { foldUpper } from '../../../shared/domain/fold.ts';
import type { Capitoli, ParsedVoce } from './types.ts';
import type { BLine, Model, Levels } from './reading.ts';
import { amountOf } from './numbers.ts';

const NAMES: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

export const NUMBERED = /^(?:CAPITOLO\s+(\d+)\b|(\d{1,3}(?:\.\d{1,3}){0,2})[.)]?\s+\S)/;

/**
 * Chapter headings met between voci. Their level comes from, in order: explicit markers (hints:
 * `LAVORI A MISURA`, `(Cat n)`, `SbCat n -`), the depth of their numbering (`2`, `2.1`, `CAPITOLO 2`),
 * their style (centred, upper case, size, bold) in order of first appearance.
 */
export class Chapters {
  private kind: 'fixed' | 'num' | 'style' = 'style';
  private order: string[] = [];
  private stack: Levels = [];
  private maxRank = 0;
  private pending = '';

  heading(text: string, sig: string): void {
    const f = foldUpper(text);
    const fixed = CHAPTER_LEVELS.find(c => c.re.test(f));
    if (fixed) {
      if (this.kind !== 'fixed') this.reset('fixed');
      // A heading wrapped over two lines: the first one carries no marker.
      if (this.pending && !/^(SP|SB)?CAT\s+\d/.test(f)) text = `${this.pending} ${text}`;
      this.pending = '';
      this.set(NAMES.indexOf(fixed.level), text.replace(/\s*\((Sp|Sb)?Cat\s*\d+\)\s*$/i, '').replace(/^(Sp|Sb)?Cat\s+\d+\s*-\s*/i, '').trim());
      return;
    }
    if (this.kind === 'fixed') {
      this.pending = this.pending ? `${this.pending} ${text}` : text;
      return;
    }
    this.pending = text;
    const m = NUMBERED.exec(f);
    if (m) {
      if (this.kind !== 'num') this.reset('num');
      this.set(m[1] ? 0 : Math.min(2, m[2].split('.').length - 1), text);
      return;
    }
    if (this.kind === 'num') return;
    let rank = this.order.indexOf(sig);
    if (rank < 0) {
      if (this.order.length >= 3) return;
      this.order.push(sig);
      rank = this.order.length - 1;
    }
    this.set(rank, text);
  }

  private reset(kind: Chapters['kind']): void {
    this.kind = kind;
    this.stack = [];
    this.maxRank = 0;
  }

  private set(rank: number, text: string): void {
    this.stack = this.stack.slice(0, rank);
    this.stack[rank] = text;
    this.maxRank = Math.max(this.maxRank, rank);
  }

  snapshot(): Levels {
    this.pending = '';
    return [...this.stack];
  }

  /** Level names once every heading is known (two levels: supercategoria and categoria). */
  name(levels: Levels | undefined, own: Capitoli): Capitoli | undefined {
    const out: Capitoli = {};
    const names = this.kind === 'fixed' ? NAMES : this.maxRank === 0 ? ['categoria' as const] : NAMES;
    (levels ?? []).forEach((t, i) => {
      if (t && names[i]) out[names[i]] = t;
    });
    // A Cat/SbCat line inside the voce names its chapter, unless it is the heading's title cut by a wrap.
    for (const k of NAMES) {
      const o = own[k];
      if (o && !(out[k] && out[k]!.startsWith(o.replace(/[,;\s]+$/, '')))) out[k] = o;
    }
    return clean(out);
  }
}

function clean(c: Capitoli): Capitoli | undefined {
  const out: Capitoli = {};
  for (const k of NAMES) if (c[k]) out[k] = c[k];
  return Object.keys(out).length ? out : undefined;
}

/** The document's own title (`COMPUTO METRICO ESTIMATIVO`, `STIMA DEI LAVORI - …`), never a chapter. */
const DOCUMENT_TITLE = /^(COMPUTO METRICO|STIMA DEI LAVORI|OFFERTA ECONOMICA|PREVENTIVO DI SPESA|ELENCO PREZZI UNITARI|QUADRO ECONOMICO)\b/;

export const headingText = (l: BLine, m: Model): string => {
  const text = normalizeSpaces(textOf(l.words.filter(w => !amountOf(w.text, m.nf) || w.x0 < m.numStart)));
  // A dated line (`Comune di Fano - 23/04/2024`) heads the document, not a chapter.
  const titled = DOCUMENT_TITLE.test(foldUpper(text)) || l.words.some(w => DATE.test(w.text));
  return !text || titled || SUBTOTAL_LABEL.test(foldUpper(text)) ? '' : text;
};

export const headingSig = (l: BLine, text: string): string =>
  `${l.centred ? 'c' : 'l'}${text === text.toUpperCase() ? 'U' : 'm'}${Math.round(l.fs)}${l.bold ? 'b' : ''}`;

export function nameChapters(chapters: Chapters, named: ReadonlyArray<[ParsedVoce, Levels, Capitoli]>): void {
  for (const [v, levels, own] of named) {
    const c = chapters.name(levels, own);
    if (c) v.capitoli = c;
  }
}
