/**
 * GET /api/documents/{id}/export?format=: each format with its media type and file name, the
 * rows as edited, an unknown format refused in Italian; and the round trip on the corpus: a
 * document read from a PDF, exported as XPWE and SIX and uploaded again, gives back the same
 * voci (code, description, unit, quantity, price, amount, in order) and the same total.
 * Every corpus PDF: `npm run bench:export`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { roundTrip } from '../support/export-round-trip.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { extractPages } from '../../functions/analysis/pdf-text.ts';
import { formatNumber } from '../../shared/format.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let token: string;
let other: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'chiara', password: 'password-di-prova' } });
  await call('POST', '/api/admin/users', { token: admin, body: { username: 'marco', password: 'password-di-prova' } });
  token = await loginAs(rt.url, 'chiara', 'password-di-prova');
  other = await loginAs(rt.url, 'marco', 'password-di-prova');
});
afterAll(async () => rt?.close());

const get = (path: string, who = token) => fetch(`${rt.url}${path}`, { headers: { authorization: `Bearer ${who}` } });

describe('export formats', () => {
  it('answers each format with its type and name, the rows as edited, and refuses an unknown format', async () => {
    // Prepare: a PDF read into rows, one of them edited by the user
    const up = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'), 'primus_small.pdf');
    await waitForAnalysis(rt.url, token, up.id);
    const rows = (await call('GET', `/api/documents/${up.id}/rows`, { token })).json.data.map((r: any) => r.attributes);
    expect(rows.length).toBe(3);
    const edited = await call('PUT', `/api/rows/${rows[1].id}`, { token, body: { descrizione: 'Voce corretta a mano & <verificata>', quantita: 7.25, totale: Math.round(7.25 * rows[1].unitario * 100) / 100 } });
    expect(edited.status).toBe(200);

    // Act / Assess: one request per format
    const expected = [
      ['', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['?format=xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['?format=xpwe', 'application/xml; charset=utf-8', 'xpwe'],
      ['?format=six', 'application/xml; charset=utf-8', 'xml'],
      ['?format=pdf', 'application/pdf', 'pdf'],
    ] as const;
    const bodies: Record<string, Buffer> = {};
    for (const [query, type, ext] of expected) {
      const res = await get(`/api/documents/${up.id}/export${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-type'), query).toBe(type);
      expect(res.headers.get('content-disposition'), query).toContain(`filename="documento_${up.id}.${ext}"`);
      bodies[ext] = Buffer.from(await res.arrayBuffer());
    }
    expect(bodies.xlsx.subarray(0, 2).toString()).toBe('PK');
    expect(bodies.pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The edited row, as edited, in every format
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (n) => ['EPItem', 'VCItem', 'prodotto'].includes(n) });
    const xpwe = parser.parse(bodies.xpwe.toString('utf8')).PweDocumento.PweMisurazioni;
    expect(xpwe.PweElencoPrezzi.EPItem.map((e: any) => e.DesEstesa)).toContain('Voce corretta a mano & <verificata>');
    expect(xpwe.PweVociComputo.VCItem[1].Quantita).toBe('7.25');
    const six = parser.parse(bodies.xml.toString('utf8')).Documento;
    expect(six.prezzario.prodotto.map((p: any) => p.prdDescrizione['@estesa'])).toContain('Voce corretta a mano & <verificata>');
    const printed = (await extractPages(new Uint8Array(bodies.pdf))).flatMap((p) => p.words.map((w) => w.text)).join(' ');
    expect(printed).toContain('Voce corretta a mano & <verificata>');
    expect(printed).toContain(formatNumber(7.25));
    for (const r of rows) expect(printed).toContain(r.tariffa);

    // An unknown format: 400 in Italian; someone else's document: 404
    const bad = await get(`/api/documents/${up.id}/export?format=docx`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].detail).toBe('Formato di esportazione non valido. Formati disponibili: xlsx (Excel), xpwe (PriMus), six (SIX XML), pdf (stampa).');
    expect((await get(`/api/documents/${up.id}/export?format=pdf`, other)).status).toBe(404);
  });
});

describe('exports off the API thread', () => {
  it('hands each export to an analysis thread as plain data (no rows, no bytes) and answers with the file it streams', async () => {
    // Prepare
    const up = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'), 'primus_small.pdf');
    await waitForAnalysis(rt.url, token, up.id);
    const jobs: unknown[] = [];
    const exportFile = rt.ctx.config.exportFile!;
    rt.ctx.config.exportFile = (job) => (jobs.push(job), exportFile(job));
    try {
      // Act
      const answers = await Promise.all(['?format=pdf', '?format=six'].map((q) => get(`/api/documents/${up.id}/export${q}`)));
      const review = await get(`/api/documents/${up.id}/verification/export`);
      // Assess
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(review.status).toBe(200);
      expect(Buffer.from(await answers[0].arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await answers[1].text()).startsWith('<?xml')).toBe(true);
      expect(Buffer.from(await review.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(jobs).toEqual([
        { kind: 'document-export', documentId: up.id, format: 'pdf', now: expect.any(String) },
        { kind: 'document-export', documentId: up.id, format: 'six', now: expect.any(String) },
        { kind: 'verification-export', documentId: up.id, now: expect.any(String) },
      ]);
      // someone else's document is refused on this thread, before any job
      expect((await get(`/api/documents/${up.id}/export?format=pdf`, other)).status).toBe(404);
      expect(jobs).toHaveLength(3);
      expect(rt.exports()).toMatchObject({ running: 0, cancelled: 0, failed: 0 });
    } finally {
      rt.ctx.config.exportFile = exportFile;
    }
  });
});

describe('the printout\u2019s heading (PUT /api/documents/{id}/intestazione)', () => {
  it('is kept on the document under a conditional write, refused when too long, and printed in the PDF', async () => {
    // Prepare
    const up = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'), 'primus_small.pdf');
    await waitForAnalysis(rt.url, token, up.id);
    const before = (await call('GET', `/api/documents/${up.id}`, { token })).json.data.attributes;
    const heading = { oggetto: 'Scuola  primaria\nDante', committente: 'Comune di Lucca', luogo: 'Lucca', data: '28/11/2026', progettista: 'Ing. Maria Rossi' };
    // Act: a stale version, a field too long, then the right version
    const stale = await call('PUT', `/api/documents/${up.id}/intestazione`, { token, body: { ...heading, base_version: (before.version ?? 0) + 5 } });
    const long = await call('PUT', `/api/documents/${up.id}/intestazione`, { token, body: { ...heading, luogo: 'x'.repeat(201) } });
    const saved = await call('PUT', `/api/documents/${up.id}/intestazione`, { token, body: { ...heading, base_version: before.version } });
    const foreign = await call('PUT', `/api/documents/${up.id}/intestazione`, { token: other, body: heading });
    // Assess
    expect(stale.status).toBe(412);
    expect(long.status).toBe(400);
    expect(long.json.errors[0].detail).toBe('Luogo: al massimo 200 caratteri.');
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes.intestazione).toEqual({ ...heading, oggetto: 'Scuola primaria Dante' });
    expect(saved.json.data.attributes.version).toBe((before.version ?? 0) + 1);
    expect(foreign.status).toBe(404);
    const again = (await call('GET', `/api/documents/${up.id}`, { token })).json.data.attributes;
    expect(again.intestazione.committente).toBe('Comune di Lucca');
    const pdf = Buffer.from(await (await get(`/api/documents/${up.id}/export?format=pdf`)).arrayBuffer());
    const printed = (await extractPages(new Uint8Array(pdf))).flatMap((p) => p.words.map((w) => w.text)).join(' ');
    expect(printed).toContain('Oggetto: Scuola primaria Dante');
    expect(printed).toContain('Committente: Comune di Lucca · Luogo: Lucca · Data: 28/11/2026 · Progettista: Ing. Maria Rossi');
    expect(printed).toContain('Il Progettista');
  });
});

describe('round trip through XPWE and SIX on the corpus', () => {
  it.each(['primus_small.pdf', 'str_small.pdf', 'tabella_small.pdf', 'dei_small.pdf'])(
    '%s: the same voci, units, quantities, prices, amounts and total',
    async (name) => {
      // Act
      const r = await roundTrip(rt.url, token, name);
      // Assess
      expect(r.pdfVoci).toBeGreaterThan(0);
      for (const f of r.results) {
        expect({ format: f.format, voci: f.voci, exact: f.exact, differences: f.differences, sum: f.sum }).toEqual({ format: f.format, voci: r.pdfVoci, exact: r.pdfVoci, differences: [], sum: r.pdfSum });
      }
    },
    120_000,
  );
});
