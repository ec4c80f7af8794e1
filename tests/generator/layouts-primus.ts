/**
 * Measurement-grid layouts (designation + par.ug./lung./larg./H-peso + quantity + amounts):
 * `leeno` (LeenO for LibreOffice) and `primus_old` (older ACCA PriMus prints).
 */
import type { PDFPage } from 'pdf-lib';
import { type Rng, Sheet, sum2 } from './core.ts';
import { type Misura, type Model, type Voce, buildModel } from './content.ts';
import { Flow, Recorder, type Rendered, type Setup, money, randomSetup } from './doc.ts';
import { dotWrap } from './table.ts';

export interface Geometry {
  num: { l: number; r: number };
  code?: { l: number; r: number };
  desc: { l: number; r: number };
  dims: Array<{ l: number; r: number }>;
  q: { l: number; r: number };
  p: { l: number; r: number };
  t: { l: number; r: number };
  right: number;
}

function geometry(s: Sheet, setup: Setup, codeCol: boolean, codeW?: number, priceFirst = false): Geometry {
  const avail = s.pw - setup.margin.l - setup.margin.r;
  // number columns wide enough for the document's font
  const wq = Math.max(44, s.width('99.999,99') + 6);
  const wp = Math.max(44, s.width('999.999,99') + 6);
  const wt = Math.max(54, s.width('9.999.999,99') + 6);
  const widths = [codeCol ? 20 : 52, ...(codeCol ? [codeW ?? 52] : []), 0, 30, 34, 34, 34, wq, wp, wt].map((w, i) => (i < (codeCol ? 2 : 1) || (i > (codeCol ? 2 : 1) && i < (codeCol ? 7 : 6)) ? (w * setup.size) / 8 : w));
  const fixed = widths.reduce((a, b) => a + b, 0);
  // the designation keeps at least 30% of the width: the other columns shrink if needed
  const k = Math.min(1, (avail * 0.7) / fixed);
  let x = setup.margin.l;
  const cols = widths.map(w => {
    const c = { l: x, r: x + (w ? w * k : avail - fixed * k) };
    x = c.r;
    return c;
  });
  let i = 0;
  const num = cols[i++];
  const code = codeCol ? cols[i++] : undefined;
  const desc = cols[i++];
  const dims = [cols[i++], cols[i++], cols[i++], cols[i++]];
  // price before quantity: the two columns change places
  const [q, p, t] = priceFirst ? [cols[i + 1], cols[i], cols[i + 2]] : [cols[i], cols[i + 1], cols[i + 2]];
  return { num, code, desc, dims, q, p, t, right: x };
}

export type Line = { kind: 'text'; draw: (y: number) => void; sommano?: boolean; /** measurement partial printed on this line */ qty?: number };

