/**
 * Generic row-table printer shared by the table-like layouts (separators, excel_prezzo_prima,
 * narrow_code, blumatica): configurable columns, code/unit wrapping, measurement lines, amount
 * placement, chapter rows with subtotals, carry rows, grids, repeated headers and footers.
 */
import type { PDFPage } from 'pdf-lib';
import { type Rng, Sheet, sum2 } from './core.ts';
import type { Model, Voce } from './content.ts';
import { Flow, Recorder, type Rendered, type Setup, money } from './doc.ts';

export type ColKey = 'n' | 'code' | 'desc' | 'um' | 'q' | 'p' | 't' | 'eur_p' | 'eur_t';

export interface Col {
  key: ColKey;
  head: string[];
  /** Relative width (the description column takes what is left when 0). */
  w: number;
}

interface Cell {
  text: string;
  bold?: boolean;
  ital?: boolean;
}

type LineCells = Partial<Record<ColKey, Cell>>;

export interface TableOptions {
  name: string;
  imitates: string;
  setup: Setup;
  model: Model;
  rng: Rng;
  cols: Col[];
  /** Draw rules: none, vertical column rules, or a full cell grid (rows kept whole on one page). */
  rules: 'none' | 'columns' | 'grid';
  headerFill?: number;
  /** Where quantity/price/amount go: first or last line of the voce, or a `SOMMANO` line after it. */
  amounts: 'first' | 'last' | 'sommano' | 'middle';
  /** Label of the sommano line (default `SOMMANO`); `um` prints the unit after it. */
  sommanoLabel?: (v: Voce) => string;
  titleBold?: boolean;
  /** Split a code into the lines printed in the code column. */
  codeLines?: (s: Sheet, code: string, width: number) => string[];
  /** Split a unit into the lines printed in the unit column. */
  umLines?: (um: string) => string[];
  /** Measurement lines printed in the description column (already formatted); null = none. */
  misura?: (v: Voce, i: number) => { text: string; partial: string } | null;
  /** Voci printed with an empty designation (label only in the code column). */
  emptyDesc?: (v: Voce) => boolean;
  chapterRow?: (ch: Model['chapters'][number]) => string;
  chapterTotalRow?: (ch: Model['chapters'][number]) => string | null;
  subRow?: (ch: Model['chapters'][number], sub: Model['chapters'][number]['subs'][number]) => string | null;
  carry?: { riporto: string; ariportare: string };
  totalLabel: string;
  /** Rows after the total (IVA, oneri…): label and amount. */
  after?: Array<{ label: string; amount: number }>;
  titleBlock: (s: Sheet, first: boolean) => number;
  footer: (s: Sheet, page: PDFPage, pageNo: number, pages: number) => void;
  /** Vertically centre single-line cells in grid rows (Excel), else top-align. */
  vcenter?: boolean;
  /** Euro sign cells hold `€`. */
  eur?: string;
  pageBreakBefore?: (v: Voce) => boolean;
  /** Lines of a voce kept together at a page foot (default 2). */
  keepLines?: number;
  variant?: Record<string, unknown>;
}

const NUMERIC: ColKey[] = ['q', 'p', 't'];

