/**
 * LeenO-like workbook printed by Calc: `N. | Art. di Elenco | DESIGNAZIONE DEI LAVORI | P.U. | Lung. |
 * Larg. | H/peso | Quantità | Prezzo unitario | Importo`, where P.U. is *parti uguali* (a measurement
 * column), on one, two or three header lines; per voce a code + designation row, measurement rows
 * (label, par.ug., lung., larg., h/peso, partial) and a `SOMMANO [um]` row with quantity, price and
 * amount; numbered chapters and sub-chapters that may carry their amount; a `T O T A L E` row.
 */
import type ExcelJS from 'exceljs';
import { type Rng, fmt } from '../core.ts';
import { buildOfficeModel, designation } from './model.ts';
import type { PrintedVoce } from './truth.ts';
import { type OfficeDoc, newSheet, numFmt, pickLook, rowHeight, setWidths, styleRow, wrappedLines, xlsxBytes } from './xlsx.ts';

const UNITS: Record<string, string[]> = {
  'm²': ['m²', 'mq', 'mq.', 'm2'],
  'm³': ['m³', 'mc', 'mc.', 'm3'],
  m: ['m', 'ml', 'ml.'],
  cad: ['cad', 'cad.', 'n.'],
};

function header(rng: Rng): { rows: string[][]; merges: string[]; style: string } {
  const n = rng.pick(['N.', 'Num.Ord.', 'N.ord.', 'N°']);
  const art = rng.pick(['Art. di Elenco', 'Articolo', 'TARIFFA', 'Art.', 'Codice']);
  const pu = rng.pick(['P.U.', 'P.U.', 'P.U.', 'par.ug.', 'Par.ug.', 'parti uguali']);
  const lung = rng.pick(['Lung.', 'lung.', 'Lunghezza']);
  const larg = rng.pick(['Larg.', 'larg.', 'Larghezza']);
  const h = rng.pick(['H/peso', 'H/Peso', 'Alt./peso', 'h/peso']);
  const q = rng.pick(['Quantità', 'QUANTITÀ', 'Q.tà', 'Quant.']);
  const style = rng.pick(['one', 'two', 'three']);
  if (style === 'one')
    return { style, merges: [], rows: [[n, art, 'DESIGNAZIONE DEI LAVORI', pu, lung, larg, h, q, rng.pick(['Prezzo unitario', 'Prezzo unit.', 'Prezzo']), rng.pick(['Importo', 'IMPORTO', 'Importo €'])]] };
  if (style === 'two')
    return {
      style,
      merges: ['D1:G1', 'I1:J1'],
      rows: [
        [n, art.split(' ')[0], 'DESIGNAZIONE DEI LAVORI', 'M I S U R A Z I O N I', '', '', '', '', 'I M P O R T I', ''],
        ['', art.split(' ').slice(1).join(' '), '', pu, lung, larg, h, q, rng.pick(['unitario', 'Unitario', 'Prezzo unitario']), rng.pick(['TOTALE', 'Totale', 'Importo'])],
      ],
    };
  // three lines inside the cells
  return {
    style,
    merges: [],
    rows: [[`${n}`, art.replace(' di ', '\ndi\n'), 'DESIGNAZIONE\nDEI\nLAVORI', `${pu}`, lung, larg, h, `\n${q}\n`, rng.pick(['Prezzo\nunitario\n€', 'Prezzo\nunitario', 'Prezzo\nunit.\n(€)']), rng.pick(['Importo\n€', 'Importo\ntotale\n€', 'IMPORTO'])]],
  };
}

