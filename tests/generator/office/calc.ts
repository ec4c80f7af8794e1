/**
 * Calc/Excel offers and estimates: one row per voce (N., optional code, description, U.M., quantity,
 * unit price, amount) in a random column order (price before quantity too), `€` in its own cell or
 * before/after the number, thousands separated by `.`, space, `'` or nothing, chapter title and
 * subtotal rows (`TOTALE SCAVI E RINTERRI`), a percentage voce (`19,23%` stored as 0.1923), an
 * `a corpo` voce, descriptions clipped by the row height, a second amount column (`di cui
 * manodopera`) or an incidence %, a grand total (sometimes NOT the sum: the truth says so), a
 * header on one to three lines, repeated per page, on the first page only, or absent.
 */
import type ExcelJS from 'exceljs';
import { type Rng, fmt, roundDec } from '../core.ts';
import { type OfficeVoce, buildOfficeModel, designation } from './model.ts';
import type { PrintedVoce } from './truth.ts';
import { type OfficeDoc, newSheet, numFmt, pickLook, rowHeight, setWidths, styleRow, wrappedLines, xlsxBytes } from './xlsx.ts';

type Col = 'n' | 'code' | 'desc' | 'um' | 'qty' | 'price' | 'amount' | 'euro_p' | 'euro_a' | 'extra';

const HEAD: Record<Exclude<Col, 'extra'>, string[]> = {
  n: ['N.', 'Nr.', 'Pos.', 'N. ord.', 'N°'],
  code: ['Codice', 'Cod.', 'Art.', 'Voce EP', 'Codice\narticolo', 'Rif.\nprezzario'],
  desc: ['Descrizione', 'Descrizione dei lavori', 'DESCRIZIONE LAVORAZIONI', 'Descrizione\ndelle opere', 'Lavorazione'],
  um: ['U.M.', 'UM', 'u.m.', 'Unità\ndi misura', 'Um'],
  qty: ['Quantità', 'Q.tà', 'Quant.', 'Qtà', 'QUANTITA\'', 'Quantità\ntotale'],
  price: ['Prezzo unitario', 'Prezzo\nunitario', 'Pr. unit.', 'Prezzo\nunitario\n(€)', 'Prezzo €', 'Prezzo\nunit.'],
  amount: ['Importo', 'Importo €', 'Importo\ntotale', 'TOTALE', 'Importo\n(€)\ncomplessivo', 'Totale €'],
  euro_p: ['€', ''],
  euro_a: ['€', ''],
};
const EXTRA_HEAD = { manodopera: ['di cui\nmanodopera', 'di cui manodopera', 'Costo\nmanodopera', 'Manodopera\n€'], incidenza: ['Inc. %', 'Incidenza\n%', '% inc.\nmanod.'] };
const UNITS: Record<string, string[]> = { 'm²': ['m²', 'mq', 'm2', 'MQ'], 'm³': ['m³', 'mc', 'm3', 'MC'], cad: ['cad', 'cad.', 'n.', 'nr'], m: ['m', 'ml', 'm', 'ML'] };