export async function renderGrid(o: {
  rng: Rng;
  setup: Setup;
  model: Model;
  codeCol: boolean;
  /** Width of the code column (points, at 8 pt; default 52). */
  codeW?: number;
  /** Unit price column before the quantity column. */
  priceFirst?: boolean;
  head: { num: string[]; desc: string; dims: string; q: string; imp: string };
  heading?: (s: Sheet, first: boolean) => number;
  cover?: (s: Sheet) => void;
  carry?: { riporto: string; ariportare: string };
  /** Lines of one voce (the caller uses `g` to place text). */
  voce: (s: Sheet, g: Geometry, v: Voce, rec: Recorder) => { lines: Line[]; keep: number; descr: string };
  chapter: (s: Sheet, g: Geometry, ch: Model['chapters'][number]) => Line[];
  sub?: (s: Sheet, g: Geometry, ch: Model['chapters'][number], sub: Model['chapters'][number]['subs'][number]) => Line[];
  chapterEnd?: (s: Sheet, g: Geometry, ch: Model['chapters'][number]) => Line[];
  end: (s: Sheet, g: Geometry) => Line[];
  /** Carry rows also carry the partial quantity when a page break falls inside a voce's measurements. */
  carryQty?: boolean;
  /** Probability that a voce's SOMMANO row is pushed alone to the next page. */
  orphanSommano?: number;
  footer: (s: Sheet, p: PDFPage, i: number, n: number, computo: boolean) => void;
  after?: (s: Sheet) => void;
  imitates: string;
  variant?: Record<string, unknown>;
}): Promise<Rendered> {
  const { setup, model, rng } = o;
  const s = await Sheet.create(setup.family, setup.size, setup.landscape, setup.rotated);
  s.runs = setup.runs;
  s.order = setup.order;
  const fm = money(setup);
  const lh = setup.size * 1.32;
  const g = geometry(s, setup, o.codeCol, o.codeW, o.priceFirst);
  const rec = new Recorder(model);
  let running = 0;
  let top = 0;
  /** Partial quantity of the voce being printed (null outside measurement lines). */
  let partial: number | null = null;
  const coverPages = new Set<number>();
  if (o.cover) {
    s.addPage();
    o.cover(s);
    coverPages.add(1);
  }
  const computoPages = new Set<number>();
  const rules = (y0: number, y1: number): void => {
    const xs = [g.num.l, g.num.r, ...(g.code ? [g.code.r] : []), g.desc.r, ...g.dims.map(d => d.r), g.q.r, g.p.r, g.t.r];
    for (const x of xs) s.line(x, y0, x, y1, 0.4);
    s.line(g.num.l, y1, g.right, y1, 0.5);
  };
  const header = (y: number): number => {
    const h = lh * 2.4;
    s.line(g.num.l, y, g.right, y, 0.8);
    const mid = y + lh * 1.1;
    o.head.num.forEach((t, i) => s.text(t, (g.num.l + (g.code ?? g.num).r) / 2, y + lh * (0.9 + i), { size: setup.size * 0.85, align: 'center' }));
    s.text(o.head.desc, (g.desc.l + g.desc.r) / 2, y + lh * 1.5, { bold: true, size: setup.size * 0.95, align: 'center' });
    s.text(o.head.dims, (g.dims[0].l + g.dims[3].r) / 2, y + lh * 0.9, { size: setup.size * 0.85, align: 'center' });
    ['par.ug.', 'lung.', 'larg.', 'H/peso'].forEach((t, i) => s.text(t, (g.dims[i].l + g.dims[i].r) / 2, y + lh * 2, { size: setup.size * 0.8, align: 'center' }));
    s.line(g.dims[0].l, mid, g.dims[3].r, mid, 0.4);
    s.text(o.head.q, (g.q.l + g.q.r) / 2, y + lh * 1.5, { size: setup.size * 0.85, align: 'center' });
    if (o.priceFirst) {
      s.text('Prezzo', (g.p.l + g.p.r) / 2, y + lh * 0.9, { size: setup.size * 0.85, align: 'center' });
      s.text('unitario', (g.p.l + g.p.r) / 2, y + lh * 2, { size: setup.size * 0.8, align: 'center' });
      s.text('IMPORTO', (g.t.l + g.t.r) / 2, y + lh * 1.5, { size: setup.size * 0.8, align: 'center' });
    } else {
      s.text(o.head.imp, (g.p.l + g.t.r) / 2, y + lh * 0.9, { size: setup.size * 0.85, align: 'center' });
      s.line(g.p.l, mid, g.t.r, mid, 0.4);
      s.text('unitario', (g.p.l + g.p.r) / 2, y + lh * 2, { size: setup.size * 0.8, align: 'center' });
      s.text('TOTALE', (g.t.l + g.t.r) / 2, y + lh * 2, { size: setup.size * 0.8, align: 'center' });
    }
    rules(y, y + h);
    return y + h;
  };
  let firstComputo = true;
  const flow: Flow = new Flow(s, s.ph - setup.margin.b - lh * 2.5, {
    start: () => {
      computoPages.add(s.pageNo);
      let y = o.heading ? o.heading(s, firstComputo) : setup.margin.t;
      y = header(y);
      top = y;
      if (o.carry) {
        y += lh;
        label(s, g, o.carry.riporto, y - 3, { bold: true });
        if (!firstComputo) s.text(fm(running), g.t.r - 2, y - 3, { bold: true, align: 'right' });
        if (o.carryQty && partial != null) s.text(fm(partial), g.q.r - 2, y - 3, { bold: true, align: 'right' });
      }
      firstComputo = false;
      return y + 2;
    },
    end: last => {
      let y = flow.y + 2;
      if (o.carry && !last) {
        y += lh;
        label(s, g, o.carry.ariportare, y - 3, { bold: true });
        s.text(fm(running), g.t.r - 2, y - 3, { bold: true, align: 'right' });
        if (o.carryQty && partial != null) s.text(fm(partial), g.q.r - 2, y - 3, { bold: true, align: 'right' });
        y += 2;
      }
      rules(top, Math.max(y, last ? y : flow.bottom + (o.carry ? lh + 2 : 0)));
    },
  });
  const put = (lines: Line[], keep = 1): void => {
    flow.ensure(lh * Math.min(keep, lines.length));
    for (const l of lines) {
      flow.ensure(lh);
      flow.y += lh;
      l.draw(flow.y - 3);
    }
  };
  flow.begin();
  for (const ch of model.chapters) {
    put(o.chapter(s, g, ch), 3);
    for (const sub of ch.subs) {
      if (o.sub) put(o.sub(s, g, ch, sub), 3);
      for (const v of sub.voci) {
        const { lines, keep, descr } = o.voce(s, g, v, rec);
        flow.ensure(lh * Math.min(keep, lines.length) + 2);
        flow.y += 2;
        const t = rec.start(v, s.pageNo, true);
        t.descrizione = descr;
        for (const l of lines) {
          // near the foot of a page the SOMMANO row may move alone to the next page
          if (l.sommano && o.orphanSommano && !flow.fits(lh * 3) && rng.chance(o.orphanSommano)) flow.newPage();
          flow.ensure(lh);
          flow.y += lh;
          l.draw(flow.y - 3);
          if (l.qty != null) partial = sum2([partial ?? 0, l.qty]);
          if (l.sommano) {
            partial = null;
            t.page_end = s.pageNo;
            running = sum2([running, v.totale]);
          }
        }
      }
    }
    if (o.chapterEnd) put(o.chapterEnd(s, g, ch), 1);
  }
  put(o.end(s, g), 2);
  flow.finish();
  o.after?.(s);
  const n = s.pages.length;
  s.pages.forEach((p, i) => {
    if (!coverPages.has(i + 1)) o.footer(s, p, i + 1, n, computoPages.has(i + 1));
  });
  return { sheet: s, model, items: rec.list(), setup, imitates: o.imitates, variant: o.variant };
}

