/**
 * The export round trip on the real local runtime: a corpus PDF is uploaded and analysed, then
 * exported as XPWE and as SIX through the API, and each export is uploaded again as a new
 * document. The voci read back are compared field by field with the PDF's: code, description,
 * unit, quantity, price, amount, in order, and the sum. Used by the integration test and by
 * `npm run bench:export`.
 */
import { fromNumber, sum, toNumber } from '../../shared/domain/money.ts';
import { corpusFile } from './corpus.ts';
import { uploadPdf, waitForAnalysis } from './documents.ts';
import { apiClient } from './runtime.ts';

export type Row = { tariffa: string; descrizione: string; unita_di_misura: string; quantita: number | null; unitario: number | null; totale: number | null };

export interface FormatResult {
  format: 'xpwe' | 'six';
  bytes: number;
  voci: number;
  /** Voci whose code, description, unit, quantity, price and amount are all the PDF's, in the same position. */
  exact: number;
  /** Positions that differ, with the fields that differ (at most 5 listed). */
  differences: Array<{ n: number; fields: string[] }>;
  sum: number;
  seconds: number;
}

export interface RoundTrip {
  name: string;
  pdfVoci: number;
  pdfSum: number;
  /** Voci the reader flagged "da verificare". */
  flagged: number;
  analysisSeconds: number;
  results: FormatResult[];
}

const clean = (s: string) => s.replace(/[\u00ad\u200b]/g, '').replace(/[\s\u00a0]+/g, ' ').trim();
const sumOf = (rows: Row[]) => toNumber(sum(rows.map((r) => fromNumber(r.totale ?? 0))));

export function compareRows(pdf: Row[], back: Row[]): { exact: number; differences: FormatResult['differences'] } {
  const differences: FormatResult['differences'] = [];
  let exact = 0;
  for (let i = 0; i < Math.max(pdf.length, back.length); i++) {
    const a = pdf[i];
    const b = back[i];
    if (!a || !b) {
      differences.push({ n: i + 1, fields: [a ? 'mancante' : 'in più'] });
      continue;
    }
    const fields = (['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const).filter((f) =>
      f === 'descrizione' || f === 'tariffa' || f === 'unita_di_misura' ? clean(String(a[f] ?? '')) !== clean(String(b[f] ?? '')) : (a[f] ?? 0) !== (b[f] ?? 0),
    );
    if (fields.length) differences.push({ n: i + 1, fields });
    else exact++;
  }
  return { exact, differences };
}

export async function roundTrip(baseUrl: string, token: string, name: string): Promise<RoundTrip> {
  const call = apiClient(baseUrl);
  const rowsOf = async (id: number): Promise<Row[]> => (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((r: { attributes: Row }) => r.attributes);
  let t = performance.now();
  const up = await uploadPdf(baseUrl, token, corpusFile(name), name);
  if (up.status !== 201) throw new Error(`upload of ${name}: ${up.status}`);
  // A scanned PDF goes through the local OCR: minutes on a loaded machine.
  const doc = await waitForAnalysis(baseUrl, token, up.id, 900_000);
  if (doc.status !== 'completed') throw new Error(`analysis of ${name}: ${doc.status} ${doc.status_reason ?? ''}`);
  const analysisSeconds = (performance.now() - t) / 1000;
  const pdfRows = await rowsOf(up.id);
  const flagged = pdfRows.filter((r) => ((r as Row & { verifica?: string[] }).verifica ?? []).length).length;

  const results: FormatResult[] = [];
  for (const format of ['xpwe', 'six'] as const) {
    t = performance.now();
    const res = await fetch(`${baseUrl}/api/documents/${up.id}/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`export ${format} of ${name}: ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const again = await uploadPdf(baseUrl, token, bytes, `${name}.${format === 'six' ? 'xml' : 'xpwe'}`);
    if (again.status !== 201) throw new Error(`upload of the ${format} export of ${name}: ${again.status} ${JSON.stringify(again.json)}`);
    const back = await waitForAnalysis(baseUrl, token, again.id, 300_000);
    if (back.status !== 'completed') throw new Error(`import of the ${format} export of ${name}: ${back.status} ${back.status_reason ?? ''}`);
    const backRows = await rowsOf(again.id);
    const { exact, differences } = compareRows(pdfRows, backRows);
    results.push({ format, bytes: bytes.length, voci: backRows.length, exact, differences: differences.slice(0, 5), sum: sumOf(backRows), seconds: (performance.now() - t) / 1000 });
  }
  return { name, pdfVoci: pdfRows.length, pdfSum: sumOf(pdfRows), flagged, analysisSeconds, results };
}
