/**
 * `report`: computi printed by small estimating programs that draw their own pages with a report
 * library (pdfmake / jsPDF in JavaScript, reportlab in Python, Typst), not by an office suite or a
 * known estimating program. What such programs do, each varied at random per document:
 * - numbers in their own format: Italian, a dot decimal without grouping (`toFixed`), US
 *   (`1,680.04`), apostrophe thousands (`117'828.43`), `€.` prefixed with grouping only from
 *   10.000, or the voci in one format and the totals in another;
 * - English or mixed header words, voce numbers restarting in every chapter, codes that look like
 *   numbers (`1.01`) or no codes at all, a code alone at the foot of a page;
 * - two printed rows per voce (description, then numbers), no unit for counted voci, units whose
 *   non-ASCII character the program blanked (`(m )`: must be flagged), justified descriptions drawn
 *   word by word;
 * - a measurement book under a voce (`PIANO: Terra`, formula lines `11,54*1,22*0,72;`, `Totale piano`);
 * - quantities kept to 3 decimals but printed to 2 (printed q × p ≠ amount: must be flagged);
 * - after the voci a total under one of many labels, or `Imponibile`, `IVA 10%`, `TOTALE`, `Acconto`.
 * The truth is what is printed; `da_verificare: true` marks voci a reader must flag.
 */
import { type Rng, Sheet, mulRound2, roundDec, sum2 } from './core.ts';
import { type CodeFamily, type Voce, buildModel } from './content.ts';
import { Flow, type Rendered, type TruthItem, randomSetup } from './doc.ts';

export type NumberFormatName = 'it' | 'dot' | 'us' | 'apos' | 'euro_it';
type NumFmt = NumberFormatName;