/** Dimension cells and partial of one measurement line. */
export function misuraLine(s: Sheet, g: Geometry, fm: (v: number, d?: number) => string, m: Misura, label: string, y: number, ital = false): void {
  if (label) s.text(label, g.desc.l + 8, y, { ital });
  m.dims.forEach((d, i) => {
    if (d != null) s.text(fm(d, i < 2 ? 2 : 3), g.dims[i].r - 2, y, { align: 'right' });
  });
  s.text(fm(m.parziale), g.q.r - 2, y, { align: 'right' });
}

/** A row label right-aligned on the designation column; one too wide for it runs on into the empty dimension columns. */
export function label(s: Sheet, g: Geometry, text: string, y: number, o: { bold?: boolean; ital?: boolean }): void {
  const w = s.width(text, o);
  if (w <= g.desc.r - 4 - (g.code ?? g.num).r) s.text(text, g.desc.r - 4, y, { ...o, align: 'right' });
  else s.text(text, Math.max(g.desc.l + 2, g.q.l - 4 - w), y, o);
}

export function fitLabel(s: Sheet, text: string, w: number): string {
  if (s.width(text) <= w) return text;
  let t = text;
  while (t.length > 3 && s.width(`${t}…`) > w) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

// ---------------------------------------------------------------- LeenO

const leenoUnit = (um: string, rng: Rng): string =>
  ({ m: rng.pick(['ml.', 'm', 'ml']), cad: rng.pick(['cad.', 'cad', 'n.']), 'm²': rng.pick(['m²', 'mq.', 'm²']), 'm³': rng.pick(['m³', 'mc.']), 'a corpo': rng.pick(['a corpo', 'a.c.']) })[um] ?? um;

/** LeenO prints long descriptions as head + ` [...] ` + tail. */
function abbreviate(text: string, rng: Rng, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.floor(max * 0.6));
  const tail = text.slice(text.length - Math.floor(max * 0.3));
  const h = head.slice(0, head.lastIndexOf(' ')).trim();
  const sp = tail.indexOf(' ');
  const t = (sp >= 0 ? tail.slice(sp + 1) : tail).trim();
  return rng.chance(0.5) ? `${h} [...] ${t}` : `${h} [...]`;
}

