/**
 * Local OCR through the real embedded runtime: real tesseract.js on the analysis thread, no mock.
 * A scanned computo is uploaded through the API and must end completed with exactly its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { corpusFile, truthOf } from '../support/corpus.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => rt?.close());

async function upload(file: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  form.set('provincia', 'LU');
  form.set('tipologia_dei', 'nuove_costruzioni');
  const res = await fetch(`${rt.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).data.data.document_id as number;
}

/** Polls the document API until the analysis ends; returns every state seen on the way. */
async function waitForAnalysis(id: number) {
  const seen: any[] = [];
  for (let i = 0; i < 1800; i++) {
    const doc = (await call('GET', `/api/documents/${id}`, { token })).json.data.attributes;
    seen.push(doc);
    if (doc.status !== 'processing') return { doc, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analysis did not end');
}

const rowsOf = async (id: number) => (await call('GET', `/api/documents/${id}/rows`, { token })).json.data.map((d: any) => d.attributes);

const asTruth = (r: any) => ({ tariffa: r.tariffa, um: r.unita_di_misura, quantita: r.quantita, unitario: r.unitario, totale: r.totale, page: r.page, page_end: r.page_end });
const truthRows = (name: string) =>
  truthOf(name).items.map((t) => ({ tariffa: t.tariffa, um: t.um, quantita: t.quantita, unitario: t.unitario, totale: t.totale, page: t.page, page_end: t.page_end }));

describe('scanned computi are read by the local OCR', () => {
  it('reads the scanned corpus document exactly, marks its rows and shows the OCR progress', { timeout: 180_000 }, async () => {
    const id = await upload(corpusFile('primus_small_scanned.pdf'), 'scansione.pdf');
    const { doc, seen } = await waitForAnalysis(id);

    expect(doc).toMatchObject({ status: 'completed', row_count: 3, document_total: 5133.78, congruent: true, unreadable_pages: [], ocr_pages_done: 3, ocr_pages_total: 3 });
    const rows = await rowsOf(id);
    expect(rows.map(asTruth)).toEqual(truthRows('primus_small_scanned.pdf'));
    expect(rows.every((r: any) => r.da_scansione === true)).toBe(true);
    expect(rows.filter((r: any) => r.verifica?.length)).toEqual([]);
    // The progress the user watches: scanned pages recognised so far, through the document API.
    const progress = seen.filter((d) => d.status === 'processing' && d.ocr_pages_total === 3).map((d) => d.ocr_pages_done);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.some((done) => done < 3)).toBe(true);
  });

  it('reads a mixed document: a text page and two scanned pages, one voce across both', { timeout: 240_000 }, async () => {
    // Page 1 from the text PDF, pages 2-3 from the scan: voce 3 starts on text and ends on the scan.
    const mixed = await PDFDocument.create();
    const text = await PDFDocument.load(corpusFile('primus_small.pdf'));
    const scan = await PDFDocument.load(corpusFile('primus_small_scanned.pdf'));
    mixed.addPage((await mixed.copyPages(text, [0]))[0]);
    for (const p of await mixed.copyPages(scan, [1, 2])) mixed.addPage(p);
    // Uploaded with a second scan: the two analysis threads share one OCR gate, both must end.
    const id = await upload(await mixed.save(), 'misto.pdf');
    const other = await upload(corpusFile('primus_small_scanned.pdf'), 'altra-scansione.pdf');
    const { doc } = await waitForAnalysis(id);
    expect((await waitForAnalysis(other)).doc).toMatchObject({ status: 'completed', row_count: 3 });

    expect(doc).toMatchObject({ status: 'completed', row_count: 3, document_total: 5133.78, congruent: true, unreadable_pages: [], ocr_pages_total: 2 });
    const rows = await rowsOf(id);
    expect(rows.map(asTruth)).toEqual(truthRows('primus_small.pdf'));
    expect(rows.map((r: any) => Boolean(r.da_scansione))).toEqual([false, false, true]);
  });
});
