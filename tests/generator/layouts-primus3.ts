/**
 * PriMus POWER3 prints, with the traits real ones show and the older layout lacks: a narrow code
 * column where codes wrap after their last dot (`I.01.020.020.` + `a`) or inside a number, and
 * may continue on the next page; units printed over two lines (`cad/` above `30gg`), in brackets
 * with or without a trailing dot (`[mq.]`), or a `SOMMANO` with no unit at all; category and
 * sub-category lines whose number sits in the code column and whose amount is printed
 * (`1.1 CATEGORIA 293.743,50`, `0.1.1 SottoCategoria`); price before quantity
 * (`primus3_prezzo_prima`).
 */
import type { Rng } from './core.ts';
import { type Voce, buildModel } from './content.ts';
import { type Rendered, money, randomSetup } from './doc.ts';
import { type Line, fitLabel, label, misuraLine, renderGrid } from './layouts-primus.ts';

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** POWER3-style codes of regional lists: `I.01.020.020.a`, `1C.01.060.0010.a`, `A.02.004.0015`. */
function power3Code(rng: Rng): string {
  const l = 'abcdefgh'[rng.int(0, 7)];
  switch (rng.int(0, 2)) {
    case 0:
      return `${rng.pick(['I', 'E', 'A', 'C'])}.${pad(rng.int(1, 20), 2)}.${pad(rng.int(1, 90) * 10, 3)}.${pad(rng.int(1, 90) * 10, 3)}.${l}`;
    case 1:
      return `${rng.int(1, 3)}${rng.pick(['C', 'E', 'U'])}.${pad(rng.int(1, 30), 2)}.${pad(rng.int(1, 200), 3)}.${pad(rng.int(1, 60) * 10, 4)}${rng.chance(0.7) ? `.${l}` : ''}`;
    default:
      return `${rng.pick(['A', 'B', 'D'])}.${pad(rng.int(1, 20), 2)}.${pad(rng.int(1, 99), 3)}.${pad(rng.int(1, 99) * 5, 4)}`;
  }
}

/** Two-part units printed over two lines. */
const TWO_LINE = ['cad/30gg', 'cad/mese', 'm²/mese', 'ml/30gg', 'cad/giorno'];

function unitOf(um: string, rng: Rng, dot: boolean): string {
  const base = ({ 'm²': 'mq', 'm³': 'mc', m: 'ml', cad: 'cad', kg: 'kg', h: 'ora' } as Record<string, string>)[um] ?? um;
  return dot && !base.includes(' ') ? `${base}.` : base;
}