export async function renderTable(o: TableOptions): Promise<Rendered> {
  const { setup, model } = o;
  const s = await Sheet.create(setup.family, setup.size, setup.landscape, setup.rotated);
  s.runs = setup.runs;
  s.order = setup.order;
  const fm = money(setup);
  const lh = setup.size * 1.3;
  const pad = 2.5;
  const x0 = setup.margin.l;
  const x1 = s.pw - setup.margin.r;
  // column geometry
  const fixed = o.cols.reduce((a, c) => a + c.w, 0);
  const free = x1 - x0;
  // the description keeps at least 40% of the width: the other columns shrink if needed
  const k = Math.min(setup.size, (free * 0.6) / fixed);
  const descW = free - fixed * k;
  // unit and number columns are as wide as their widest content (as a spreadsheet's autofit would make them)
  const umLinesOf = (um: string): string[] => (o.umLines ? o.umLines(um) : [um]);
  const widest = (texts: string[], bold = false): number => Math.max(0, ...texts.map(t => s.width(t, { bold }) + 2 * pad + 1));
  const need: Partial<Record<ColKey, number>> = {
    um: widest(model.voci.flatMap(v => umLinesOf(v.um))),
    q: widest([...model.voci.map(v => fm(v.quantita)), ...model.voci.flatMap(v => v.misure.map(m => fm(m.parziale)))], true),
    p: widest(model.voci.map(v => fm(v.unitario)), true),
    t: widest([fm(model.total), ...(o.after ?? []).map(a => fm(a.amount)), ...model.voci.map(v => fm(v.totale))], true),
  };
  const extra = (c: Col): number => (c.w && need[c.key] ? Math.max(0, need[c.key]! - c.w * k) : 0);
  const totalExtra = o.cols.reduce((a, c) => a + extra(c), 0);
  const cx: Record<string, { l: number; r: number }> = {};
  let x = x0;
  for (const c of o.cols) {
    const w = c.w ? c.w * k + extra(c) : descW - totalExtra;
    cx[c.key] = { l: x, r: x + w };
    x += w;
  }
  const right = x;
  const rec = new Recorder(model);
  let running = 0;
  let tableTop = 0;

  const drawCell = (key: ColKey, cell: Cell | undefined, y: number): void => {
    if (!cell || !cell.text || !cx[key]) return;
    const { l, r } = cx[key];
    const num = NUMERIC.includes(key);
    const opts = { bold: cell.bold, ital: cell.ital };
    if (num && s.width(cell.text, opts) > r - l) throw new Error(`generator: "${cell.text}" wider than its column`);
    if (num) s.text(cell.text, r - pad, y, { ...opts, align: 'right' });
    else if (key === 'n' || key === 'um' || key === 'eur_p' || key === 'eur_t') s.text(cell.text, (l + r) / 2, y, { ...opts, align: 'center' });
    else s.text(cell.text, l + pad, y, opts);
  };

  const header = (y: number): number => {
    const hl = Math.max(...o.cols.map(c => c.head.length));
    const h = hl * lh + 4;
    if (o.headerFill !== undefined) s.rect(x0, y, right - x0, h, { fill: o.headerFill });
    s.line(x0, y, right, y, 0.8);
    s.line(x0, y + h, right, y + h, 0.8);
    for (const c of o.cols) {
      const { l, r } = cx[c.key];
      c.head.forEach((t, i) => s.text(t, (l + r) / 2, y + 2 + lh * (i + 0.8), { bold: true, size: setup.size * 0.95, align: 'center' }));
      if (o.rules !== 'none') s.line(l, y, l, y + h, 0.5);
    }
    if (o.rules !== 'none') s.line(right, y, right, y + h, 0.5);
    return y + h;
  };

  const closeColumns = (yEnd: number): void => {
    if (o.rules !== 'columns') return;
    for (const c of o.cols) s.line(cx[c.key].l, tableTop, cx[c.key].l, yEnd, 0.4);
    s.line(right, tableTop, right, yEnd, 0.4);
    s.line(x0, yEnd, right, yEnd, 0.4);
  };

  const flow: Flow = new Flow(s, s.ph - setup.margin.b - 2 * lh, {
    start: first => {
      let y = o.titleBlock(s, first);
      y = header(y);
      tableTop = y;
      y += 2;
      if (o.carry && !first) {
        y += lh;
        s.text(o.carry.riporto, cx.desc.l + pad, y - 3, { bold: true });
        s.text(fm(running), cx.t.r - pad, y - 3, { bold: true, align: 'right' });
        if (o.rules === 'grid') s.line(x0, y, right, y, 0.4);
      }
      return y;
    },
    end: last => {
      let y = flow.y;
      if (o.carry && !last) {
        y += lh;
        s.text(o.carry.ariportare, cx.desc.l + pad, y - 3, { bold: true });
        s.text(fm(running), cx.t.r - pad, y - 3, { bold: true, align: 'right' });
        y += 2;
      }
      closeColumns(y);
    },
  });

  /** One full-width row (chapter heading, subtotal, total). */
  const wideRow = (label: string, amount: number | null, bold = true): void => {
    const lines = s.wrap(label, (amount != null ? cx.t.l : right) - cx.desc.l - 2 * pad, { bold });
    const h = lines.length * lh + 3;
    if (o.rules === 'grid') flow.ensure(h);
    else flow.ensure(lh * Math.min(lines.length, 2) + 3);
    const y0 = flow.y;
    lines.forEach((l, i) => {
      if (o.rules !== 'grid') flow.ensure(lh);
      flow.y += lh;
      s.text(l, cx.desc.l + pad, flow.y - 3, { bold });
      if (i === lines.length - 1 && amount != null) {
        s.text(fm(amount), cx.t.r - pad, flow.y - 3, { bold, align: 'right' });
        if (o.eur && cx.eur_t) s.text(o.eur, (cx.eur_t.l + cx.eur_t.r) / 2, flow.y - 3, { bold, align: 'center' });
      }
    });
    flow.y += 3;
    if (o.rules === 'grid') {
      s.line(x0, flow.y, right, flow.y, 0.4);
      s.line(x0, y0, x0, flow.y, 0.4);
      s.line(right, y0, right, flow.y, 0.4);
      if (amount != null) s.line(cx.t.l, y0, cx.t.l, flow.y, 0.4);
    }
  };

  flow.begin();
  for (const ch of model.chapters) {
    if (o.chapterRow) wideRow(o.chapterRow(ch), null);
    for (const sub of ch.subs) {
      const subLabel = o.subRow?.(ch, sub);
      if (subLabel) wideRow(subLabel, null);
      for (const v of sub.voci) {
        if (o.pageBreakBefore?.(v)) flow.newPage();
        // ---- compose the voce's lines
        const empty = o.emptyDesc?.(v) ?? false;
        const dW = cx.desc.r - cx.desc.l - 2 * pad;
        const titleLines = empty ? [] : s.wrap(v.titolo, dW, { bold: o.titleBold });
        const descLines = empty || !v.estesa ? [] : s.wrap(v.estesa, dW);
        const codeW = cx.code.r - cx.code.l - 2 * pad;
        const codeLines = o.codeLines ? o.codeLines(s, v.tariffa, codeW) : dotWrap(s, v.tariffa, codeW);
        const umLines = umLinesOf(v.um);
        const lines: LineCells[] = [];
        const text = [...titleLines.map(t => ({ text: t, bold: o.titleBold })), ...descLines.map(t => ({ text: t }))];
        const body = Math.max(text.length, codeLines.length, o.amounts === 'sommano' ? umLines.length : 1, 1);
        for (let i = 0; i < body; i++) {
          const l: LineCells = {};
          if (i === 0) l.n = { text: String(v.n) };
          if (text[i]) l.desc = text[i];
          if (codeLines[i]) l.code = { text: codeLines[i] };
          lines.push(l);
        }
        const mis = o.misura ? v.misure.map((_m, i) => o.misura!(v, i)).filter((m): m is { text: string; partial: string } => m != null) : [];
        for (const m of mis) lines.push({ desc: { text: m.text, ital: true }, q: { text: m.partial, ital: true } });
        let amountLine: number;
        if (o.amounts === 'sommano') {
          lines.push({ desc: { text: o.sommanoLabel ? o.sommanoLabel(v) : 'SOMMANO', bold: true } });
          amountLine = lines.length - 1;
        } else if (o.amounts === 'first') amountLine = 0;
        else if (o.amounts === 'middle') amountLine = Math.floor((body - 1) / 2);
        else amountLine = body - 1;
        const al = lines[amountLine];
        al.q = { text: fm(v.quantita) };
        al.p = { text: fm(v.unitario) };
        al.t = { text: fm(v.totale) };
        if (o.eur) {
          al.eur_p = { text: o.eur };
          al.eur_t = { text: o.eur };
        }
        const umStart = o.amounts === 'sommano' ? 0 : amountLine;
        umLines.forEach((u, i) => {
          while (lines.length <= umStart + i) lines.push({});
          lines[umStart + i].um = { text: u };
        });
        // ---- print
        const grid = o.rules === 'grid';
        let t: ReturnType<Recorder['start']> | null;
        if (grid) {
          const h = lines.length * lh + 3;
          flow.ensure(h);
          const y0 = flow.y;
          t = rec.start(v, s.pageNo, !!o.misura);
          const single = (key: ColKey): boolean => o.vcenter === true && lines.filter(l => l[key]).length === 1 && (key !== 'desc');
          for (let i = 0; i < lines.length; i++) {
            const y = y0 + lh * (i + 1) - 3;
            for (const key of Object.keys(lines[i]) as ColKey[]) {
              if (single(key)) drawCell(key, lines[i][key], y0 + h / 2 + setup.size * 0.35);
              else drawCell(key, lines[i][key], y);
            }
          }
          flow.y = y0 + h;
          s.line(x0, flow.y, right, flow.y, 0.4);
          for (const c of o.cols) s.line(cx[c.key].l, y0, cx[c.key].l, flow.y, 0.4);
          s.line(right, y0, right, flow.y, 0.4);
          t.page_end = s.pageNo;
          running = sum2([running, v.totale]);
        } else {
          // keep at least the first lines together (one line only: a code can continue on the next page)
          flow.ensure(lh * Math.min(o.keepLines ?? 2, lines.length) + 2);
          t = rec.start(v, s.pageNo, !!o.misura);
          for (let i = 0; i < lines.length; i++) {
            if (i > 0) flow.ensure(lh);
            flow.y += lh;
            for (const key of Object.keys(lines[i]) as ColKey[]) drawCell(key, lines[i][key], flow.y - 3);
            if (i === amountLine) {
              t.page_end = s.pageNo;
              running = sum2([running, v.totale]);
            }
          }
          flow.y += lh * 0.4;
          if (o.rules === 'columns') s.line(x0, flow.y, right, flow.y, 0.2);
        }
        t.descrizione = text.map(x => x.text).join(' ');
      }
      if (o.subRow && o.chapterTotalRow) {
        const lab = o.subRow(ch, sub);
        if (lab && ch.subs.length > 1) wideRow(`Totale ${lab}`, sub.total, false);
      }
    }
    const tot = o.chapterTotalRow?.(ch);
    if (tot) wideRow(tot, ch.total);
  }
  wideRow(o.totalLabel, model.total);
  for (const a of o.after ?? []) wideRow(a.label, a.amount);
  flow.finish();
  const n = s.pages.length;
  s.pages.forEach((p, i) => o.footer(s, p, i + 1, n));
  return { sheet: s, model, items: rec.list(), setup, imitates: o.imitates, variant: o.variant };
}

/** Wraps a code wider than its column after a dot (or anywhere when it has none). */
export function dotWrap(s: Sheet, code: string, w: number): string[] {
  const out: string[] = [];
  let rest = code;
  while (rest && s.width(rest) > w) {
    let k = rest.length - 1;
    while (k > 1 && s.width(rest.slice(0, k)) > w) k--;
    const d = rest.slice(0, k).lastIndexOf('.');
    if (d > 2) k = d + 1;
    out.push(rest.slice(0, k));
    rest = rest.slice(k);
  }
  if (rest) out.push(rest);
  return out;
}