export async function leeno(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: false, thou: '.', families: ['Helvetica', 'Times'], sizes: [7, 9.5] });
  const model = buildModel(rng, {
    nVoci,
    families: ['leeno', 'leeno', 'toscana'],
    misure: true,
    vedi: true,
    maxDesc: 900,
    chapters: rng.int(1, 5),
    subs: true,
    unit: um => leenoUnit(um, rng),
    repeat: 0.2,
  });
  const fm = money(setup);
  const maxAbbr = rng.int(160, 320);
  return renderGrid({
    rng,
    setup,
    model,
    codeCol: true,
    head: { num: ['Num.Ord.', 'Articolo'], desc: 'DESIGNAZIONE DEI LAVORI', dims: 'M I S U R A Z I O N I', q: 'Quantità', imp: 'I M P O R T I' },
    heading: (s, first) => {
      let y = setup.margin.t + setup.size * 1.3;
      if (first) {
        s.text('COMPUTO METRICO ESTIMATIVO', s.pw / 2, y, { bold: true, size: setup.size + 3, align: 'center' });
        y += setup.size * 1.7;
        for (const l of s.wrap(model.oggetto, s.pw - setup.margin.l - setup.margin.r)) {
          s.text(l, s.pw / 2, y, { align: 'center' });
          y += setup.size * 1.4;
        }
      } else {
        s.text(model.oggetto, setup.margin.l, y, { size: setup.size - 1, grey: true });
        y += setup.size * 0.6;
      }
      return y + 4;
    },
    orphanSommano: 0.6,
    chapter: (s, g, ch) => [
      {
        kind: 'text',
        draw: y => {
          s.text(String(ch.num), g.num.r - 2, y, { bold: true, align: 'right' });
          s.text(ch.title.toUpperCase(), g.desc.l + 2, y, { bold: true });
          s.text(fm(ch.total), g.t.r - 2, y, { bold: true, align: 'right' });
        },
      },
    ],
    sub: (s, g, ch, sub) => [
      {
        kind: 'text',
        draw: y => {
          s.text(`${ch.num}.${sub.num}`, g.num.r - 2, y, { bold: true, align: 'right' });
          s.text(sub.title, g.desc.l + 2, y, { bold: true, ital: false });
          s.text(fm(sub.total), g.t.r - 2, y, { align: 'right' });
        },
      },
    ],
    voce: (s, g, v) => {
      const w = g.desc.r - g.desc.l - 4;
      const full = v.estesa ? `${v.titolo} ${v.estesa}` : v.titolo;
      const text = abbreviate(full, rng, maxAbbr);
      const dl = s.wrap(text, w);
      const codeL = dotWrap(s, v.tariffa, g.code!.r - g.code!.l - 4);
      const lines: Line[] = [];
      const body = Math.max(dl.length, codeL.length);
      for (let i = 0; i < body; i++) {
        lines.push({
          kind: 'text',
          draw: y => {
            if (i === 0) s.text(String(v.n), g.num.r - 2, y, { bold: true, align: 'right' });
            if (codeL[i]) s.text(codeL[i], g.code!.l + 2, y);
            if (dl[i]) s.text(dl[i], g.desc.l + 2, y);
          },
        });
      }
      let since: number[] = [];
      v.misure.forEach((m, i) => {
        if (m.vedi) {
          const lab = `- vedi voce n.${m.vedi.n} - art. ${m.vedi.code} [${m.vedi.um} ${fm(m.parziale)}]`;
          for (const [k, l] of s.wrap(lab, w - 8).entries()) {
            const last = k === s.wrap(lab, w - 8).length - 1;
            lines.push({ kind: 'text', draw: y => {
              s.text(l, g.desc.l + 8, y, { ital: true });
              if (last) s.text(fm(m.parziale), g.q.r - 2, y, { align: 'right' });
            } });
          }
        } else lines.push({ kind: 'text', draw: y => misuraLine(s, g, fm, m, fitLabel(s, m.testo, w - 10), y) });
        since.push(m.parziale);
        if (since.length >= 2 && i < v.misure.length - 1 && rng.chance(0.3)) {
          const p = sum2(since);
          since = [];
          lines.push({ kind: 'text', draw: y => {
            label(s, g, `Parziale [${v.um}]`, y, { ital: true });
            s.text(fm(p), g.q.r - 2, y, { ital: true, align: 'right' });
          } });
        }
      });
      lines.push({
        kind: 'text',
        sommano: true,
        draw: y => {
          label(s, g, `SOMMANO [${v.um}]`, y, { bold: true });
          s.text(fm(v.quantita), g.q.r - 2, y, { bold: true, align: 'right' });
          s.text(fm(v.unitario), g.p.r - 2, y, { align: 'right' });
          s.text(fm(v.totale), g.t.r - 2, y, { bold: true, align: 'right' });
        },
      });
      return { lines, keep: 2, descr: dl.join(' ') };
    },
    end: (s, g) => [
      { kind: 'text', draw: () => {} },
      { kind: 'text', draw: y => {
        label(s, g, 'T O T A L E   €', y, { bold: true });
        s.text(fm(model.total), g.t.r - 2, y, { bold: true, align: 'right' });
      } },
    ],
    footer: (s, p, i, n) => {
      const y = s.ph - setup.margin.b / 2;
      s.text('realizzato con LeenO.org', setup.margin.l, y, { size: setup.size - 1.5, ital: true, grey: true }, p);
      s.text(`Pg. ${i} (di ${n})`, s.pw - setup.margin.r, y, { size: setup.size - 1, align: 'right' }, p);
    },
    imitates: 'LeenO (LibreOffice) computo print: SOMMANO [um], Parziale lines, vedi voce lines, [...] abbreviations, numbered categories with amounts',
  });
}

