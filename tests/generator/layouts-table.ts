/**
 * Table-like layouts: separators, excel_prezzo_prima, narrow_code, blumatica.
 */
import { NARROW, type Rng, Sheet, mulRound2, roundDec, sum2 } from './core.ts';
import { type CodeFamily, type Model, type Voce, buildModel } from './content.ts';
import { type Rendered, type Setup, money, randomSetup } from './doc.ts';
import { type Col, renderTable } from './table.ts';

function titleBlock(setup: Setup, model: Model, opts: { heading: string; every?: string }): (s: Sheet, first: boolean) => number {
  return (s, first) => {
    let y = setup.margin.t;
    const w = s.pw - setup.margin.l - setup.margin.r;
    if (first) {
      y += setup.size * 1.6;
      s.text(model.ente.toUpperCase(), s.pw / 2, y, { bold: true, size: setup.size + 3, align: 'center' });
      y += setup.size * 1.8;
      for (const l of s.wrap(`OGGETTO: ${model.oggetto}`, w, { size: setup.size + 1 })) {
        s.text(l, setup.margin.l, y, { size: setup.size + 1 });
        y += setup.size * 1.5;
      }
      y += setup.size * 0.6;
      s.text(opts.heading, s.pw / 2, y, { bold: true, size: setup.size + 2, align: 'center' });
      y += setup.size * 1.4;
    } else if (opts.every) {
      y += setup.size * 1.2;
      s.text(opts.every, setup.margin.l, y, { size: setup.size - 1, grey: true });
      y += setup.size * 0.8;
    }
    return y + 4;
  };
}

const unitAscii = (um: string, rng: Rng, style: 'sym' | 'ascii' | 'mixed'): string => {
  const map: Record<string, string[]> = { 'm²': ['mq', 'm²', 'm2'], 'm³': ['mc', 'm³', 'm3'], cad: ['cad', 'cad.', 'n.'], m: ['m', 'ml', 'm'], 'a corpo': ['a corpo', 'a.c.', 'corpo'] };
  const opts = map[um];
  if (!opts) return um;
  return style === 'sym' ? um : style === 'ascii' ? opts[0] : opts[rng.int(0, opts.length - 1)];
};

// ---------------------------------------------------------------- separators

export const SEPARATORS = [
  { sep: '.', label: 'dot' },
  { sep: '´', label: 'acute' },
  { sep: "'", label: 'apostrophe' },
  { sep: ' ', label: 'space' },
  { sep: NARROW, label: 'narrow gap' },
  { sep: '', label: 'none' },
];

