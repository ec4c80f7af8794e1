/**
 * A document in each export format (GET /api/documents/{id}/export): the Excel workbook is written
 * here, XPWE, SIX and the PDF stampa by their writers beside it (xpwe.ts, six.ts, pdf.ts). Pure
 * builders, no I/O: services/export-jobs.ts reads the rows and runs them.
 */
import ExcelJS from 'exceljs';
import { SOURCE_LABEL, type PriceSource } from '../../shared/domain/pricing.ts';
import { findProvince } from '../../shared/domain/provinces.ts';
import { documentTotals } from '../../shared/domain/totals.ts';
import { LABOUR_LABELS, LABOUR_TITLE, labourFields, labourLines, quadroManodopera } from '../../shared/domain/manodopera.ts';
import { compare, fromNumber, mul, round } from '../../shared/domain/money.ts';
import { LINE_HEIGHT, rowHeight } from './sheet-layout.ts';
import { EXPORT_FORMATS, exportFilename, type ExportFormat } from '../../shared/domain/export-formats.ts';
import { needsCheck } from '../../shared/domain/rows.ts';
import { readingNote } from '../../shared/domain/row-edits.ts';
import { formatDateTime } from '../../shared/format.ts';
import { buildComputoPdf } from './pdf.ts';
import { buildSix } from './six.ts';
import { buildXpwe } from './xpwe.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import type { RowRecord } from '../storage/repositories/rows.ts';
import type { VerificationReport } from '../../shared/domain/verification/index.ts';

const EURO = '#,##0.00 "€";-#,##0.00 "€"';
const NUMBER = '#,##0.00';
const PERCENT = '+0.00"%";-0.00"%";0.00"%"';

const TEXT = '@';
const SHARE = '0.00"%"';

/** The sign of a row still "da verificare", in the workbook as in the stampa. */
const CHECK_SIGN = '!';
const CHECK_LEGEND = 'riga da verificare: la lettura del documento non è certa (il motivo è nella colonna Note)';
/** The sign of a row changed by hand, as in the stampa. */
const EDIT_SIGN = '*';
const EDIT_LEGEND = 'riga modificata a mano (i valori letti dal file sono nella colonna Note)';

/** The OOXML escape of one UTF-16 unit: "_x000D_". */
const escapeUnit = (c: string) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

/**
 * Text for a string cell, every character kept. Text is always written as a string cell
 * (exceljs makes formulas only from {formula} objects) in a text-formatted column ('@'), so
 * "=HYPERLINK(...)", "  =1+1", "+39…", "-x", "@SUM", "\t=…" or "\r=…" stay text in Excel and
 * LibreOffice, even when the cell is edited. XML cannot carry C0 controls or DEL (exceljs drops
 * them) and turns a bare CR into LF, so those are written as the OOXML escape "_xHHHH_" that
 * Excel, LibreOffice and exceljs decode; a literal "_xHHHH_" in the text is protected as
 * "_x005F_xHHHH_" so it is not decoded by mistake.
 */
export function safeText(value: string | null | undefined): string {
  return (
    (value ?? '')
      // Characters XML forbids and no escape brings back (U+FFFE, U+FFFF, unpaired surrogates): dropped, as the XPWE and SIX writers do.
      .replace(/[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/_x[0-9A-Fa-f]{4}_/g, (m) => '_x005F' + m)
      // eslint-disable-next-line no-control-regex -- the control characters a worksheet cell cannot hold, escaped as _xHHHH_
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, escapeUnit)
  );
}

/** Typology value -> its label (e.g. nuove_costruzioni -> NUOVE COSTRUZIONI). */
export type TipologiaLabel = (value: string) => string | undefined;

function sourceLabel(row: RowRecord, tipologiaLabel: TipologiaLabel): string {
  const s = row.price_source;
  if (!s) return '';
  if (s.list === 'manuale') return 'Inserito a mano';
  if (s.list === 'suggerito') return `Suggerito · ${s.code}`;
  const label = SOURCE_LABEL[s.list as PriceSource] ?? s.list;
  if (s.list === 'csv') return label;
  return `${label} ${s.list === 'dei' ? (tipologiaLabel(s.key) ?? s.key) : s.key} ${s.year} · ${s.code}`;
}