const group = (int: string, sep: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** `v` with `dec` decimals in format `f`. */
export function formatNumber(v: number, dec: number, f: NumFmt): string {
  const [int, frac] = Math.abs(v).toFixed(dec).split('.');
  const sign = v < 0 ? '-' : '';
  const tail = (mark: string): string => (dec ? mark + frac : '');
  switch (f) {
    case 'it':
      return sign + group(int, '.') + tail(',');
    case 'dot':
      return sign + int + tail('.');
    case 'us':
      return sign + group(int, ',') + tail('.');
    case 'apos':
      return sign + group(int, "'") + tail('.');
    case 'euro_it':
      return sign + (Math.abs(v) >= 10000 ? group(int, '.') : int) + tail(',');
  }
}

/** A quantity as a JavaScript program prints it: `String(q)` (`13`, `12.5`) or with fixed decimals. */
function qtyText(q: number, f: NumFmt, trimmed: boolean): string {
  if (!trimmed) return formatNumber(q, 2, f);
  const s = String(q);
  const dec = s.includes('.') ? s.split('.')[1].length : 0;
  return formatNumber(q, dec, f);
}

export const HEADS = {
  it: { ch: 'CATEGORIA', n: 'N.', code: 'Codice', desc: 'Descrizione', um: 'U.M.', q: 'Quantità', p: 'Prezzo unitario', t: 'Importo' },
  en: { ch: 'Category', n: 'No.', code: 'Code', desc: 'Description', um: 'Unit', q: 'Quantity', p: 'Unit price', t: 'Total' },
  mixed: { ch: 'Capitolo', n: '#', code: 'Code', desc: 'Descrizione lavori', um: 'U.M.', q: 'Qty', p: 'Prezzo', t: 'Total' },
};

export const TOTAL_LABELS = ['T O T A L E   euro', 'TOTALE euro', 'TOTALI COMPUTO', 'Totale CATEGORIE euro', 'TOTALE COMPLESSIVO APPALTO', 'TOTALE COMPLESSIVO COMPUTO',
  'Totale lavori', 'Totale Lavori', 'TOTALE GENERALE', 'Grand total', 'Total', 'Totale complessivo dei lavori', 'Importo totale lavori'];

export interface Plan {
  fmt: NumFmt;
  totalFmt: NumFmt;
  heads: keyof typeof HEADS;
  twoRows: boolean;
  restart: boolean;
  codes: 'normal' | 'numeric' | 'none';
  justify: boolean;
  book: boolean;
  vat: boolean;
  blanked: boolean;
  noCountUnit: boolean;
  roundedQty: boolean;
  trimmedQty: boolean;
  euroSign: boolean;
  orphanCode: boolean;
  /** A chapter column left of the voce number (`DEMOLIZIONI` on every voce row, as spreadsheet prints have). */
  chapterCol: boolean;
  /** Labour columns between the price and the amount (`Mdo inc. %`, `Tot. mdo`). */
  labour: boolean;
  /** A chapter summary page after the total (`RIEPILOGO CATEGORIE`, `Totale CATEGORIE euro`). */
  summary: boolean;
  /** A blank page (nothing drawn) after the last. */
  blankPage: boolean;
  /** A running head over every page (`LAVORO: … DOCUMENTO: …`). */
  runningHead: boolean;
  /** The column header on every page, or on the first only. */
  headerEveryPage: boolean;
}

function plan(rng: Rng): Plan {
  const fmt = rng.pick(['it', 'dot', 'dot', 'us', 'us', 'apos', 'euro_it'] as NumFmt[]);
  return {
    fmt,
    totalFmt: rng.chance(0.2) ? rng.pick(['it', 'dot', 'us'] as NumFmt[]) : fmt,
    heads: rng.pick(['it', 'en', 'mixed'] as const),
    twoRows: rng.chance(0.35),
    restart: rng.chance(0.4),
    codes: rng.pick(['normal', 'normal', 'numeric', 'none'] as const),
    justify: rng.chance(0.5),
    book: rng.chance(0.3),
    vat: rng.chance(0.4),
    blanked: rng.chance(0.25),
    noCountUnit: rng.chance(0.3),
    roundedQty: rng.chance(0.25),
    trimmedQty: (fmt === 'dot' || fmt === 'us') && rng.chance(0.5),
    euroSign: fmt === 'euro_it' || rng.chance(0.2),
    orphanCode: rng.chance(0.4),
    chapterCol: rng.chance(0.2),
    labour: rng.chance(0.25),
    summary: rng.chance(0.3),
    blankPage: rng.chance(0.15),
    runningHead: rng.chance(0.4),
    headerEveryPage: rng.chance(0.6),
  };
}

export interface Printed {
  v: Voce;
  n: number;
  code: string;
  um: string;
  q: string;
  p: string;
  t: string;
  flag: boolean;
  /** Measurement book lines: [label, formula, partial]. */
  book: Array<[string, string, string]>;
  /** Labour incidence and amount as printed (when the print has labour columns). */
  mdo: [string, string];
}

const FLOORS = ['Terra', 'Primo', 'Secondo', 'Interrato', 'Sottotetto'];
const ROOMS = ['Soggiorno', 'Cucina', 'Camera 1', 'Camera 2', 'Bagno', 'Corridoio', 'Ripostiglio', 'Ingresso'];

/** Measurement book under a voce: floors, rooms with formula lines, a `Totale piano` per floor; its partials add up to the quantity. */
function bookOf(rng: Rng, f: NumFmt): { lines: Array<[string, string, string]>; q: number } {
  const lines: Array<[string, string, string]> = [];
  let q = 0;
  for (const floor of rng.sample(FLOORS, rng.int(1, 2))) {
    lines.push([`PIANO: ${floor}`, '', '']);
    const parts: number[] = [];
    for (const room of rng.sample(ROOMS, rng.int(1, 3))) {
      const dims = [rng.real(1, 15, 2), rng.real(0.5, 4, 2), rng.real(0.2, 1.5, 2)].slice(0, rng.int(2, 3));
      const part = mulRound2(dims);
      parts.push(part);
      lines.push([room, `${dims.map(d => formatNumber(d, 2, f)).join('*')};`, formatNumber(part, 2, f)]);
    }
    const tot = sum2(parts);
    lines.push([`Totale piano`, '', formatNumber(tot, 2, f)]);
    q = sum2([q, tot]);
  }
  return { lines, q };
}

function printedVoci(rng: Rng, pl: Plan, voci: Voce[]): Printed[] {
  let n = 0;
  let chapter = -1;
  let inChapter = 0;
  return voci.map(v => {
    if (v.chapter !== chapter) {
      chapter = v.chapter;
      inChapter = 0;
    }
    n++;
    inChapter++;
    let flag = false;
    let book: Printed['book'] = [];
    if (pl.book && rng.chance(0.4)) {
      const b = bookOf(rng, pl.fmt);
      book = b.lines;
      v.quantita = b.q;
      v.totale = mulRound2([v.quantita, v.unitario]);
    }
    let qPrinted = v.quantita;
    if (pl.roundedQty && !book.length && rng.chance(0.3)) {
      // kept to 3 decimals, printed to 2: the amount is of the kept quantity
      const kept = roundDec(Math.max(0.011, v.quantita + rng.int(1, 9) / 1000 - 0.005), 3);
      v.quantita = roundDec(kept, 2);
      v.totale = mulRound2([kept, v.unitario]);
      qPrinted = v.quantita;
      flag = mulRound2([qPrinted, v.unitario]) !== v.totale;
    }
    let um = v.um;
    if (pl.noCountUnit && /^(cad|n\.?|nr)/i.test(um)) um = '';
    if (pl.blanked && /[²³]/.test(um)) {
      um = `(${um.replace(/[²³]/g, ' ')})`;
      flag = true;
    }
    const code = pl.codes === 'none' ? '' : pl.codes === 'numeric' ? `${v.chapter}.${String(inChapter).padStart(2, '0')}` : v.tariffa;
    v.tariffa = code;
    const money = (x: number): string => (pl.euroSign ? (pl.fmt === 'euro_it' ? '€. ' : '€ ') : '') + formatNumber(x, 2, pl.fmt);
    const pct = rng.real(5, 60, 2);
    return {
      v,
      n: pl.restart ? inChapter : n,
      code,
      um,
      q: qtyText(qPrinted, pl.fmt, pl.trimmedQty),
      p: money(v.unitario),
      t: money(v.totale),
      flag,
      book,
      // (pct / 100 would be cut to 3 decimals by mulRound2: the cost is amount × pct × 0,01, exact, half-up)
      mdo: [`${formatNumber(pct, 2, pl.fmt)}%`, formatNumber(mulRound2([v.totale, pct, 0.01]), 2, pl.fmt)],
    };
  });
}

/** What follows the voci: one total under one of many labels, or imponibile, IVA, total with VAT (and an advance). */
export function tailLines(rng: Rng, pl: Plan, total: number): Array<[string, number]> {
  if (!pl.vat) return [[rng.pick(TOTAL_LABELS), total]];
  const iva = rng.pick([10, 22]);
  const vat = mulRound2([total, iva / 100]);
  const tail: Array<[string, number]> = [['Imponibile', total], [`IVA ${iva}%`, vat], ['TOTALE', sum2([total, vat])]];
  if (rng.chance(0.5)) tail.push(['Acconto', roundDec(total * 0.3, 2)]);
  return tail;
}

/** What a report print says, before any engine draws it: the plan, the page set-up, the voci as printed. */
export function reportContent(rng: Rng, nVoci: number): { pl: Plan; setup: ReturnType<typeof randomSetup>; model: Rendered['model']; printed: Printed[] } {
  const pl = plan(rng);
  // (spreadsheet-like prints with extra columns are landscape)
  const setup = randomSetup(rng, { families: ['Helvetica', 'Times'], sizes: [7, 9.5], runs: pl.justify ? 'word' : undefined, landscape: pl.labour || pl.chapterCol ? true : undefined });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'lombardia', 'lazio', 'np', 'six'] as CodeFamily[], 2),
    misure: false,
    maxDesc: rng.pick([80, 200, 400]),
    chapters: rng.int(1, 5),
    repeat: 0,
  });
  const printed = printedVoci(rng, pl, model.voci);
  // amounts may have changed (measurement books, kept quantities): the totals follow
  for (const ch of model.chapters) {
    for (const sub of ch.subs) sub.total = sum2(sub.voci.map(v => v.totale));
    ch.total = sum2(ch.subs.map(s => s.total));
  }
  model.total = sum2(model.voci.map(v => v.totale));
  return { pl, setup, model, printed };
}

