import ExcelJS from 'exceljs';
import { truthOf } from './corpus.ts';

/** An .xlsx price list laid out like the real ones: title rows (the Toscana 2025 list of `provincia`) above the header. */
export async function priceListXlsx(
  rows: Array<{ codice: string; descrizione: string; um: string; prezzo: number | string; manodopera?: number }>,
  header = ['Codice', 'Descrizione', 'U.M.', 'Prezzo', ...(rows.some((r) => r.manodopera !== undefined) ? ['% Manodopera'] : [])],
  provincia = 'Lucca',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Prezzario');
  ws.addRow(['Prezzario dei Lavori Pubblici della Toscana 2025']);
  ws.addRow([`Provincia di ${provincia}`]);
  ws.addRow([]);
  ws.addRow(header);
  for (const r of rows) ws.addRow([r.codice, r.descrizione, r.um, r.prezzo, ...(r.manodopera !== undefined ? [r.manodopera] : [])]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The Toscana articles of a corpus document, priced 10% above what the document prints. */
export function tuscanItemsOf(pdf: string) {
  const seen = new Map<string, { codice: string; descrizione: string; um: string; prezzo: number }>();
  for (const item of truthOf(pdf).items) {
    if (item.tariffa.startsWith('TOS') && !seen.has(item.tariffa)) {
      seen.set(item.tariffa, { codice: item.tariffa, descrizione: item.descrizione.slice(0, 200), um: item.um, prezzo: Math.round(item.unitario * 110) / 100 });
    }
  }
  return [...seen.values()];
}

export async function uploadForm(baseUrl: string, path: string, token: string, file: Buffer, filename: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)]), filename);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(baseUrl + path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: (await res.json()) as any };
}

/** Imports `rows` as the Lucca 2025 Toscana list through the two import steps (upload, confirm). */
export async function importLuccaList(baseUrl: string, token: string, rows: Parameters<typeof priceListXlsx>[0]) {
  const staged = await uploadForm(baseUrl, '/api/upload-prezzario-toscana', token, await priceListXlsx(rows), 'lu.xlsx', { provincia: 'LUCCA', anno: '2025' });
  if (staged.status !== 200) throw new Error(`import of the Lucca list refused: ${JSON.stringify(staged.json)}`);
  const res = await fetch(`${baseUrl}/api/confirm-prezzario-toscana`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    // Tests load lists of their own codes (C.01, NP.001…) as Lucca: the preview's source alerts are
    // said to be seen here, and tested for themselves in tests/integration/import-declared.test.ts.
    body: JSON.stringify({ temp_file_id: staged.json.data.temp_file_id, conferma_avvisi: true }),
  });
  if (!res.ok) throw new Error(`confirm of the Lucca list refused: ${await res.text()}`);
}