/** What a reviewer should know about the row: the reader's doubts, why it has no price, a unit mismatch. */
function notes(row: RowRecord): string {
  const edited = readingNote(row);
  return [
    ...(row.verifica?.length ? [`Da verificare: ${row.verifica.join('; ')}`] : []),
    ...(edited ? [edited] : []),
    ...(row.price_reason ? [`Senza prezzo: ${row.price_reason}`] : []),
    ...(row.price_source?.unit_warning ? [row.price_source.unit_warning] : []),
  ].join(' · ');
}

const COLUMNS: Array<{ header: string; key: string; width: number; numFmt?: string; wrap?: boolean }> = [
  { header: 'N°', key: 'row_index', width: 6 },
  { header: 'Capitolo', key: 'capitolo', width: 18, numFmt: TEXT, wrap: true },
  { header: 'Tariffa', key: 'tariffa', width: 17, numFmt: TEXT, wrap: true },
  { header: 'Descrizione', key: 'descrizione', width: 48, numFmt: TEXT, wrap: true },
  { header: 'U.M.', key: 'unita_di_misura', width: 7, numFmt: TEXT },
  { header: 'Quantità', key: 'quantita', width: 11, numFmt: NUMBER },
  { header: 'Prezzo unitario', key: 'unitario', width: 13, numFmt: EURO },
  { header: 'Totale', key: 'totale', width: 15, numFmt: EURO },
  { header: 'Prezzo DB', key: 'prezzo_db', width: 12, numFmt: EURO },
  { header: 'Totale DB', key: 'prezzo_totale_db', width: 15, numFmt: EURO },
  { header: 'Differenza', key: 'differenza_totale_db', width: 14, numFmt: EURO },
  { header: 'Variazione %', key: 'variazione_percentuale', width: 11, numFmt: PERCENT },
  { header: 'Note', key: 'note', width: 28, numFmt: TEXT, wrap: true },
  { header: 'Fonte del prezzo', key: 'fonte', width: 30, numFmt: TEXT, wrap: true },
  { header: 'Incidenza manodopera %', key: 'incidenza_manodopera', width: 12, numFmt: SHARE },
  { header: 'Costo manodopera', key: 'costo_manodopera', width: 14, numFmt: EURO },
  { header: 'Oneri sicurezza', key: 'sicurezza', width: 10, numFmt: TEXT },
];
/** The printed columns: N° to Note (the price's source stays on screen). */
const PRINTED = COLUMNS.findIndex((c) => c.key === 'note') + 1;
const col = (key: string) => COLUMNS.findIndex((c) => c.key === key) + 1;
const letter = (key: string) => String.fromCharCode(64 + col(key));

/**
 * A sheet's print area from A1 to `column``row`, written absolute ($A$1:$M$97): exceljs puts a "$"
 * only before what it is given, and LibreOffice ignores a print area written "$A1:$M97".
 */
export const printArea = (column: string, row: number) => `A$1:${column}$${row}`;

/** "OPERE EDILI › Demolizioni › Piano terra": the row's chapters, outermost first. */
const chapterPath = (row: RowRecord) => [row.capitoli?.supercategoria, row.capitoli?.categoria, row.capitoli?.sottocategoria].filter(Boolean).join(' \u203a ');

/** The amount as the formula quantity × price when the document's amount is that product to the cent (its value cached); the value otherwise. */
function amountCell(row: RowRecord, line: number): ExcelJS.CellValue {
  if (row.totale === null || row.quantita === null || row.unitario === null) return row.totale;
  const product = round(mul(fromNumber(row.quantita), fromNumber(row.unitario)), 2);
  if (compare(product, fromNumber(row.totale)) !== 0) return row.totale;
  return { formula: `ROUND(${letter('quantita')}${line}*${letter('unitario')}${line},2)`, result: row.totale };
}

/**
 * The document as a workbook that opens cleanly in Excel and LibreOffice: a header block, one
 * line per row with every column of the table (the chapter in its own column), a frozen header
 * with autofilter, and a totals line with SUM formulas; each amount that is quantity × price is
 * that formula (cached results are the exact values, so viewers that do not recalculate still
 * show them). Printed as an estimator expects: A4 landscape, one page wide and as many long as
 * needed, the column titles on every page, descriptions wrapped in rows as tall as their text.
 */