export async function leenoDoc(rng: Rng, nVoci: number): Promise<OfficeDoc> {
  const unitStyle = rng.int(0, 3);
  const model = buildOfficeModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'leeno', 'np', 'lazio', 'campania', 'lombardia'] as const, 3),
    misure: true,
    deductions: true,
    maxDesc: rng.pick([80, 200, 400]),
    chapters: rng.int(1, 4),
    subs: rng.chance(0.6),
    unit: um => UNITS[um]?.[unitStyle] ?? um,
    repeat: 0.1,
  });
  const look = pickLook(rng, rng.chance(0.4));
  const { wb, ws } = newSheet('COMPUTO', look, rng);
  const wide = look.landscape ? 1.5 : 1;
  const widths = [5, 13 + rng.int(0, 6), Math.round((34 + rng.int(0, 10)) * wide), 6, 7, 7, 7, 9, 10, 11];
  setWidths(ws, widths, look);
  const h = header(rng);
  const sq = rng.pick(['[]', '[]', '[]', ' ']);
  const chapterAmounts = rng.chance(0.7);
  const breaks = rng.chance(0.4);
  const firstLine = rng.chance(0.5) ? [`Computo metrico estimativo - ${model.oggetto}`] : [];
  if (firstLine.length) {
    const r = ws.addRow(firstLine);
    r.font = { name: look.font, size: look.size + 2, bold: true };
    ws.addRow([]);
  }
  const top = ws.rowCount + 1;
  for (const hr of h.rows) {
    const r = ws.addRow(hr);
    styleRow(r, look, 10, { bold: true, fill: rng.chance(0.4) ? 'FFDDDDDD' : undefined });
    r.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    r.height = rowHeight(Math.max(...hr.map((c, i) => wrappedLines(c, widths[i], look))), look);
  }
  for (const m of h.merges) ws.mergeCells(m.replace(/\d+/g, d => String(Number(d) + top - 1)));
  if (rng.chance(0.7)) ws.pageSetup.printTitlesRow = `${top}:${top + h.rows.length - 1}`;
  const money = numFmt(2);
  const printed: PrintedVoce[] = [];
  const put = (values: Array<string | number | null>, o: { bold?: boolean; italic?: boolean } = {}): ExcelJS.Row => {
    const r = ws.addRow(values);
    styleRow(r, look, 10, o);
    return r;
  };
  for (const ch of model.chapters) {
    const cr = put([String(ch.num), null, ch.title.toUpperCase(), null, null, null, null, null, null, chapterAmounts ? ch.total : null], { bold: true });
    cr.getCell(10).numFmt = money;
    for (const sub of ch.subs) {
      if (ch.subs.length > 1) {
        const sr = put([`${ch.num}.${sub.num}`, null, sub.title, null, null, null, null, null, null, chapterAmounts ? sub.total : null], { bold: true, italic: true });
        sr.getCell(10).numFmt = money;
      }
      for (const v of sub.voci) {
        const head = put([v.n, v.tariffa, designation(v)]);
        head.getCell(3).alignment = { wrapText: true, vertical: 'top', horizontal: 'justify' };
        head.getCell(2).alignment = { vertical: 'top', wrapText: true };
        head.getCell(1).alignment = { vertical: 'top' };
        head.height = rowHeight(Math.max(wrappedLines(designation(v), widths[2], look), wrappedLines(v.tariffa, widths[1], look)), look);
        for (const m of v.misure) {
          const r = put([null, null, m.testo, ...m.dims, m.parziale], { italic: rng.chance(0.3) });
          r.getCell(3).alignment = { indent: 1 };
          [4, 5, 6, 7].forEach((c, i) => (r.getCell(c).numFmt = numFmt(i < 2 ? 2 : 3)));
          r.getCell(8).numFmt = money;
        }
        const label = sq === '[]' ? `SOMMANO [${v.um}]` : `SOMMANO ${v.um}`;
        const s = put([null, null, label, null, null, null, null, v.quantita, v.unitario, v.totale], { bold: rng.chance(0.5) });
        s.getCell(3).alignment = { horizontal: 'right' };
        [8, 9, 10].forEach(c => (s.getCell(c).numFmt = money));
        printed.push({ voce: v, amountText: fmt(v.totale, 2, '.'), um: v.um, withMisure: true });
        if (breaks && rng.chance(0.08)) s.addPageBreak();
      }
    }
  }
  const t = put([null, null, rng.pick(['T O T A L E   €', 'TOTALE', 'TOTALE COMPUTO']), null, null, null, null, null, null, model.total], { bold: true });
  t.getCell(10).numFmt = money;
  ws.headerFooter = { oddFooter: rng.pick(['&CPag. &P di &N', '&LComputo metrico&RPagina &P', '&Crealizzato con LeenO.org - Pg. &P (di &N)']) };
  return {
    file: '',
    data: await xlsxBytes(wb),
    model,
    printed,
    thousands: '.',
    font: `${look.font} ${look.size} pt`,
    imitates: 'LeenO workbook (COMPUTO sheet) printed by LibreOffice Calc: P.U. = parti uguali, measurement rows, SOMMANO [um]',
    variant: { landscape: look.landscape, grid: look.grid, header: h.style, header_words: h.rows, chapter_amounts: chapterAmounts, page_breaks: breaks, sommano: sq },
    printedTotal: model.total,
  };
}
