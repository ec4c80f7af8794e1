/**
 * What every layout shares: per-document randomisation of the page set-up, the page flow
 * (header, carry rows, footers), and the ground-truth record in the shared corpus format.
 */
import { FONT_NAMES, type FontFamily, type Rng, Sheet, fmt, sum2 } from './core.ts';
import type { Misura, Model, Voce } from './content.ts';

export interface TruthMisura {
  testo: string;
  par_ug: number | null;
  lung: number | null;
  larg: number | null;
  h_peso: number | null;
  parziale: number;
}

export interface TruthItem {
  n: number;
  tariffa: string;
  descrizione: string;
  um: string;
  quantita: number;
  unitario: number;
  totale: number;
  page: number;
  page_end: number;
  misure?: TruthMisura[];
  /** The print itself does not close (printed q × p ≠ amount, a unit the program blanked): a reader must flag the voce. */
  da_verificare?: true;
}

export interface Truth {
  file: string;
  layout: string;
  scanned: false;
  pages: number;
  document_total: number;
  voci: number;
  currency: 'EUR';
  thousands_separator: string;
  decimal_separator: ',' | '.';
  font: string;
  imitates: string;
  seed: number;
  generator: string;
  /** Extra facts about this document (orientation, column order, …), for debugging failures. */
  variant?: Record<string, unknown>;
  items: TruthItem[];
}

export interface Setup {
  family: FontFamily;
  size: number;
  landscape: boolean;
  /** Landscape drawn on a portrait page with /Rotate 90. */
  rotated: boolean;
  /** Text drawn as whole strings, word by word or glyph by glyph. */
  runs: 'line' | 'word' | 'char';
  /** Order of the text operations in the content stream (see Sheet.order). */
  order: 'rows' | 'columns' | 'reverse';
  margin: { l: number; r: number; t: number; b: number };
  thou: string;
}

export function randomSetup(rng: Rng, o: { landscape?: boolean; thou?: string; families?: FontFamily[]; sizes?: [number, number]; runs?: Setup['runs'] } = {}): Setup {
  const family = rng.pick(o.families ?? (['Helvetica', 'Helvetica', 'Times', 'Courier'] as FontFamily[]));
  const [lo, hi] = o.sizes ?? [7, 10];
  // Courier is wide: keep it on the small side
  const size = family === 'Courier' ? Math.min(hi, lo + rng.int(0, 4) * 0.5) : lo + rng.int(0, (hi - lo) * 2) * 0.5;
  const m = (): number => rng.int(22, 50);
  const landscape = o.landscape ?? rng.chance(0.3);
  const margin = { l: m(), r: m(), t: m(), b: m() };
  const rotated = landscape && rng.chance(0.35);
  const runs = o.runs ?? (rng.chance(0.25) ? 'word' : rng.chance(0.07) ? 'char' : 'line');
  const order = rng.chance(0.8) ? 'rows' : rng.chance(0.5) ? 'columns' : 'reverse';
  return { family, size, landscape, rotated, runs, order, margin, thou: o.thou ?? '.' };
}

/** Tracks where each voce was printed and what text it carries. */
export class Recorder {
  private readonly items = new Map<number, TruthItem>();
  constructor(private readonly model: Model) {}

  start(v: Voce, page: number, misure = false): TruthItem {
    const t: TruthItem = {
      n: v.n,
      tariffa: v.tariffa,
      descrizione: '',
      um: v.um,
      quantita: v.quantita,
      unitario: v.unitario,
      totale: v.totale,
      page,
      page_end: page,
    };
    if (misure && v.misure.length) t.misure = v.misure.map(truthMisura);
    this.items.set(v.n, t);
    return t;
  }

  get(n: number): TruthItem {
    const t = this.items.get(n);
    if (!t) throw new Error(`voce ${n} not recorded`);
    return t;
  }

  list(): TruthItem[] {
    const out = this.model.voci.map(v => this.get(v.n));
    return out;
  }
}

export function truthMisura(m: Misura): TruthMisura {
  const [par_ug, lung, larg, h_peso] = m.dims;
  return { testo: m.vedi ? `vedi voce n.${m.vedi.n}` : m.testo, par_ug, lung, larg, h_peso, parziale: m.parziale };
}

/** Page flow: calls `start` on each new page (returns the first free y) and `end` before leaving one. */
export class Flow {
  y = 0;
  constructor(
    readonly s: Sheet,
    readonly bottom: number,
    private readonly hooks: { start: (first: boolean) => number; end: (last: boolean) => void },
  ) {}

  begin(): void {
    this.s.addPage();
    this.y = this.hooks.start(true);
  }

  fits(h: number): boolean {
    return this.y + h <= this.bottom;
  }

  newPage(): void {
    this.hooks.end(false);
    this.s.addPage();
    this.y = this.hooks.start(false);
  }

  /** Starts a new page unless `h` points fit; true if it did. */
  ensure(h: number): boolean {
    if (this.fits(h)) return false;
    this.newPage();
    return true;
  }

  finish(): void {
    this.hooks.end(true);
  }
}

export interface Rendered {
  sheet: Sheet;
  model: Model;
  items: TruthItem[];
  setup: Setup;
  imitates: string;
  variant?: Record<string, unknown>;
  /** Decimal mark of the print (default ','). */
  decimal?: ',' | '.';
}

export async function toTruth(name: string, layout: string, seed: number, r: Rendered): Promise<{ pdf: Uint8Array; truth: Truth }> {
  const pdf = await r.sheet.save();
  const items = r.items;
  const total = sum2(items.map(i => i.totale));
  if (total !== r.model.total) throw new Error(`generator invariant violated: truth total ${total} ≠ model total ${r.model.total}`);
  for (const it of items) {
    if (it.page < 1 || it.page_end < it.page || it.page_end > r.sheet.pages.length) throw new Error(`generator: bad pages for voce ${it.n}`);
  }
  const truth: Truth = {
    file: `${name}.pdf`,
    layout,
    scanned: false,
    pages: r.sheet.pages.length,
    document_total: total,
    voci: items.length,
    currency: 'EUR',
    thousands_separator: r.setup.thou,
    decimal_separator: r.decimal ?? ',',
    font: `${FONT_NAMES[r.setup.family]} ${r.setup.size} pt (PDF standard font, WinAnsi)`,
    imitates: r.imitates,
    seed,
    generator: 'tests/generator/generate.ts',
    variant: { landscape: r.setup.landscape, ...(r.setup.rotated ? { rotated: '/Rotate 90' } : {}), ...(r.setup.runs !== 'line' ? { text_runs: r.setup.runs } : {}), ...(r.setup.order !== 'rows' ? { text_order: r.setup.order } : {}), ...r.variant },
    items,
  };
  return { pdf, truth };
}

/** Formats with the document's separator; `dec` decimals. */
export const money = (setup: Setup) => (v: number, dec = 2): string => fmt(v, dec, setup.thou);