export async function exportWorkbook(
  doc: DocumentRecord,
  rows: RowRecord[],
  now: Date,
  tipologiaLabel: TipologiaLabel = () => undefined,
  verification?: VerificationReport,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Computa';
  wb.created = now;
  // Printed as a person expects: A4 landscape, one page wide, the column header on every page.
  const ws = wb.addWorksheet('Computo', {
    views: [{ state: 'frozen', ySplit: 7 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '7:7', margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 } },
    headerFooter: { oddFooter: '&L&F&RPagina &P di &N' },
  });
  ws.columns = COLUMNS.map(({ key, width }) => ({ key, width }));
  writeHeading(ws, doc, now, tipologiaLabel);
  writeRows(ws, rows, tipologiaLabel);
  const last = writeTotals(ws, doc, rows);
  ws.pageSetup.printArea = printArea(String.fromCharCode(64 + PRINTED), last);
  addLabourSheet(wb, rows);
  if (verification) addVerificationSheet(wb, verification);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first row of the document's voci on the sheet "Computo" (rows 1-5: the document, 7: the column titles). */
const FIRST_ROW = 8;

/** The document's name, province, typology and dates, then the column titles (row 7). */
function writeHeading(ws: ExcelJS.Worksheet, doc: DocumentRecord, now: Date, tipologiaLabel: TipologiaLabel): void {
  const province = findProvince(doc.provincia);
  const info: Array<[string, string]> = [
    ['Documento', safeText(doc.filename)],
    ['Provincia', safeText(province ? `${province.name} (${province.code})` : doc.provincia)],
    ['Tipologia DEI', safeText(tipologiaLabel(doc.tipologia_dei) ?? doc.tipologia_dei)],
    ['Caricato il', formatDateTime(doc.upload_date)],
    ['Esportato il', formatDateTime(now)],
  ];
  info.forEach(([label, value], i) => {
    const r = ws.getRow(i + 1);
    r.getCell(1).value = label;
    r.getCell(1).font = { bold: true };
    r.getCell(3).value = value;
  });
  const headerRow = ws.getRow(7);
  COLUMNS.forEach((c, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF312E81' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  headerRow.height = 2 * LINE_HEIGHT;
}

/** One sheet row per voce from FIRST_ROW, as tall as its wrapped text, rows to check marked; then the columns' number formats. */
function writeRows(ws: ExcelJS.Worksheet, rows: RowRecord[], tipologiaLabel: TipologiaLabel): void {
  const wrapped = COLUMNS.filter((c) => c.wrap && col(c.key) <= PRINTED);
  rows.forEach((row, i) => {
    const line = FIRST_ROW + i;
    const r = ws.getRow(line);
    const values: Record<string, ExcelJS.CellValue> = {
      row_index: row.row_index,
      capitolo: safeText(chapterPath(row)),
      tariffa: safeText(row.tariffa),
      descrizione: safeText(row.descrizione),
      unita_di_misura: safeText(row.unita_di_misura),
      quantita: row.quantita,
      unitario: row.unitario,
      totale: amountCell(row, line),
      prezzo_db: row.prezzo_db,
      prezzo_totale_db: row.prezzo_totale_db,
      differenza_totale_db: row.differenza_totale_db,
      variazione_percentuale: row.variazione_percentuale,
      fonte: safeText(sourceLabel(row, tipologiaLabel)),
      note: safeText(notes(row)),
      ...labourCells(row),
    };
    r.values = values as never;
    r.eachCell((cell, c) => {
      cell.alignment = { vertical: 'top', wrapText: COLUMNS[c - 1]?.wrap ?? false };
    });
    r.height = rowHeight(wrapped.map((c) => ({ text: String(values[c.key] ?? ''), width: c.width })));
    if (readingNote(row)) r.getCell('row_index').numFmt = `"${EDIT_SIGN} "0`;
    if (needsCheck(row)) {
      // Marked as in the stampa: the number in red with the sign, the row tinted.
      // The number stays a number (sorting, filters): the sign is its display format.
      r.getCell('row_index').numFmt = `"${CHECK_SIGN} ${readingNote(row) ? `${EDIT_SIGN} ` : ''}"0`;
      r.getCell('row_index').font = { bold: true, color: { argb: 'FFB91C1C' } };
      r.eachCell({ includeEmpty: true }, (cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE8E8' } };
      });
    }
  });
  COLUMNS.forEach((c, i) => {
    if (c.numFmt) ws.getColumn(i + 1).numFmt = c.numFmt;
  });
}

/** The totals (formulas with their results), the printed total, the legend of the sign and the filter; returns the last line written. */
function writeTotals(ws: ExcelJS.Worksheet, doc: DocumentRecord, rows: RowRecord[]): number {
  const first = FIRST_ROW;
  const last = first + rows.length - 1;
  const totals = documentTotals(rows, doc.document_total);
  const totalRow = ws.getRow(last + 2);
  const label = col('descrizione');
  totalRow.getCell(label).value = 'Totale';
  const sumCell = (key: string, result: number | null) => ({ formula: rows.length ? `SUM(${letter(key)}${first}:${letter(key)}${last})` : '0', result: result ?? 0 });
  totalRow.getCell(col('totale')).value = sumCell('totale', totals.sum_totale);
  totalRow.getCell(col('prezzo_totale_db')).value = sumCell('prezzo_totale_db', totals.document_total_db);
  totalRow.getCell(col('differenza_totale_db')).value = sumCell('differenza_totale_db', totals.difference_db);
  totalRow.getCell(col('costo_manodopera')).value = sumCell('costo_manodopera', quadroManodopera(rows).costo_manodopera);
  totalRow.font = { bold: true };
  let end = last + 2;
  if (doc.document_total !== null) {
    const printed = ws.getRow(++end);
    printed.getCell(label).value = 'Totale stampato nel documento';
    printed.getCell(col('totale')).value = doc.document_total;
    printed.getCell(col('totale')).numFmt = EURO;
  }
  if (rows.some(needsCheck)) {
    end = last + 5;
    ws.getRow(end).getCell(label).value = `${CHECK_SIGN} = ${CHECK_LEGEND}`;
  }
  if (rows.some((r) => readingNote(r))) {
    end = last + 6;
    ws.getRow(end).getCell(label).value = `${EDIT_SIGN} = ${EDIT_LEGEND}`;
  }
  ws.autoFilter = { from: { row: 7, column: 1 }, to: { row: Math.max(7, last), column: COLUMNS.length } };
  return end;
}

/** The row's labour cells (issue 39): incidence, cost, safety flag. */
function labourCells(row: RowRecord): Record<string, ExcelJS.CellValue> {
  const l = labourFields(row);
  return { incidenza_manodopera: l.incidenza_manodopera, costo_manodopera: l.costo_manodopera, sicurezza: l.sicurezza ? 'sì' : '' };
}

/** The sheet "Manodopera": the quadro a tender states, then the voci without an incidence. */
function addLabourSheet(wb: ExcelJS.Workbook, rows: RowRecord[]): void {
  const q = quadroManodopera(rows);
  const ws = wb.addWorksheet('Manodopera', { pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = [{ width: 52, style: { numFmt: TEXT } }, { width: 18 }, { width: 60, style: { numFmt: TEXT } }];
  ws.addRow([LABOUR_TITLE]).font = { bold: true, size: 14 };
  ws.addRow([]);
  for (const [label, value, fmt] of labourLines(q)) {
    const line = ws.addRow([label, value]);
    line.getCell(2).numFmt = fmt === 'share' ? SHARE : fmt === 'count' ? '0' : EURO;
    if (label === LABOUR_LABELS.soggetto) line.font = { bold: true };
  }
  const missing = new Set(q.voci_senza_manodopera.row_ids);
  if (!missing.size) return;
  ws.addRow([]);
  ws.addRow(['Voci senza incidenza della manodopera']).font = { bold: true };
  ws.addRow(['N°', 'Tariffa', 'Descrizione']).font = { italic: true };
  for (const r of rows) if (missing.has(r.id)) ws.addRow([String(r.row_index), safeText(r.tariffa), safeText(r.descrizione)]);
}

const SEMAFORO_LABEL = { verde: 'verde', giallo: 'giallo', rosso: 'rosso' } as const;
const ESITO_FILL: Record<string, string> = { superato: 'FFD9F2D9', avviso: 'FFFFF1CC', errore: 'FFF8D0D0', non_verificabile: 'FFE4E4E4' };

/**
 * The sheet "Verifica": score, traffic light, formula, then one block per check (title, outcome,
 * sentence) with the rows it concerns, numbered as in the document.
 */
function addVerificationSheet(wb: ExcelJS.Workbook, report: VerificationReport): void {
  const ws = wb.addWorksheet('Verifica');
  ws.columns = [
    { width: 26, style: { numFmt: TEXT } },
    { width: 18, style: { numFmt: TEXT } },
    { width: 80, style: { numFmt: TEXT } },
    { width: 9, style: { numFmt: TEXT } },
    { width: 13, style: { numFmt: NUMBER } },
    { width: 15, style: { numFmt: EURO } },
    { width: 16, style: { numFmt: EURO } },
  ];
  ws.addRow([report.titolo]).font = { bold: true, size: 14 };
  ws.addRow(['Punteggio', `${report.punteggio} / 100`]).font = { bold: true };
  ws.addRow(['Semaforo', SEMAFORO_LABEL[report.semaforo]]);
  ws.addRow(['Soglia di scostamento', `${report.soglia.toLocaleString('it-IT')} %`]);
  const h = report.intestazione;
  if (h) {
    ws.addRow(['Documento', safeText(h.documento)]);
    ws.addRow(['Provincia', safeText(h.provincia)]);
    ws.addRow(['Prezzari consultati', safeText(h.prezzari.join(', ') || 'nessuno')]);
    ws.addRow(['Data della verifica', h.data]);
  }
  ws.addRow(['Formula', safeText(report.formula)]);
  for (const section of report.sezioni) {
    ws.addRow([]);
    const head = ws.addRow([safeText(section.titolo), section.esito_label, safeText(section.messaggio)]);
    head.font = { bold: true };
    head.getCell(2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: ESITO_FILL[section.esito] } };
    head.getCell(3).alignment = { wrapText: true, vertical: 'top' };
    if (!section.righe.length) continue;
    ws.addRow(['N°', 'Tariffa', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo']).font = { italic: true };
    for (const r of section.righe) {
      const line = ws.addRow([String(r.numero), safeText(r.tariffa), safeText(r.descrizione), safeText(r.unita_di_misura), r.quantita, r.unitario, r.totale]);
      line.getCell(5).numFmt = NUMBER;
      line.getCell(6).numFmt = EURO;
      line.getCell(7).numFmt = EURO;
    }
  }
}

/** "Prezzario Toscana Firenze 2025", "Prezzario DEI NUOVE COSTRUZIONI 2025": the lists the rows were priced from, each once. */
export function priceListsOf(rows: readonly RowRecord[], tipologiaLabel: TipologiaLabel): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    const s = r.price_source;
    if (!s || s.list === 'manuale' || s.list === 'suggerito') continue;
    const label = SOURCE_LABEL[s.list as PriceSource] ?? s.list;
    out.add(s.list === 'csv' ? label : `${label} ${s.list === 'dei' ? (tipologiaLabel(s.key) ?? s.key) : s.key} ${s.year}`);
  }
  return [...out];
}

export interface ExportFile {
  data: Buffer;
  contentType: string;
  filename: string;
}

/** The document in one of the export formats, with its media type and file name; `signal` stops a PDF's drawing (AbortError). */
export async function exportDocumentAs(
  format: ExportFormat,
  doc: DocumentRecord,
  rows: RowRecord[],
  now: Date,
  tipologiaLabel: TipologiaLabel = () => undefined,
  verification?: VerificationReport,
  signal?: AbortSignal,
): Promise<ExportFile> {
  // A view of the built bytes, not a copy: the file is held once.
  const file = (data: Buffer | Uint8Array): ExportFile => ({ data: Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength), contentType: EXPORT_FORMATS[format].contentType, filename: exportFilename(doc.id, format) });
  switch (format) {
    case 'xpwe':
      return file(buildXpwe(doc, rows, now));
    case 'six':
      return file(buildSix(doc, rows));
    case 'pdf':
      return file(await buildComputoPdf(doc, rows, { now, lists: priceListsOf(rows, tipologiaLabel), tipologia: tipologiaLabel(doc.tipologia_dei) ?? doc.tipologia_dei, signal }));
    default:
      return file(await exportWorkbook(doc, rows, now, tipologiaLabel, verification));
  }
}