// ---------------------------------------------------------------- older PriMus

export async function primusOld(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: false, thou: rng.pick(['.', '´']), families: ['Helvetica', 'Times', 'Courier'], sizes: [7, 9.5] });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'campania', 'lombardia', 'piemonte', 'sicilia'] as const, 2),
    misure: true,
    deductions: true,
    maxDesc: 700,
    chapters: rng.int(1, 6),
    repeat: 0.05,
  });
  const fm = money(setup);
  const listDate = `${String(rng.int(1, 28)).padStart(2, '0')}/${String(rng.int(1, 12)).padStart(2, '0')}/20${rng.int(10, 18)}`;
  const committente = `COMMITTENTE: ${model.ente}`;
  return renderGrid({
    rng,
    setup,
    model,
    codeCol: false,
    head: { num: ['Num.Ord.', 'TARIFFA'], desc: 'DESIGNAZIONE DEI LAVORI', dims: 'D I M E N S I O N I', q: 'Quantità', imp: 'I M P O R T I' },
    cover: s => {
      let y = s.ph * 0.18;
      s.text(model.ente.toUpperCase(), s.pw / 2, y, { bold: true, size: setup.size + 6, align: 'center' });
      y += 80;
      s.text('COMPUTO METRICO ESTIMATIVO', s.pw / 2, y, { bold: true, size: setup.size + 8, align: 'center' });
      y += 60;
      s.text('OGGETTO:', setup.margin.l + 20, y, { bold: true, size: setup.size + 2 });
      for (const l of s.wrap(model.oggetto, s.pw - setup.margin.l - setup.margin.r - 120, { size: setup.size + 2 })) {
        s.text(l, setup.margin.l + 100, y, { size: setup.size + 2 });
        y += setup.size * 2;
      }
      y += 20;
      s.text('COMMITTENTE:', setup.margin.l + 20, y, { bold: true, size: setup.size + 2 });
      s.text(model.ente, setup.margin.l + 100, y, { size: setup.size + 2 });
      y += 120;
      s.text(`${model.luogo}, ${model.date}`, setup.margin.l + 20, y, { size: setup.size + 1 });
      s.text('IL TECNICO', s.pw - setup.margin.r - 80, y, { size: setup.size + 1, align: 'center' });
      s.text(model.tecnico, s.pw - setup.margin.r - 80, y + 20, { size: setup.size + 1, align: 'center' });
      s.rect(setup.margin.l, setup.margin.t, s.pw - setup.margin.l - setup.margin.r, s.ph - setup.margin.t - setup.margin.b, { border: 1 });
    },
    heading: s => {
      const y = setup.margin.t + setup.size;
      s.text(`pag. ${s.pageNo}`, s.pw - setup.margin.r, y, { size: setup.size - 1, align: 'right' });
      return y + 6;
    },
    carry: { riporto: 'R I P O R T O', ariportare: 'A   R I P O R T A R E' },
    carryQty: true,
    chapter: (s, g, ch) => [
      ...(ch.num === 1 ? [{ kind: 'text', draw: (y: number) => s.text('LAVORI A MISURA', (g.desc.l + g.desc.r) / 2, y, { bold: true, align: 'center', underline: true }) } as Line] : []),
      { kind: 'text', draw: () => {} },
      { kind: 'text', draw: y => s.text(`${ch.title.toUpperCase()}  (Cap ${ch.num})`, (g.desc.l + g.desc.r) / 2, y, { bold: true, align: 'center', underline: true }) },
    ],
    chapterEnd: (s, g, ch) => [
      { kind: 'text', draw: y => {
        label(s, g, `Parziale ${ch.title.toUpperCase()} (Cap ${ch.num}) euro`, y, { bold: true });
        s.text(fm(ch.total), g.t.r - 2, y, { bold: true, align: 'right' });
      } },
    ],
    voce: (s, g, v) => {
      const w = g.desc.r - g.desc.l - 4;
      const tl = s.wrap(v.titolo, w, { bold: true });
      const dl = v.estesa ? s.wrap(v.estesa, w) : [];
      const codeL = dotWrap(s, v.tariffa, g.num.r - g.num.l - 4);
      const left = [String(v.n), ...codeL, listDate];
      const text = [...tl.map(t => ({ t, b: true })), ...dl.map(t => ({ t, b: false }))];
      const lines: Line[] = [];
      for (let i = 0; i < Math.max(left.length, text.length); i++) {
        lines.push({ kind: 'text', draw: y => {
          if (left[i]) s.text(left[i], g.num.l + 2, y, { bold: i === 0, size: i === left.length - 1 && i > 0 ? setup.size * 0.85 : undefined });
          if (text[i]) s.text(text[i].t, g.desc.l + 2, y, { bold: text[i].b });
        } });
      }
      for (const m of v.misure) lines.push({ kind: 'text', qty: m.parziale, draw: y => misuraLine(s, g, fm, m, fitLabel(s, m.testo, w - 10), y) });
      const neg = v.misure.filter(m => m.parziale < 0).map(m => m.parziale);
      if (neg.length) {
        const pos = sum2(v.misure.filter(m => m.parziale > 0).map(m => m.parziale));
        lines.push({ kind: 'text', draw: y => {
          label(s, g, `Sommano positivi  ${v.um}`, y, { ital: true });
          s.text(fm(pos), g.q.r - 2, y, { ital: true, align: 'right' });
        } });
        lines.push({ kind: 'text', draw: y => {
          label(s, g, `Sommano negativi  ${v.um}`, y, { ital: true });
          s.text(fm(sum2(neg)), g.q.r - 2, y, { ital: true, align: 'right' });
        } });
      }
      lines.push({ kind: 'text', sommano: true, draw: y => {
        label(s, g, `SOMMANO ${v.um}`, y, { bold: true });
        s.text(fm(v.quantita), g.q.r - 2, y, { bold: true, align: 'right' });
        s.text(fm(v.unitario), g.p.r - 2, y, { align: 'right' });
        s.text(fm(v.totale), g.t.r - 2, y, { bold: true, align: 'right' });
      } });
      return { lines, keep: 1, descr: text.map(x => x.t).join(' ') };
    },
    end: (s, g) => [
      { kind: 'text', draw: () => {} },
      { kind: 'text', draw: y => {
        label(s, g, 'T O T A L E   euro', y, { bold: true });
        s.text(fm(model.total), g.t.r - 2, y, { bold: true, align: 'right' });
      } },
    ],
    after: s => {
      // Riepilogo CAPITOLI: not voci
      s.addPage();
      let y = setup.margin.t + setup.size * 3;
      s.text('Riepilogo CAPITOLI', s.pw / 2, y, { bold: true, size: setup.size + 2, align: 'center' });
      y += setup.size * 3;
      const xr = s.pw - setup.margin.r - 10;
      for (const ch of model.chapters) {
        s.text(String(ch.num).padStart(3, '0'), setup.margin.l + 10, y);
        s.text(ch.title, setup.margin.l + 50, y);
        s.text(fm(ch.total), xr, y, { align: 'right' });
        y += setup.size * 1.6;
      }
      y += setup.size;
      s.line(setup.margin.l, y - setup.size * 1.2, s.pw - setup.margin.r, y - setup.size * 1.2, 0.5);
      s.text('TOTALE  euro', setup.margin.l + 50, y, { bold: true });
      s.text(fm(model.total), xr, y, { bold: true, align: 'right' });
      y += setup.size * 6;
      s.text(`${model.luogo}, ${model.date}`, setup.margin.l + 10, y);
      s.text('Il Tecnico', s.pw - setup.margin.r - 80, y, { align: 'center' });
      s.text(model.tecnico, s.pw - setup.margin.r - 80, y + setup.size * 1.8, { align: 'center' });
    },
    footer: (s, p, i, _n, computo) => {
      const y = s.ph - setup.margin.b / 2;
      s.text(committente, setup.margin.l, y, { size: setup.size - 1 }, p);
      s.text('PriMus by ACCA software S.p.A.', s.pw - setup.margin.r, y, { size: setup.size - 1.5, ital: true, align: 'right' }, p);
      if (!computo) s.text(`pag. ${i}`, s.pw - setup.margin.r, setup.margin.t + setup.size, { size: setup.size - 1, align: 'right' }, p);
    },
    imitates: 'older ACCA PriMus print: code and price-list date under the number, Sommano positivi/negativi, RIPORTO/A RIPORTARE, cover and Riepilogo',
  });
}
