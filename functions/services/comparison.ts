/**
 * "Confronto tra computi" (issue 23): the documents a user may read, compared voce by voce by
 * the pure rule (shared/domain/comparison.ts), with the pairing choices kept on the first
 * document; and the comparison as an Excel workbook.
 */
import { chapterLabour, comparedLabour, totalLabour, type ChapterLabour, type TotalLabour, type VoceLabour } from '../../shared/domain/comparison-labour.ts';
import ExcelJS from 'exceljs';
import { chapterLabel, compareDocuments, STATE_LABEL, withChoice, type ComparedVoce, type ComparisonResult, type ComparisonRow, type PairChoice } from '../../shared/domain/comparison.ts';
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { choicesOf, updateChoices, type ChoicesRecord } from '../storage/repositories/comparison-choices.ts';
import { requireDocumentFor, type DocumentRecord } from '../storage/repositories/documents.ts';
import { readDocumentRows, type RowRecord } from '../storage/repositories/rows.ts';
import { requireRowFor } from './rows.ts';
import { printArea, safeText } from '../export/formats.ts';
import { fitNumberColumns, rowHeight } from '../export/sheet-layout.ts';

/** "A".."Z", "AA"...: a column's letters. */
const columnLetter = (c: number): string => (c > 26 ? columnLetter(Math.floor((c - 1) / 26)) : '') + String.fromCharCode(65 + ((c - 1) % 26));

export const SAME_DOCUMENT = 'Un documento non può essere confrontato con sé stesso';

/**
 * The documents compared: the first and the others the query named (shared/api/comparison.ts
 * parses them: one to five distinct ids). The one check the contract cannot make: the query
 * does not know the path's id.
 */
export function comparedDocuments(firstId: number, withIds: number[]): number[] {
  if (withIds.includes(firstId)) throw new ValidationError(SAME_DOCUMENT);
  return [firstId, ...withIds];
}

/** Rows read from this process's memory are the same objects each time: so is what the rule reads of them. */
const COMPARISON_ROWS = new WeakMap<RowRecord, ComparisonRow>();
const comparisonRowOf = (r: RowRecord): ComparisonRow => {
  let row = COMPARISON_ROWS.get(r);
  if (!row) COMPARISON_ROWS.set(r, (row = toComparisonRow(r)));
  return row;
};

const toComparisonRow = (r: RowRecord): ComparisonRow => ({
  id: r.id,
  tariffa: r.tariffa ?? '',
  descrizione: r.descrizione ?? '',
  unita_di_misura: r.unita_di_misura ?? '',
  quantita: r.quantita,
  unitario: r.unitario,
  totale: r.totale,
  capitolo: chapterLabel(r.capitoli),
  page: r.page,
});

export interface LoadedComparison {
  documents: DocumentRecord[];
  result: ComparisonResult;
  choices: PairChoice[];
  /** Each document's rows (the labour beside the project's, issue 39). */
  rows: RowRecord[][];
}

/** Reads every document (404 for one the user may not read, as everywhere) and compares them; `readRows` reads their rows (an export: page by page). */
export async function loadComparison(
  ctx: AppContext,
  principal: Principal,
  firstId: number,
  withIds: number[],
  readRows: (doc: DocumentRecord) => Promise<RowRecord[]> = (d) => readDocumentRows(ctx, d),
): Promise<LoadedComparison> {
  const documents = await Promise.all(comparedDocuments(firstId, withIds).map((id) => requireDocumentFor(ctx, id, principal)));
  const rows = await Promise.all(documents.map(readRows));
  const choices = choicesOf(documents[0] as DocumentRecord & ChoicesRecord);
  const result = compareDocuments(
    documents.map((d, i) => ({ id: d.id, rows: rows[i].map(comparisonRowOf) })),
    choices,
  );
  return { documents, result, choices, rows };
}

/** The total a document's screens show: the printed one, else the sum of its voci. */
const shownTotal = (d: DocumentRecord) => d.document_total ?? d.sum_totale ?? 0;

