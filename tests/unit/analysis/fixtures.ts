/**
 * Hand-built word layouts for parser tests. Coordinates are deliberately not those of the corpus
 * generator: the parsers must find columns from the header and from the geometry.
 */
import type { PageWords, Word } from '../../../functions/analysis/words.ts';

/** Approximate advance: half the font size per character. */
const adv = (s: string, size: number): number => [...s].length * size * 0.5;

export function word(text: string, x0: number, baseline: number, size = 8): Word {
  return { text, x0, x1: x0 + adv(text, size), y0: baseline - 0.8 * size, y1: baseline + 0.2 * size };
}

/** Left-aligned words with normal spacing. */
export function text(s: string, x0: number, baseline: number, size = 8): Word[] {
  const out: Word[] = [];
  let x = x0;
  for (const t of s.split(/\s+/).filter(Boolean)) {
    out.push(word(t, x, baseline, size));
    x += adv(t, size) + size * 0.28;
  }
  return out;
}

/** Right-aligned at xRight. */
export function right(s: string, xRight: number, baseline: number, size = 8): Word[] {
  const parts = s.split(/\s+/).filter(Boolean);
  const width = parts.reduce((w, t) => w + adv(t, size), 0) + (parts.length - 1) * size * 0.28;
  return text(s, xRight - width, baseline, size);
}

/** Centred in [x0, x1]. */
export function centred(s: string, x0: number, x1: number, baseline: number, size = 8): Word[] {
  const parts = s.split(/\s+/).filter(Boolean);
  const width = parts.reduce((w, t) => w + adv(t, size), 0) + (parts.length - 1) * size * 0.28;
  return text(s, (x0 + x1 - width) / 2, baseline, size);
}

/** Justified: words spread so the line fills [x0, x1] (as PriMus prints its descriptions). */
export function justified(s: string, x0: number, x1: number, baseline: number, size = 8): Word[] {
  const parts = s.split(/\s+/).filter(Boolean);
  const inked = parts.reduce((w, t) => w + adv(t, size), 0);
  const gap = parts.length > 1 ? (x1 - x0 - inked) / (parts.length - 1) : 0;
  const out: Word[] = [];
  let x = x0;
  for (const t of parts) {
    out.push(word(t, x, baseline, size));
    x += adv(t, size) + gap;
  }
  out[out.length - 1].x1 = x1;
  return out;
}

export function page(n: number, words: Word[]): PageWords {
  return { page: n, width: 595, height: 842, words, hasTextLayer: words.length > 0 };
}

// ---------------------------------------------------------------- PriMus-like pages

/** Column geometry of the PriMus-like fixture (not the generator's). */
export const P = {
  code: 40,
  desc: 125,
  descRight: 275,
  par: 318,
  lung: 355,
  larg: 392,
  h: 430,
  qty: 472,
  unit: 518,
  total: 575,
};

export type Nums = Partial<Record<'par' | 'lung' | 'larg' | 'h' | 'qty' | 'unit' | 'total', string>>;

export class PrimusPage {
  words: Word[] = [];
  y = 110;
  constructor(readonly n: number) {
    this.words.push(...text(`pag. ${n}`, 540, 30));
    this.words.push(...text('Num.Ord.', 52, 62, 7), ...text('TARIFFA', 55, 72, 7));
    this.words.push(...centred('DESIGNAZIONE DEI LAVORI', P.desc, P.descRight, 67, 7));
    this.words.push(...text('DIMENSIONI', 340, 55, 7), ...text('IMPORTI', 515, 55, 7));
    this.words.push(...right('par.ug.', P.par - 2, 75, 7), ...right('lung.', P.lung - 6, 75, 7));
    this.words.push(...right('larg.', P.larg - 8, 75, 7), ...right('H/peso', P.h - 5, 75, 7));
    this.words.push(...right('Quantità', P.qty - 6, 67, 7), ...right('unitario', P.unit - 6, 75, 7), ...right('TOTALE', P.total - 10, 75, 7));
  }
  private nums(n: Nums, y: number): void {
    for (const [k, v] of Object.entries(n)) if (v) this.words.push(...right(v, P[k as keyof Nums], y));
  }
  riporto(n: Nums = {}): this {
    this.words.push(...right('RIPORTO', P.descRight, 92));
    this.nums(n, 92);
    return this;
  }
  /** One body line: optional left-column text, description text (justified when asked), numbers. */
  line(code: string | null, desc: string | null, n: Nums = {}, opts: { justify?: boolean; bold?: boolean } = {}): this {
    if (code) this.words.push(...text(code, P.code, this.y));
    if (desc) this.words.push(...(opts.justify ? justified(desc, P.desc, P.descRight, this.y) : text(desc, P.desc, this.y)));
    this.nums(n, this.y);
    this.y += 11;
    return this;
  }
  centredHeading(s: string): this {
    this.words.push(...centred(s, P.desc, P.descRight, this.y));
    this.y += 11;
    return this;
  }
  sommano(um: string, qty: string, unit: string, total: string): this {
    this.words.push(...right(`SOMMANO ${um}`, P.descRight, this.y));
    this.nums({ qty, unit, total }, this.y);
    this.y += 16;
    return this;
  }
  rightLabel(label: string, n: Nums): this {
    this.words.push(...right(label, P.descRight, this.y));
    this.nums(n, this.y);
    this.y += 16;
    return this;
  }
  aRiportare(n: Nums = {}): this {
    this.words.push(...right('A RIPORTARE', P.descRight, 790));
    this.nums(n, 790);
    return this;
  }
  build(footer = 'COMMITTENTE: Comune di Prova'): PageWords {
    return page(this.n, [...this.words, ...text(footer, P.code, 812, 7)]);
  }
}