export async function separators(rng: Rng, nVoci: number): Promise<Rendered> {
  const sepc = rng.pick(SEPARATORS);
  const setup = randomSetup(rng, { thou: sepc.sep });
  const uStyle = rng.pick(['sym', 'ascii', 'mixed'] as const);
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'lombardia', 'campania', 'piemonte', 'sicilia', 'lazio', 'np', 'six'] as CodeFamily[], 2),
    misure: 'some',
    deductions: true,
    maxDesc: rng.pick([0, 120, 300]),
    chapters: rng.int(1, 6),
    unit: um => unitAscii(um, rng, uStyle),
    // big amounts make the separator matter
    repeat: 0.05,
  });
  const fm = money(setup);
  const f3 = (v: number): string => money(setup)(v, 3);
  const numOrders: Array<Array<'um' | 'q' | 'p' | 't'>> = [
    ['um', 'q', 'p', 't'],
    ['q', 'um', 'p', 't'],
    ['um', 'p', 'q', 't'],
  ];
  const order = rng.pick(numOrders);
  const heads = { um: ['U.M.'], q: ['Quantità'], p: ['Prezzo', 'unitario'], t: ['Importo'] };
  const widths = { um: 4, q: 7, p: 7.5, t: 8.5 };
  const codeFirst = rng.chance(0.7);
  const cols: Col[] = [
    ...(codeFirst ? [{ key: 'n', head: ['N.'], w: 3 } as Col, { key: 'code', head: ['Codice'], w: 11 } as Col] : [{ key: 'code', head: ['Articolo'], w: 11 } as Col, { key: 'n', head: ['Pos.'], w: 3 } as Col]),
    { key: 'desc', head: ['Descrizione'], w: 0 },
    ...order.map(k => ({ key: k, head: heads[k], w: widths[k] }) as Col),
  ];
  const dimsText = (v: Voce, i: number): { text: string; partial: string } | null => {
    const m = v.misure[i];
    const parts = m.dims.filter((d): d is number => d != null).map((d, k) => (k === 0 && Number.isInteger(d) ? String(d) : f3(d)));
    return { text: `${m.testo}  ${parts.join(' x ')}`, partial: fm(m.parziale) };
  };
  return renderTable({
    name: 'separators',
    imitates: 'plain spreadsheet/word-processor table; thousands separator varies per document',
    setup,
    model,
    rng,
    cols,
    rules: rng.pick(['none', 'columns'] as const),
    headerFill: rng.chance(0.5) ? 0.88 : undefined,
    amounts: rng.pick(['first', 'last'] as const),
    titleBold: rng.chance(0.6),
    misura: dimsText,
    chapterRow: ch => `${ch.num}. ${ch.title.toUpperCase()}`,
    chapterTotalRow: rng.chance(0.7) ? ch => `Totale ${ch.num}. ${ch.title}` : undefined,
    totalLabel: rng.pick(['TOTALE', 'TOTALE COMPUTO', 'Totale generale']),
    titleBlock: titleBlock(setup, model, { heading: 'COMPUTO METRICO ESTIMATIVO' }),
    footer: (s, p, i, n) => s.text(`Pagina ${i} di ${n}`, s.pw / 2, s.ph - setup.margin.b / 2, { size: setup.size - 1, align: 'center' }, p),
    variant: { thousands: sepc.label, order: cols.map(c => c.key).join(',') },
  });
}

// ---------------------------------------------------------------- excel_prezzo_prima

export async function excelPrezzoPrima(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: true, thou: '.', families: ['Helvetica', 'Times'] });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'lombardia', 'campania', 'piemonte', 'lazio', 'np'] as CodeFamily[], 2),
    misure: false,
    maxDesc: rng.pick([150, 300, 500]),
    chapters: rng.int(1, 5),
    repeat: 0.05,
  });
  const cols: Col[] = [
    { key: 'n', head: ['N.'], w: 3 },
    { key: 'code', head: ['Codice'], w: 12 },
    { key: 'desc', head: ['Descrizione'], w: 0 },
    { key: 'um', head: ['U.M.'], w: 4.5 },
    { key: 'eur_p', head: [''], w: 1.8 },
    { key: 'p', head: ['Prezzo', 'unitario'], w: 7 },
    { key: 'q', head: ['Quantità'], w: 7 },
    { key: 'eur_t', head: [''], w: 1.8 },
    { key: 't', head: ['Importo'], w: 8.5 },
  ];
  const oneri = roundDec(model.total * rng.real(0.015, 0.04, 4), 2);
  const base = sum2([model.total, oneri]);
  const ivaRate = rng.pick([10, 22]);
  const iva = mulRound2([base, ivaRate / 100]);
  return renderTable({
    name: 'excel_prezzo_prima',
    imitates: 'Excel sheet printed landscape: price before quantity, € in cells of their own, oneri/IVA rows after the total',
    setup,
    model,
    rng,
    cols,
    rules: 'grid',
    headerFill: rng.chance(0.7) ? 0.85 : undefined,
    amounts: rng.pick(['first', 'middle'] as const),
    vcenter: true,
    eur: '€',
    codeLines: (s, code, w) => excelWrap(s, code, w),
    chapterRow: ch => ch.title.toUpperCase(),
    chapterTotalRow: rng.chance(0.5) ? ch => `Totale ${ch.title.toLowerCase()}` : undefined,
    totalLabel: 'TOTALE LAVORI',
    after: [
      { label: 'Oneri della sicurezza non soggetti a ribasso', amount: oneri },
      { label: "Importo complessivo dell'appalto", amount: base },
      { label: `IVA ${ivaRate}%`, amount: iva },
      { label: 'TOTALE COMPLESSIVO', amount: sum2([base, iva]) },
    ],
    titleBlock: titleBlock(setup, model, { heading: 'COMPUTO METRICO ESTIMATIVO' }),
    footer: (s, p, i, n) => s.text(`Pagina ${i} di ${n}`, s.pw / 2, s.ph - setup.margin.b / 2, { size: setup.size - 1, align: 'center' }, p),
  });
}