export async function report(rng: Rng, nVoci: number): Promise<Rendered> {
  const { pl, setup, model, printed } = reportContent(rng, nVoci);
  return drawReport(rng, pl, setup, model, printed);
}

async function drawReport(rng: Rng, pl: Plan, setup: ReturnType<typeof randomSetup>, model: Rendered['model'], printed: Printed[]): Promise<Rendered> {
  const s = await Sheet.create(setup.family, setup.size, setup.landscape, setup.rotated);
  s.runs = setup.runs;
  s.order = setup.order;
  const fs = setup.size;
  const lh = fs * 1.35;
  const heads = HEADS[pl.heads];
  const x0 = setup.margin.l;
  const x1 = s.pw - setup.margin.r;
  const widest = (xs: string[], bold = false): number => Math.max(...xs.map(x => s.width(x, { bold }))) + 6;
  const wT = Math.max(widest(printed.map(p => p.t), true), widest([heads.t], true), widest([formatNumber(model.total * 1.22, 2, pl.totalFmt)], true) + 10);
  const wP = Math.max(widest(printed.map(p => p.p)), widest([heads.p], true));
  const wQ = Math.max(widest(printed.flatMap(p => [p.q, ...p.book.map(b => b[2])])), widest([heads.q], true));
  const wU = Math.max(widest(printed.map(p => p.um)), widest([heads.um], true));
  const wN = widest([heads.n, '999'], true);
  const wC = pl.codes === 'none' ? 0 : Math.max(widest(printed.map(p => p.code)), widest([heads.code], true));
  const chapterWord = (ch: number): string => model.chapters[ch - 1].title.split(/\s+/)[0].toUpperCase();
  const wCh = pl.chapterCol ? Math.max(widest(model.chapters.map(c => chapterWord(c.num))), widest([heads.ch], true)) : 0;
  const labourHeads = pl.heads === 'en' ? ['Labour %', 'Labour'] : ['Mdo inc. %', 'Tot. mdo'];
  const wMP = pl.labour ? Math.max(widest(printed.map(p => p.mdo[0])), widest([labourHeads[0]], true)) : 0;
  const wMA = pl.labour ? Math.max(widest(printed.map(p => p.mdo[1])), widest([labourHeads[1]], true)) : 0;
  const cols = { ch: x0, n: x0 + wCh, code: x0 + wCh + wN, desc: x0 + wCh + wN + wC };
  // right edges of the number columns, and the unit column's centre
  const edges = { t: x1 - 3, ma: x1 - wT - 3, mp: x1 - wT - wMA - 3, p: x1 - wT - wMA - wMP - 3, q: x1 - wT - wMA - wMP - wP - 3 };
  const umCentre = edges.q + 3 - wQ - wU / 2;
  const descR = edges.q + 3 - wQ - wU - 4;
  if (descR - cols.desc < 120) throw new Error('generator: report columns leave no room for descriptions');
  const header = (y: number): number => {
    y += lh;
    if (wCh) s.text(heads.ch, cols.ch + 2, y, { bold: true });
    s.text(heads.n, cols.n + 2, y, { bold: true });
    if (wC) s.text(heads.code, cols.code + 2, y, { bold: true });
    s.text(heads.desc, cols.desc + 2, y, { bold: true });
    s.text(heads.um, umCentre, y, { bold: true, align: 'center' });
    s.text(heads.q, edges.q, y, { bold: true, align: 'right' });
    s.text(heads.p, edges.p, y, { bold: true, align: 'right' });
    if (pl.labour) {
      s.text(labourHeads[0], edges.mp, y, { bold: true, align: 'right' });
      s.text(labourHeads[1], edges.ma, y, { bold: true, align: 'right' });
    }
    s.text(heads.t, edges.t, y, { bold: true, align: 'right' });
    s.line(x0, y + 3, x1, y + 3, 0.6);
    return y + 5;
  };
  const items: TruthItem[] = [];
  const flow = new Flow(s, s.ph - setup.margin.b - lh, {
    start: first => {
      let y = setup.margin.t + lh;
      if (pl.runningHead) {
        // the program's running head over every page (never a chapter)
        s.text(`LAVORO: ${model.oggetto.slice(0, 48).toUpperCase()}`, x0, y, { size: fs - 1 });
        s.text('DOCUMENTO: COMPUTO METRICO', x1, y, { size: fs - 1, align: 'right' });
        y += lh * 1.3;
      }
      if (first) {
        s.text(model.ente, x0, y, { bold: true, size: fs + 3 });
        y += lh * 1.6;
        for (const l of s.wrap(model.oggetto, x1 - x0)) {
          s.text(l, x0, y);
          y += lh;
        }
        s.text(pl.heads === 'en' ? 'BILL OF QUANTITIES' : 'COMPUTO METRICO ESTIMATIVO', x0, (y += lh), { bold: true, size: fs + 1 });
        y += lh * 0.5;
      }
      return first || pl.headerEveryPage ? header(y) : y + lh * 0.5;
    },
    end: () => s.text(`${s.pageNo}`, x1, s.ph - setup.margin.b / 2, { size: fs - 1, align: 'right' }),
  });
  const justified = (line: string, y: number, last: boolean): void => {
    if (!pl.justify || last) return s.text(line, cols.desc + 2, y);
    const words = line.split(' ');
    const natural = words.reduce((a, w) => a + s.width(w), 0);
    const gap = words.length > 1 ? (descR - cols.desc - 2 - natural) / (words.length - 1) : 0;
    let x = cols.desc + 2;
    for (const w of words) {
      s.text(w, x, y);
      x += s.width(w) + gap;
    }
  };
  const numbers = (p: Printed, y: number): void => {
    if (p.um) s.text(p.um, umCentre, y, { align: 'center' });
    s.text(p.q, edges.q, y, { align: 'right' });
    s.text(p.p, edges.p, y, { align: 'right' });
    if (pl.labour) {
      s.text(p.mdo[0], edges.mp, y, { align: 'right' });
      s.text(p.mdo[1], edges.ma, y, { align: 'right' });
    }
    s.text(p.t, edges.t, y, { align: 'right' });
  };
  flow.begin();
  let k = 0;
  for (const ch of model.chapters) {
    flow.ensure(lh * 3);
    flow.y += lh * 1.2;
    s.text(`${ch.num} - ${ch.title.toUpperCase()}`, cols.desc + 2, flow.y, { bold: true });
    flow.y += 3;
    for (const sub of ch.subs) {
      for (const _v of sub.voci) {
        const p = printed[k++];
        const lines = s.wrap(p.v.estesa ? `${p.v.titolo} ${p.v.estesa}` : p.v.titolo, descR - cols.desc - 4);
        const rows = lines.length + (pl.twoRows ? 1 : 0) + p.book.length;
        const page0 = s.pageNo;
        // a code alone at the foot of the page: the voce's first row does not fit
        if (pl.orphanCode && wC && !flow.fits(lh * 2) && flow.fits(lh)) {
          flow.y += lh;
          s.text(String(p.n), cols.n + 2, flow.y);
          s.text(p.code, cols.code + 2, flow.y);
          flow.newPage();
          flow.y += lh;
          lines.forEach((l, i) => {
            if (i) flow.y += lh;
            justified(l, flow.y, i === lines.length - 1);
          });
        } else {
          flow.ensure(Math.min(rows, 4) * lh);
          flow.y += lh;
          if (wCh) s.text(chapterWord(p.v.chapter), cols.ch + 2, flow.y);
          s.text(String(p.n), cols.n + 2, flow.y);
          if (wC) s.text(p.code, cols.code + 2, flow.y);
          lines.forEach((l, i) => {
            if (i) {
              flow.ensure(lh);
              flow.y += lh;
            }
            justified(l, flow.y, i === lines.length - 1);
          });
        }
        for (const [label, formula, part] of p.book) {
          flow.ensure(lh);
          flow.y += lh;
          s.text(label, cols.desc + (label.startsWith('PIANO') || label.startsWith('Totale') ? 6 : 14), flow.y, { ital: !label.startsWith('PIANO'), size: fs - 0.5 });
          if (formula) s.text(formula, cols.desc + 90, flow.y, { size: fs - 0.5 });
          if (part) s.text(part, edges.q, flow.y, { size: fs - 0.5, align: 'right' });
        }
        if (pl.twoRows || p.book.length) {
          flow.ensure(lh);
          flow.y += lh;
        }
        numbers(p, flow.y);
        flow.y += 2;
        items.push({ n: p.v.n, tariffa: p.code, descrizione: lines.join(' '), um: p.um, quantita: p.v.quantita, unitario: p.v.unitario, totale: p.v.totale, page: page0, page_end: s.pageNo, ...(p.flag ? { da_verificare: true } : {}) });
      }
    }
    if (model.chapters.length > 1 && rng.chance(0.6)) {
      flow.ensure(lh * 1.5);
      flow.y += lh * 1.2;
      s.text(pl.heads === 'en' ? `Subtotal ${ch.title}` : `Totale ${ch.title}`, cols.desc + 2, flow.y, { bold: true });
      s.text(formatNumber(ch.total, 2, pl.fmt), edges.t, flow.y, { bold: true, align: 'right' });
    }
  }
  const tail = tailLines(rng, pl, model.total);
  flow.ensure(lh * (tail.length + 1.5));
  flow.y += lh * 0.6;
  s.line(cols.desc, flow.y, x1, flow.y, 0.6);
  for (const [label, amount] of tail) {
    flow.y += lh * 1.2;
    s.text(label, cols.desc + 2, flow.y, { bold: true });
    s.text((pl.euroSign && pl.totalFmt === pl.fmt ? (pl.fmt === 'euro_it' ? '€. ' : '€ ') : '') + formatNumber(amount, 2, pl.totalFmt), edges.t, flow.y, { bold: true, align: 'right' });
  }
  if (pl.summary) {
    flow.newPage();
    flow.y += lh * 1.5;
    s.text(pl.heads === 'en' ? 'SUMMARY BY CHAPTER' : 'RIEPILOGO CATEGORIE', cols.desc + 2, flow.y, { bold: true, size: fs + 1 });
    for (const ch of model.chapters) {
      flow.ensure(lh);
      flow.y += lh * 1.2;
      s.text(`${ch.num}`, cols.n + 2, flow.y);
      s.text(ch.title.toUpperCase(), cols.desc + 2, flow.y);
      s.text(formatNumber(ch.total, 2, pl.totalFmt), edges.t, flow.y, { align: 'right' });
    }
    flow.ensure(lh * 2);
    flow.y += lh * 1.5;
    s.text(pl.heads === 'en' ? 'Total by chapter' : 'Totale CATEGORIE euro', cols.desc + 2, flow.y, { bold: true });
    s.text(formatNumber(model.total, 2, pl.totalFmt), edges.t, flow.y, { bold: true, align: 'right' });
  }
  flow.finish();
  if (pl.blankPage) s.addPage();
  return {
    sheet: s,
    model,
    items,
    setup: { ...setup, thou: { it: '.', dot: '', us: ',', apos: "'", euro_it: '.' }[pl.fmt] },
    decimal: pl.fmt === 'it' || pl.fmt === 'euro_it' ? ',' : '.',
    imitates: 'a report library print (pdfmake, jsPDF, reportlab, Typst) of a small estimating program',
    variant: { ...pl },
  };
}