export async function calcDoc(rng: Rng, voci: number): Promise<OfficeDoc> {
  const kind = rng.pick(['offerta', 'stima'] as const);
  // one row per voce: more voci than the block layouts for the same pages
  const nVoci = Math.round(voci * 1.5);
  const unitStyle = rng.int(0, 3);
  const model = buildOfficeModel(rng, {
    nVoci,
    families: rng.sample(['lazio', 'dei', 'piemonte', 'lombardia', 'campania', 'sicilia', 'np'] as const, 2),
    misure: false,
    maxDesc: rng.pick([0, 120, 260]),
    chapters: rng.int(2, 5),
    unit: um => UNITS[um]?.[unitStyle] ?? um,
    noCode: kind === 'offerta' ? 1 : 0.05,
    percent: kind === 'stima' || rng.chance(0.3),
    corpo: rng.chance(0.6),
  });
  const look = { ...pickLook(rng, rng.chance(0.5)), size: rng.pick([8, 9, 10, 10, 11]) };
  const euro = rng.pick(['cell', 'before', 'after', 'none'] as const);
  const thou = rng.pick(['.', '.', ' ', "'", '']);
  const numeric = thou === '.' && euro !== 'cell' ? rng.chance(0.8) : false;
  const priceFirst = rng.chance(0.35);
  const extra = rng.pick([null, null, 'manodopera', 'incidenza'] as const);
  const extraBefore = extra !== null && rng.chance(0.3);
  const hasCode = model.voci.some(v => v.tariffa !== '');
  const cols: Col[] = ['n'];
  if (hasCode) cols.push('code');
  cols.push('desc', 'um');
  const qp: Col[] = priceFirst ? (euro === 'cell' ? ['euro_p', 'price', 'qty'] : ['price', 'qty']) : euro === 'cell' ? ['qty', 'euro_p', 'price'] : ['qty', 'price'];
  cols.push(...qp);
  if (extra && extraBefore) cols.push('extra');
  if (euro === 'cell') cols.push('euro_a');
  cols.push('amount');
  if (extra && !extraBefore) cols.push('extra');
  const width: Record<Col, number> = { n: 5, code: 12 + rng.int(0, 4), desc: 30 + rng.int(0, 12), um: 5, qty: 9, price: 10, amount: 11, euro_p: 2, euro_a: 2, extra: 9 };
  const { wb, ws } = newSheet(kind === 'offerta' ? 'Offerta' : 'Computo', look, rng);
  const widths = cols.map(c => width[c] * (look.landscape ? 1.2 : 1));
  setWidths(ws, widths, look);
  const idx = (c: Col): number => cols.indexOf(c) + 1;
  const money = (v: number, euroText = true): string => {
    const s = fmt(v, 2, thou);
    if (!euroText) return s;
    return euro === 'before' ? `€ ${s}` : euro === 'after' ? `${s} €` : s;
  };
  const mFmt = numFmt(2, euro === 'before' || euro === 'after' ? euro : 'none');
  const setMoney = (r: ExcelJS.Row, c: Col, v: number): void => {
    const cell = r.getCell(idx(c));
    if (numeric) {
      cell.value = v;
      cell.numFmt = mFmt;
    } else cell.value = money(v);
    cell.alignment = { horizontal: 'right', vertical: 'top' };
  };
  const setNum = (r: ExcelJS.Row, c: Col, v: number, dec = 2): void => {
    const cell = r.getCell(idx(c));
    if (numeric) {
      cell.value = v;
      cell.numFmt = numFmt(dec);
    } else cell.value = fmt(v, dec, thou);
    cell.alignment = { horizontal: 'right', vertical: 'top' };
  };
  // title block
  const title = ws.addRow([kind === 'offerta' ? `OFFERTA ECONOMICA - ${model.oggetto}` : `STIMA DEI LAVORI - ${model.oggetto}`]);
  title.font = { name: look.font, size: look.size + 2, bold: true };
  const sub = ws.addRow([`${model.ente} - ${model.date}`]);
  sub.font = { name: look.font, size: look.size };
  ws.addRow([]);
  const headerStyle = rng.pick(['first', 'repeat', 'repeat', 'none'] as const);
  const header = cols.map(c => (c === 'extra' ? rng.pick(EXTRA_HEAD[extra ?? 'manodopera']) : rng.pick(HEAD[c])));
  if (headerStyle !== 'none') {
    const r = ws.addRow(header);
    styleRow(r, look, cols.length, { bold: true, fill: rng.chance(0.5) ? 'FFD9D9D9' : undefined });
    r.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    r.height = rowHeight(Math.max(...header.map((h, i) => wrappedLines(h, widths[i], look))), look);
    if (headerStyle === 'repeat') ws.pageSetup.printTitlesRow = `${r.number}:${r.number}`;
  }
  const clip = rng.chance(0.4);
  const clipped: number[] = [];
  const printed: PrintedVoce[] = [];
  const breakChapters = rng.chance(0.3);
  const subtotalWord = rng.pick(['TOTALE', 'Totale', 'Totale capitolo', 'SUBTOTALE']);
  const addRow = (): ExcelJS.Row => {
    const r = ws.addRow([]);
    styleRow(r, look, cols.length);
    return r;
  };
  const corpoInQty = rng.chance(0.5);
  // Excel's default vertical alignment is the bottom of the cell: code, unit and € cells often keep it
  const valign = rng.pick(['top', 'middle', 'bottom'] as const);
  model.chapters.forEach((ch, ci) => {
    const tr = addRow();
    tr.getCell(idx('desc')).value = ch.title.toUpperCase();
    tr.font = { name: look.font, size: look.size, bold: true };
    if (breakChapters && ci > 0) ws.getRow(tr.number - 1).addPageBreak();
    for (const v of ch.subs.flatMap(s => s.voci)) {
      const r = addRow();
      r.getCell(idx('n')).value = v.n;
      r.getCell(idx('n')).alignment = { vertical: 'top' };
      if (hasCode) r.getCell(idx('code')).value = v.tariffa;
      for (const c of ['code', 'um', 'euro_p', 'euro_a'] as const) if (cols.includes(c)) r.getCell(idx(c)).alignment = { vertical: valign, wrapText: c === 'code' };
      const text = designation(v);
      const dc = r.getCell(idx('desc'));
      dc.value = text;
      dc.alignment = { wrapText: true, vertical: 'top' };
      const lines = wrappedLines(text, widths[idx('desc') - 1], look);
      if (clip && lines > 2 && rng.chance(0.5)) {
        // fixed height: the cell shows two lines, the rest is cut off by the row below
        r.height = rowHeight(2, look);
        clipped.push(v.n);
      } else r.height = rowHeight(lines, look);
      putNumbers(r, v);
      if (euro === 'cell') {
        r.getCell(idx('euro_p')).value = '€';
        r.getCell(idx('euro_a')).value = '€';
      }
      printed.push({ voce: v, amountText: fmt(v.totale, 2, thou), um: v.um, withMisure: false });
    }
    const st = addRow();
    st.getCell(idx('desc')).value = rng.chance(0.5) ? `${subtotalWord} ${ch.title.toUpperCase()}` : `${subtotalWord} ${ch.title}`;
    st.font = { name: look.font, size: look.size, bold: true };
    setMoney(st, 'amount', ch.total);
    if (euro === 'cell') st.getCell(idx('euro_a')).value = '€';
  });
  function putNumbers(r: ExcelJS.Row, v: OfficeVoce): void {
    if (v.kind === 'corpo') {
      if (corpoInQty) r.getCell(idx('qty')).value = 'a corpo';
      else {
        r.getCell(idx('um')).value = 'a corpo';
        setNum(r, 'qty', 1);
      }
      r.getCell(idx('qty')).alignment = { horizontal: 'right', vertical: 'top' };
    } else {
      r.getCell(idx('um')).value = v.um;
      setNum(r, 'qty', v.quantita);
    }
    if (v.kind === 'percent') {
      const pc = r.getCell(idx('price'));
      if (numeric) {
        pc.value = v.unitario;
        pc.numFmt = '0.00%';
      } else pc.value = `${fmt(roundDec(v.unitario * 100, 2), 2, '')}%`;
      pc.alignment = { horizontal: 'right', vertical: 'top' };
    } else setMoney(r, 'price', v.unitario);
    setMoney(r, 'amount', v.totale);
    if (extra === 'manodopera') setMoney(r, 'extra', v.manodopera);
    if (extra === 'incidenza') {
      const c = r.getCell(idx('extra'));
      const share = roundDec((v.manodopera / v.totale) * 100, 2);
      c.value = `${fmt(share, 2, '')}%`;
      c.alignment = { horizontal: 'right', vertical: 'top' };
    }
  }
  const wrongTotal = rng.chance(0.25);
  const printedTotal = wrongTotal ? roundDec(model.total + rng.pick([-1, 1]) * rng.int(1, 5000) / 100, 2) : model.total;
  ws.addRow([]);
  const tot = addRow();
  tot.getCell(idx('desc')).value = rng.pick(['TOTALE COMPLESSIVO', 'TOTALE OFFERTA', 'Totale lavori', 'IMPORTO TOTALE DEI LAVORI']);
  tot.font = { name: look.font, size: look.size + 1, bold: true };
  setMoney(tot, 'amount', printedTotal);
  if (euro === 'cell') tot.getCell(idx('euro_a')).value = '€';
  if (rng.chance(0.5)) ws.headerFooter = { oddFooter: rng.pick(['&CPagina &P di &N', '&L&F&R&P', '&CPag. &P']) };
  const um = (v: OfficeVoce): string => (v.kind === 'corpo' ? 'a corpo' : v.um);
  for (const p of printed) p.um = um(p.voce);
  return {
    file: '',
    data: await xlsxBytes(wb),
    model,
    printed,
    thousands: thou,
    font: `${look.font} ${look.size} pt`,
    imitates: kind === 'offerta' ? "contractor's offer in a spreadsheet printed by Calc (voci without code)" : 'estimate in a spreadsheet printed by Calc (percentage voce, a corpo voce)',
    variant: {
      kind,
      landscape: look.landscape,
      grid: look.grid,
      columns: cols,
      code_unit_alignment: valign,
      header: headerStyle,
      header_words: header,
      euro,
      numeric_cells: numeric,
      extra_column: extra,
      a_corpo_in_quantity_column: corpoInQty && model.voci.some(v => v.kind === 'corpo'),
      clipped_voci: clipped,
      chapter_page_breaks: breakChapters,
      printed_total_is_sum: !wrongTotal,
    },
    printedTotal,
  };
}