/** Excel "wrap text" on a code: breaks at any character when the cell is too narrow. */
function excelWrap(s: Sheet, code: string, w: number): string[] {
  const out: string[] = [];
  let rest = code;
  while (rest && s.width(rest) > w) {
    let k = rest.length - 1;
    while (k > 1 && s.width(rest.slice(0, k)) > w) k--;
    out.push(rest.slice(0, k));
    rest = rest.slice(k);
  }
  if (rest) out.push(rest);
  return out;
}

// ---------------------------------------------------------------- narrow_code

/** Wraps a code at a dot when possible, else in the middle of a number (as a narrow column does). */
export function narrowWrap(s: Sheet, code: string, w: number, preferDot: boolean): string[] {
  const out: string[] = [];
  let rest = code;
  while (rest && s.width(rest) > w) {
    let k = rest.length - 1;
    while (k > 1 && s.width(rest.slice(0, k)) > w) k--;
    if (preferDot) {
      const d = rest.slice(0, k).lastIndexOf('.');
      if (d > 2) k = d + 1;
    }
    out.push(rest.slice(0, k));
    rest = rest.slice(k);
  }
  if (rest) out.push(rest);
  return out;
}

export async function narrowCode(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { thou: rng.pick(['.', '´']) });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['lombardia', 'campania', 'toscana', 'piemonte'] as CodeFamily[], 3),
    misure: false,
    maxDesc: rng.pick([200, 400, 700]),
    chapters: rng.int(1, 4),
    repeat: 0.08,
  });
  const preferDot = rng.chance(0.5);
  const cols: Col[] = [
    { key: 'n', head: [rng.pick(['N.', 'N.ord.', 'Num.'])], w: 2.8 },
    { key: 'code', head: rng.pick([['Codice'], ['Tariffa'], ['Art.'], ['Cod.', 'art.']]), w: rng.pick([6, 6.5, 7]) },
    { key: 'desc', head: [rng.pick(['DESCRIZIONE', 'Descrizione delle opere', 'DESIGNAZIONE DEI LAVORI'])], w: 0 },
    { key: 'um', head: [rng.pick(['U.M.', 'u.m.', 'Unità'])], w: 3.6 },
    { key: 'q', head: [rng.pick(['Quantità', 'Q.tà'])], w: 6.5 },
    { key: 'p', head: rng.pick([['Prezzo'], ['Prezzo', 'unitario'], ['P.U. €']]), w: 7 },
    { key: 't', head: rng.pick([['Importo'], ['Importo €'], ['Totale']]), w: 8.5 },
  ];
  return renderTable({
    name: 'narrow_code',
    imitates: 'computo with a narrow code column: codes wrap at a dot or inside a number, carry rows between pages',
    setup,
    model,
    rng,
    cols,
    rules: rng.pick(['none', 'columns'] as const),
    amounts: rng.pick(['last', 'last', 'first'] as const),
    titleBold: rng.chance(0.7),
    codeLines: (s, code, w) => narrowWrap(s, code, w, preferDot),
    chapterRow: ch => `CAPITOLO ${ch.num} - ${ch.title.toUpperCase()}`,
    chapterTotalRow: ch => `Totale capitolo ${ch.num}`,
    carry: rng.pick([
      { riporto: 'Riporto', ariportare: 'A riportare' },
      { riporto: 'R I P O R T O', ariportare: 'A  R I P O R T A R E' },
    ]),
    totalLabel: 'TOTALE COMPLESSIVO',
    titleBlock: titleBlock(setup, model, { heading: 'COMPUTO METRICO ESTIMATIVO', every: `${model.ente} - Computo metrico estimativo` }),
    footer: (s, p, i) => s.text(`pag. ${i}`, s.pw - setup.margin.r, s.ph - setup.margin.b / 2, { size: setup.size - 1, align: 'right' }, p),
    // a voce may start on the last line of a page: its code then continues after the carry row
    keepLines: 1,
    variant: { codeWrap: preferDot ? 'dot' : 'anywhere' },
  });
}

