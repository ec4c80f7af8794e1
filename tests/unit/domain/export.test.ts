import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportWorkbook } from '../../../functions/export/formats.ts';
import type { DocumentRecord } from '../../../functions/storage/repositories/documents.ts';
import type { RowRecord } from '../../../functions/storage/repositories/rows.ts';

const doc: DocumentRecord = {
  id: 7, filename: '=cmd|\' /C calc\'!A0', upload_date: '2026-11-20T10:00:00.000Z', provincia: 'LU', tipologia_dei: '@SUM(1+1)', username: 'u', user_id: 1,
  status: 'completed', status_reason: null, file_key: 'k', file_size: 1, pages_total: 1, pages_done: 1, document_total: null, document_total_db: null,
  sum_totale: null, row_count: 0, layout: null, unreadable_pages: [], warnings: [], completed_at: null,
};

const row = (i: number, texts: Partial<RowRecord>, amounts: Partial<RowRecord> = {}): RowRecord => ({
  id: i, document_id: 7, row_index: i, tariffa: `A.${i}`, descrizione: 'x', codice_articolo: null, unita_di_misura: 'mq', quantita: 1, unitario: 1, totale: 1,
  tipologia_dei: 'nuove_costruzioni', prezzo_db: null, prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null, price_source: null,
  page: null, page_end: null, box: null, ...texts, ...amounts,
});

/** Strings a spreadsheet would run or mangle, each with its exact expected read-back. */
const HOSTILE = [
  '=HYPERLINK("http://example.invalid","clic")',
  '  =HYPERLINK("http://example.invalid","clic")',
  '+39 055 123456',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  ' \r\n\t-1',
  '=1+1\u0001\u001f\u007f fine',
  'literal _x000D_ and _x005F_ stay as typed',
];

/** One file of a zip, by the central directory (stored or deflated). */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const [method, size, nameLen, extra, comment, local] = [zip.readUInt16LE(at + 10), zip.readUInt32LE(at + 20), zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32), zip.readUInt32LE(at + 42)];
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLen + extra + comment;
  }
  throw new Error(`${name} not in the zip`);
}

async function readBack(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  return wb.worksheets[0];
}

describe('Excel export keeps hostile text as text, character for character', () => {
  it('writes every formula-looking string as a text cell with its exact content', async () => {
    const rows = HOSTILE.map((text, i) => row(i + 1, { descrizione: text, tariffa: text, unita_di_misura: text.slice(0, 9) }));
    const ws = await readBack(await exportWorkbook(doc, rows, new Date('2026-11-23T10:00:00Z')));
    HOSTILE.forEach((text, i) => {
      const r = ws.getRow(8 + i);
      for (const [col, expected] of [[3, text], [4, text], [5, text.slice(0, 9)]] as const) {
        const cell = r.getCell(col);
        expect(cell.type, `row ${i} col ${col}`).toBe(ExcelJS.ValueType.String);
        expect(cell.value, `row ${i} col ${col}`).toBe(expected);
        expect(cell.numFmt, `row ${i} col ${col}`).toBe('@');
      }
    });
    // The header block too.
    expect(ws.getRow(1).getCell(3).value).toBe(doc.filename);
    expect(ws.getRow(1).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(3).getCell(3).value).toBe('@SUM(1+1)');
  });

  it('keeps negative amounts as numbers; an amount that is quantity × price is that formula, with its value cached; the totals are sums', async () => {
    const rows = [row(1, {}, { quantita: -2, unitario: 10, totale: -20 }), row(2, { descrizione: '-5' }, { totale: 5 })];
    const ws = await readBack(await exportWorkbook(doc, rows, new Date('2026-11-23T10:00:00Z')));
    expect(ws.getRow(8).getCell(6).value).toBe(-2);
    expect(ws.getRow(8).getCell(8).value).toEqual({ formula: 'ROUND(F8*G8,2)', result: -20 });
    // 1 × 1 is not the printed 5: the document's amount stays a value
    expect(ws.getRow(9).getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getRow(9).getCell(8).value).toBe(5);
    expect(ws.getRow(9).getCell(4).value).toBe('-5');
    expect(ws.getRow(9).getCell(4).type).toBe(ExcelJS.ValueType.String);
    const formulas: string[] = [];
    ws.eachRow((r) => r.eachCell((c) => c.type === ExcelJS.ValueType.Formula && formulas.push(c.address)));
    // P: the labour cost's sum (issue 39).
    expect(formulas).toEqual(['H8', 'H11', 'J11', 'K11', 'P11']);
    expect(ws.getRow(11).getCell(8).value).toEqual({ formula: 'SUM(H8:H9)', result: -15 });
  });

  it('prints as an estimator expects: A4 landscape one page wide, titles repeated, chapter column, wrapped rows as tall as their text', async () => {
    // Prepare: a long description, a chapter path, characters XML forbids
    const long = 'Fornitura e posa in opera di pavimento in gres porcellanato, compreso ogni onere. '.repeat(6);
    const rows = [row(1, { descrizione: long, capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Pavimenti' } }), row(2, { descrizione: 'Breve\ufffe\uffff voce' })];
    // Act
    const buf = await exportWorkbook(doc, rows, new Date('2026-11-23T10:00:00Z'));
    const ws = await readBack(buf);
    // Assess
    expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printArea: 'A1:M11' });
    expect(ws.pageSetup.printTitlesRow).toBe('7:7');
    expect(ws.getRow(7).getCell(2).value).toBe('Capitolo');
    expect(ws.getRow(8).getCell(2).value).toBe('OPERE EDILI \u203a Pavimenti');
    expect(ws.getRow(8).getCell(4).alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    expect(ws.getRow(8).height).toBeGreaterThanOrEqual(9 * 15);
    expect(ws.getRow(9).height).toBe(15);
    expect(ws.getRow(9).getCell(4).value).toBe('Breve voce');
    // the print area absolute, as LibreOffice reads it (it ignores "$A1:$M11")
    expect(zipEntry(buf, 'xl/workbook.xml')).toContain('Computo&apos;!$A$1:$M$11</definedName>');
  });
});

describe('Excel export marks the rows still to check', () => {
  it('shows the sign on the row number (still a number), tints the row, and adds the legend', async () => {
    // Prepare
    const rows = [row(1, {}), row(2, { verifica: ['codice non trovato'] })];
    // Act
    const ws = await readBack(await exportWorkbook(doc, rows, new Date('2026-11-23T10:00:00Z')));
    // Assess
    const marked = ws.getRow(9).getCell(1);
    expect(marked.value).toBe(2);
    expect(marked.numFmt).toBe('"! "0');
    expect(marked.font?.color?.argb).toBe('FFB91C1C');
    expect((ws.getRow(9).getCell(4).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFDE8E8');
    expect(ws.getRow(9).getCell(13).value).toBe('Da verificare: codice non trovato');
    expect(ws.getRow(8).getCell(1).numFmt).not.toBe('"! "0');
    expect((ws.getRow(8).getCell(4).fill as ExcelJS.FillPattern | undefined)?.fgColor).toBeUndefined();
    expect(ws.getRow(14).getCell(4).value).toBe('! = riga da verificare: la lettura del documento non è certa (il motivo è nella colonna Note)');
  });
});