async function primus3(rng: Rng, nVoci: number, priceFirst: boolean): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: rng.chance(0.3), thou: rng.pick(['.', '.', '´']), families: ['Helvetica', 'Times'], sizes: [7, 9] });
  const brackets = rng.chance(0.6);
  const dot = rng.chance(0.5);
  const wrapMode = rng.pick(['lastdot', 'mid'] as const);
  const model = buildModel(rng, {
    nVoci,
    families: ['lazio'],
    misure: 'some',
    deductions: true,
    maxDesc: 400,
    chapters: rng.int(1, 4),
    subs: true,
    unit: (um, r) => (r.chance(0.15) ? r.pick(TWO_LINE) : unitOf(um, r, dot)),
  });
  // POWER3 codes (a repeated article keeps its code) and voci whose SOMMANO prints no unit
  const codes = new Map<string, string>();
  const used = new Set<string>();
  const noUnit = new Set<number>();
  for (const v of model.voci) {
    if (!codes.has(v.tariffa)) {
      let c = power3Code(rng);
      while (used.has(c)) c = power3Code(rng);
      used.add(c);
      codes.set(v.tariffa, c);
    }
    v.tariffa = codes.get(v.tariffa)!;
    if (!v.um.includes('/') && rng.chance(0.12)) noUnit.add(v.n);
  }
  const truthUm = (v: Voce): string => (noUnit.has(v.n) ? '' : v.um);
  // Some prints carry no amount on their category and sub-category lines: only their number in the code column.
  const catAmounts = rng.chance(0.5);
  const fm = money(setup);
  const size = setup.size;
  const split = (code: string): string[] => {
    const d = code.lastIndexOf('.');
    if (wrapMode === 'lastdot' && d > 0 && d < code.length - 1) return [code.slice(0, d + 1), code.slice(d + 1)];
    const k = Math.max(3, Math.floor(code.length * 0.6));
    return [code.slice(0, k), code.slice(k)];
  };
  // the code column holds the longest first part (Helvetica advance widths at 8 pt, the column's unit)
  const w8 = (t: string): number => [...t].reduce((a, c) => a + (/\d/.test(c) ? 4.45 : c === '.' ? 2.23 : /[A-Z]/.test(c) ? 5.9 : 4.5), 0);
  const codeW = Math.ceil(Math.max(...model.voci.map(v => w8(split(v.tariffa)[0]))) + 5 + rng.int(0, 3));
  const unitText = (v: Voce): string[] => {
    if (noUnit.has(v.n)) return [''];
    const parts = v.um.includes('/') ? [v.um.slice(0, v.um.indexOf('/') + 1), v.um.slice(v.um.indexOf('/') + 1)] : [v.um];
    return brackets ? (parts.length === 2 ? [`[${parts[0]}`, `${parts[1]}]`] : [`[${parts[0]}]`]) : parts;
  };
  const rendered = await renderGrid({
    rng,
    setup,
    model,
    codeCol: true,
    codeW,
    priceFirst,
    head: { num: ['Num.Ord.', 'TARIFFA'], desc: 'DESIGNAZIONE DEI LAVORI', dims: 'D I M E N S I O N I', q: 'Quantità', imp: 'I M P O R T I' },
    heading: s => {
      const y = setup.margin.t + size;
      s.text(`pag. ${s.pageNo}`, s.pw - setup.margin.r, y, { size: size - 1, align: 'right' });
      return y + 6;
    },
    carry: { riporto: 'R I P O R T O', ariportare: 'A   R I P O R T A R E' },
    chapter: (s, g, ch) => [
      { kind: 'text', draw: () => {} },
      {
        kind: 'text',
        draw: y => {
          s.text(`1.${ch.num}`, g.code!.l + 2, y, { bold: true });
          s.text(fitLabel(s, ch.title.toUpperCase(), g.desc.r - g.desc.l - 30), g.desc.l + 2, y, { bold: true });
          if (catAmounts) s.text(fm(ch.total), g.t.r - 2, y, { bold: true, align: 'right' });
        },
      },
    ],
    sub: (s, g, ch, sub) => [
      {
        kind: 'text',
        draw: y => {
          s.text(`0.${ch.num}.${sub.num}`, g.code!.l + 2, y, { ital: true });
          s.text(sub.title, g.desc.l + 2, y, { ital: true });
          if (catAmounts && ch.subs.length > 1) s.text(fm(sub.total), g.t.r - 2, y, { ital: true, align: 'right' });
        },
      },
    ],
    voce: (s, g, v) => {
      const w = g.desc.r - g.desc.l - 4;
      const tl = s.wrap(v.titolo, w, { bold: true });
      const dl = v.estesa ? s.wrap(v.estesa, w) : [];
      const code = split(v.tariffa);
      const text = [...tl.map(t => ({ t, b: true })), ...dl.map(t => ({ t, b: false }))];
      const lines: Line[] = [];
      for (let i = 0; i < Math.max(code.length, text.length); i++) {
        lines.push({
          kind: 'text',
          draw: y => {
            if (i === 0) s.text(String(v.n), g.num.l + 2, y, { bold: true });
            if (code[i]) s.text(code[i], g.code!.l + 2, y);
            if (text[i]) s.text(text[i].t, g.desc.l + 2, y, { bold: text[i].b });
          },
        });
      }
      for (const m of v.misure) lines.push({ kind: 'text', qty: m.parziale, draw: y => misuraLine(s, g, fm, m, fitLabel(s, m.testo, w - 10), y) });
      const [u1, u2] = unitText(v);
      lines.push({
        kind: 'text',
        sommano: true,
        draw: y => {
          label(s, g, u1 ? `SOMMANO ${u1}` : 'SOMMANO', y, { bold: true });
          s.text(fm(v.quantita), g.q.r - 2, y, { bold: true, align: 'right' });
          s.text(fm(v.unitario), g.p.r - 2, y, { align: 'right' });
          s.text(fm(v.totale), g.t.r - 2, y, { bold: true, align: 'right' });
        },
      });
      if (u2) lines.push({ kind: 'text', draw: y => s.text(u2, g.desc.r - 4, y, { bold: true, align: 'right' }) });
      return { lines, keep: 1, descr: text.map(x => x.t).join(' ') };
    },
    end: (s, g) => [
      { kind: 'text', draw: () => {} },
      {
        kind: 'text',
        draw: y => {
          label(s, g, 'T O T A L E   euro', y, { bold: true });
          s.text(fm(model.total), g.t.r - 2, y, { bold: true, align: 'right' });
        },
      },
    ],
    footer: (s, p) => {
      const y = s.ph - setup.margin.b / 2;
      s.text(`COMMITTENTE: ${model.ente}`, setup.margin.l, y, { size: size - 1 }, p);
      s.text('PriMus POWER3 by ACCA software S.p.A.', s.pw - setup.margin.r, y, { size: size - 1.5, ital: true, align: 'right' }, p);
    },
    imitates: 'ACCA PriMus POWER3 print: narrow code column (codes wrap after the last dot or inside a number), units over two lines or in brackets, SOMMANO without unit, category/sub-category lines with amounts in the code column',
    variant: { price_first: priceFirst, category_amounts: catAmounts, unit_brackets: brackets, unit_dot: dot, code_wrap: wrapMode, code_width: codeW, sommano_without_unit: [...noUnit] },
  });
  for (const it of rendered.items) {
    const v = model.voci.find(x => x.n === it.n)!;
    it.um = truthUm(v);
  }
  return rendered;
}

export const primus3Layout = (rng: Rng, nVoci: number): Promise<Rendered> => primus3(rng, nVoci, false);
export const primus3PrezzoPrima = (rng: Rng, nVoci: number): Promise<Rendered> => primus3(rng, nVoci, true);