/** The API's answer: documents, compared voci, chapters and totals per document. */
export function presentComparison(loaded: LoadedComparison) {
  const { documents, result, choices } = loaded;
  const labour = labourOfComparison(loaded);
  return {
    documenti: documents.map((d) => ({ id: d.id, filename: d.filename, totale: shownTotal(d), totale_stampato: d.document_total !== null })),
    voci: result.voci.map((v, k) => ({ ...v, manodopera: labour.voci[k].costi, manodopera_avviso: labour.voci[k].avviso })),
    capitoli: result.capitoli.map((c, k) => ({ ...c, manodopera: labour.capitoli[k].costi, manodopera_avviso: labour.capitoli[k].avviso })),
    totali: documents.map((d, i) => ({
      document_id: d.id,
      totale: result.totali[i],
      differenza: result.differenze_totali[i]?.totale ?? null,
      percentuale: result.differenze_totali[i]?.percentuale ?? null,
      manodopera: labour.totali[i].costo,
      manodopera_differenza: labour.totali[i].differenza,
      manodopera_avviso: labour.totali[i].avviso,
    })),
    scelte: choices,
  };
}

/** Each document's labour beside the project's (the first), voce by voce and in total (issue 39). */
function labourOfComparison({ documents, result, rows }: LoadedComparison) {
  const names = documents.map((d, i) => (i === 0 ? 'Progetto' : d.filename));
  const byId = new Map(rows.flat().map((r) => [r.id, r]));
  const voci = comparedLabour(result, byId, names);
  return { voci, capitoli: chapterLabour(result, voci, names), totali: totalLabour(rows, names) };
}

export const PAIR_SAME_DOCUMENT = 'Le due voci devono appartenere a documenti diversi';

/**
 * Keeps a user's choice on the first document: `abbina` (these two rows are one voce), `separa`
 * (they are not), `ripristina` (forget what was chosen about them). Both rows must be rows the
 * user may read, of two different documents.
 */
export async function recordChoice(ctx: AppContext, principal: Principal, first: DocumentRecord, action: PairChoice['azione'] | 'ripristina', rowIds: [number, number]) {
  if (rowIds[0] === rowIds[1]) throw new ValidationError(PAIR_SAME_DOCUMENT);
  const [a, b] = await Promise.all(rowIds.map((id) => requireRowFor(ctx, id, principal)));
  if (a.row.document_id === b.row.document_id) throw new ValidationError(PAIR_SAME_DOCUMENT);
  const choice: PairChoice = { azione: action === 'ripristina' ? 'abbina' : action, righe: rowIds };
  return updateChoices(ctx, first.id, (current) => {
    const next = withChoice(current, choice);
    return action === 'ripristina' ? next.slice(0, -1) : next;
  });
}

// ------------------------------------------------------------------ Excel

const EURO = '#,##0.00 "€";-#,##0.00 "€"';
const NUMBER = '#,##0.00##';
const PERCENT = '+0.00"%";-0.00"%";0.00"%"';
const HEAD_FILL = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FF312E81' } };
const CHAPTER_FILL = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFE0E7FF' } };

/**
 * The comparison as a workbook: one column group per document (quantity, unit price, amount,
 * and for the others the differences against the first), the state and the uncertain pairings,
 * a title and a subtotal line per chapter, the totals; at the end each document's labour cost
 * and the warning of an offer below the project's (issue 39), per voce and in total; A4
 * landscape, one page wide, the header on every page.
 */