// ---------------------------------------------------------------- blumatica / public-body template

export async function blumatica(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: true, thou: '.' });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'campania', 'sicilia', 'lazio', 'np'] as CodeFamily[], 2),
    misure: 'some',
    maxDesc: rng.pick([200, 400]),
    chapters: rng.int(2, 6),
    subs: rng.chance(0.5),
    unit: (um, r) => (um === 'cad' && r.chance(0.3) ? r.pick(['cad/mese', 'cad/giorno', 'm²/mese']) : um === 'm' && r.chance(0.3) ? 'm/mese' : um),
    repeat: 0.05,
  });
  const fm = money(setup);
  const empty = new Set(model.voci.filter(() => rng.chance(0.12)).map(v => v.n));
  const cols: Col[] = [
    { key: 'n', head: ['N.'], w: 3 },
    { key: 'code', head: ['Codice Art.'], w: 11 },
    { key: 'desc', head: ['Descrizione dei lavori'], w: 0 },
    { key: 'um', head: ['Unità di', 'misura'], w: 5 },
    { key: 'q', head: ['Quantità'], w: 7 },
    { key: 'p', head: ['Prezzo', 'Unitario'], w: 7.5 },
    { key: 't', head: ['Importo'], w: 9 },
  ];
  return renderTable({
    name: 'blumatica',
    imitates: 'public-body template (Blumatica-like), landscape: chapter subtotals, SOMMANO without unit, two-line units',
    setup,
    model,
    rng,
    cols,
    rules: 'columns',
    headerFill: 0.9,
    amounts: 'sommano',
    sommanoLabel: () => 'SOMMANO',
    titleBold: false,
    umLines: um => (um.includes('/') ? [um.slice(0, um.indexOf('/') + 1), um.slice(um.indexOf('/') + 1)] : [um]),
    misura: (v, i) => {
      const m = v.misure[i];
      const parts = m.dims.flatMap((d, k) => (d == null ? [] : [fm(d, k < 2 ? 2 : 3)]));
      return { text: `${m.testo}  ${parts.join(' * ')}`, partial: fm(m.parziale) };
    },
    emptyDesc: v => empty.has(v.n),
    chapterRow: ch => `CAPITOLO ${ch.num}: ${ch.title.toUpperCase()}`,
    subRow: model.chapters.some(c => c.subs.length > 1) ? (ch, sub) => `${ch.num}.${sub.num} ${sub.title}` : undefined,
    chapterTotalRow: ch => `Totale CAPITOLO ${ch.num}: ${ch.title.toUpperCase()}`,
    totalLabel: 'IMPORTO COMPLESSIVO DEI LAVORI',
    titleBlock: titleBlock(setup, model, { heading: 'COMPUTO METRICO ESTIMATIVO', every: model.oggetto }),
    footer: (s, p, i, n) => {
      s.line(setup.margin.l, s.ph - setup.margin.b / 2 - setup.size * 1.2, s.pw - setup.margin.r, s.ph - setup.margin.b / 2 - setup.size * 1.2, 0.3, p);
      s.text(`${model.luogo}, ${model.date}`, setup.margin.l, s.ph - setup.margin.b / 2, { size: setup.size - 1 }, p);
      s.text(`Pag. ${i} di ${n}`, s.pw - setup.margin.r, s.ph - setup.margin.b / 2, { size: setup.size - 1, align: 'right' }, p);
    },
    variant: { emptyDesc: [...empty] },
  });
}