export async function comparisonWorkbook(loaded: LoadedComparison, now: Date): Promise<Buffer> {
  const { documents, result } = loaded;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Computa';
  wb.created = now;
  const ws = wb.addWorksheet('Confronto', {
    views: [{ state: 'frozen', ySplit: 5, xSplit: 2 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '4:5', margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 } },
    headerFooter: { oddFooter: '&LConfronto tra computi&RPagina &P di &N' },
  });
  const layout = columnsOf(documents.length);
  const labour = labourOfComparison(loaded);
  ws.getCell(1, 1).value = 'Confronto tra computi';
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  ws.getCell(2, 1).value = `Documento di riferimento: ${safeText(documents[0].filename)}. Esportato il ${new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' }).format(now)}`;
  writeColumnTitles(ws, documents, layout);
  const line = writeChapters(ws, result, { voci: new Map(result.voci.map((v, k) => [v, labour.voci[k]])), capitoli: labour.capitoli }, layout, 6);
  writeTotal(ws.getRow(line + 1), result, labour.totali, layout);
  ws.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  ws.getColumn(5).alignment = { wrapText: true, vertical: 'top' };
  ws.getColumn(layout.lastCol).alignment = { wrapText: true, vertical: 'top' };
  fitNumberColumns(ws, Array.from({ length: layout.lastCol - 1 - FIXED_COLUMNS.length }, (_, k) => FIXED_COLUMNS.length + 1 + k));
  ws.pageSetup.printArea = printArea(columnLetter(layout.lastCol), line + 1);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const FIXED_COLUMNS = ['Codice', 'Descrizione', 'U.M.', 'Stato', 'Abbinamento'];
const FIXED_WIDTHS = [16, 48, 7, 11, 26];
/** Each document's columns: the reference's three, then two more with the differences from it. */
const groupColumns = (i: number) => (i === 0 ? ['Quantità', 'Prezzo', 'Importo'] : ['Quantità', 'Prezzo', 'Importo', 'Diff. importo', 'Diff. %']);

const LABOUR_TITLE = 'Costo della manodopera';
const LABOUR_WARNING = 'Avviso manodopera';
const LABOUR_WARNING_WIDTH = 44;

interface ColumnLayout {
  /** Each document's first column (1-based). */
  groupStart: number[];
  /** After every group: one labour cost column per document, then the warning (the last column). */
  labourStart: number;
  lastCol: number;
}

function columnsOf(documentCount: number): ColumnLayout {
  const groupStart: number[] = [];
  let col = FIXED_COLUMNS.length + 1;
  for (let i = 0; i < documentCount; i++) {
    groupStart.push(col);
    col += groupColumns(i).length;
  }
  return { groupStart, labourStart: col, lastCol: col + documentCount };
}

/** Row 4: each document's name over its columns; row 5: the column titles. */
function writeColumnTitles(ws: ExcelJS.Worksheet, documents: LoadedComparison['documents'], { groupStart, labourStart, lastCol }: ColumnLayout): void {
  const groupRow = ws.getRow(4);
  const headRow = ws.getRow(5);
  FIXED_COLUMNS.forEach((h, i) => {
    headRow.getCell(i + 1).value = h;
    ws.getColumn(i + 1).width = FIXED_WIDTHS[i];
  });
  documents.forEach((d, i) => {
    const start = groupStart[i];
    const labels = groupColumns(i);
    groupRow.getCell(start).value = safeText(`${i === 0 ? 'Riferimento: ' : ''}${d.filename}`);
    ws.mergeCells(4, start, 4, start + labels.length - 1);
    labels.forEach((h, j) => {
      headRow.getCell(start + j).value = h;
      ws.getColumn(start + j).width = j === 0 ? 11 : j === 1 ? 12 : j === 4 ? 9 : 14;
    });
    headRow.getCell(labourStart + i).value = safeText(`${i === 0 ? 'Riferimento: ' : ''}${d.filename}`);
    ws.getColumn(labourStart + i).width = 14;
  });
  groupRow.getCell(labourStart).value = LABOUR_TITLE;
  ws.mergeCells(4, labourStart, 4, lastCol);
  headRow.getCell(lastCol).value = LABOUR_WARNING;
  ws.getColumn(lastCol).width = LABOUR_WARNING_WIDTH;
  for (const r of [groupRow, headRow]) {
    for (let c = 1; c <= lastCol; c++) {
      const cell = r.getCell(c);
      cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      cell.fill = HEAD_FILL;
      cell.alignment = { vertical: 'middle', horizontal: r === groupRow ? 'center' : undefined, wrapText: true };
    }
  }
}

function setMoney(cell: ExcelJS.Cell, value: number | null | undefined, fmt = EURO): void {
  cell.value = value ?? null;
  cell.numFmt = fmt;
}

/** Chapter by chapter from `line`: its title, one row per voce, its subtotals (with their labour). Returns the next free line. */
function writeChapters(
  ws: ExcelJS.Worksheet,
  result: LoadedComparison['result'],
  labour: { voci: ReadonlyMap<ComparedVoce, VoceLabour>; capitoli: readonly ChapterLabour[] },
  layout: ColumnLayout,
  line: number,
): number {
  const { groupStart, lastCol } = layout;
  const byChapter = new Map<string, typeof result.voci>();
  for (const v of result.voci) (byChapter.get(v.capitolo) ?? byChapter.set(v.capitolo, []).get(v.capitolo)!).push(v);
  for (const [k, chapter] of result.capitoli.entries()) {
    const title = ws.getRow(line++);
    title.getCell(1).value = safeText(chapter.capitolo || 'Senza capitolo');
    for (let c = 1; c <= lastCol; c++) title.getCell(c).fill = CHAPTER_FILL;
    title.font = { bold: true };
    for (const v of byChapter.get(chapter.capitolo) ?? []) {
      const r = ws.getRow(line++);
      r.getCell(1).value = safeText(v.tariffa);
      r.getCell(2).value = safeText(v.descrizione);
      r.getCell(3).value = safeText(v.unita_di_misura);
      r.getCell(4).value = STATE_LABEL[v.stato];
      r.getCell(5).value = v.incerto ? safeText(`Abbinamento incerto: ${v.motivo ?? ''}`) : '';
      writeLabour(r, labour.voci.get(v), layout);
      r.eachCell((cell, c) => {
        cell.alignment = { vertical: 'top', wrapText: c === 2 || c === 5 || c === lastCol };
      });
      // As tall as its wrapped description, pairing note and labour warning: Excel does not fit heights when it opens a file.
      r.height = rowHeight([
        { text: String(r.getCell(2).value ?? ''), width: FIXED_WIDTHS[1] },
        { text: String(r.getCell(5).value ?? ''), width: FIXED_WIDTHS[4] },
        { text: String(r.getCell(lastCol).value ?? ''), width: LABOUR_WARNING_WIDTH },
      ]);
      v.valori.forEach((val, i) => {
        const s = groupStart[i];
        setMoney(r.getCell(s), val?.quantita, NUMBER);
        setMoney(r.getCell(s + 1), val?.unitario);
        setMoney(r.getCell(s + 2), val?.totale);
        if (i > 0) {
          setMoney(r.getCell(s + 3), v.differenze[i]?.totale);
          setMoney(r.getCell(s + 4), v.differenze[i]?.percentuale, PERCENT);
        }
      });
    }
    writeSubtotal(ws.getRow(line++), chapter, labour.capitoli[k], layout);
  }
  return line;
}

/** A chapter's subtotal line: each document's subtotal and difference, its labour cost and the warning of an offer below the project's. */
function writeSubtotal(sub: ExcelJS.Row, chapter: ComparisonResult['capitoli'][number], labour: ChapterLabour, layout: ColumnLayout): void {
  sub.getCell(2).value = safeText(`Subtotale ${chapter.capitolo || 'senza capitolo'}`);
  chapter.subtotali.forEach((t, i) => {
    setMoney(sub.getCell(layout.groupStart[i] + 2), t);
    if (i > 0) setMoney(sub.getCell(layout.groupStart[i] + 3), chapter.differenze[i]);
  });
  writeLabour(sub, labour, layout);
  sub.getCell(layout.lastCol).alignment = { vertical: 'top', wrapText: true };
  sub.height = rowHeight([
    { text: String(sub.getCell(2).value ?? ''), width: FIXED_WIDTHS[1] },
    { text: String(sub.getCell(layout.lastCol).value ?? ''), width: LABOUR_WARNING_WIDTH },
  ]);
  sub.font = { bold: true };
}

/** A voce's (or a subtotal's) labour cost in each document (empty where unknown) and the warning of an offer below the project's. */
function writeLabour(r: ExcelJS.Row, labour: VoceLabour | ChapterLabour | undefined, { labourStart, lastCol }: ColumnLayout): void {
  labour?.costi.forEach((c, i) => setMoney(r.getCell(labourStart + i), c));
  r.getCell(lastCol).value = labour?.avviso ? safeText(labour.avviso) : '';
}

function writeTotal(total: ExcelJS.Row, result: LoadedComparison['result'], labour: readonly TotalLabour[], { groupStart, labourStart, lastCol }: ColumnLayout): void {
  total.getCell(2).value = 'Totale';
  labour.forEach((t, i) => setMoney(total.getCell(labourStart + i), t.costo));
  const warnings = labour.flatMap((t) => (t.avviso ? [t.avviso] : []));
  total.getCell(lastCol).value = safeText(warnings.join('; '));
  total.getCell(lastCol).alignment = { vertical: 'top', wrapText: true };
  total.height = rowHeight([{ text: warnings.join('; '), width: LABOUR_WARNING_WIDTH }]);
  result.totali.forEach((t, i) => {
    setMoney(total.getCell(groupStart[i] + 2), t);
    if (i > 0) {
      setMoney(total.getCell(groupStart[i] + 3), result.differenze_totali[i]?.totale);
      setMoney(total.getCell(groupStart[i] + 4), result.differenze_totali[i]?.percentuale, PERCENT);
    }
  });
  total.font = { bold: true };
}
