import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { CORPUS_DATA } from './corpus.ts';
import { uploadPdf, waitForAnalysis } from './documents.ts';
import { uploadForm } from './price-lists.ts';
import { apiClient } from './runtime.ts';
import { simpleComputoPdf, type SimpleVoce } from './simple-computo.ts';

/**
 * A small computo priced against the Toscana Firenze 2025 excerpt (issue 39): two voci whose
 * articles give a labour incidence (40,36% and 26,86%), one whose article has none, one safety voce.
 */
export const MANODOPERA_VOCI: SimpleVoce[] = [
  { code: 'TOS25_01.A03.001.001', description: 'Demolizione totale di edifici in muratura', unit: 'm³', quantity: 100, price: 13.63, amount: 1363 },
  { code: 'TOS25_17.N05.002.013', description: 'Cordolo in calcestruzzo', unit: 'm', quantity: 20, price: 17.4, amount: 348 },
  { code: 'TOS25_18.W01.001.002', description: 'Ricerca di beni di interesse archeologico', unit: 'a corpo', quantity: 1, price: 1467.4, amount: 1467.4 },
  { code: 'SIC.01', description: 'Oneri della sicurezza: recinzione di cantiere', unit: 'cad', quantity: 1, price: 500, amount: 500 },
];
export const MANODOPERA_TOTAL = 3678.4;

/** Loads the Firenze list (as admin) and uploads the computo; answers the document id. */
export async function manodoperaComputo(baseUrl: string, token: string): Promise<number> {
  const api = apiClient(baseUrl);
  const xml = fs.readFileSync(path.join(CORPUS_DATA, 'toscana-firenze-2025-excerpt.xml'));
  const up = await uploadForm(baseUrl, '/api/upload-prezzario-toscana', token, xml, 'toscana-firenze-2025-excerpt.xml', { provincia: 'FIRENZE', anno: '2025' });
  expect(up.status).toBe(200);
  const tempId = up.json.data?.temp_file_id ?? up.json.data?.data?.temp_file_id;
  const confirm = await api('POST', '/api/confirm-prezzario-toscana', { token, body: { temp_file_id: tempId } });
  expect(confirm.status).toBe(200);
  const pdf = await simpleComputoPdf(MANODOPERA_VOCI, MANODOPERA_TOTAL);
  const doc = await uploadPdf(baseUrl, token, pdf, 'computo-manodopera.pdf', { provincia: 'FI', tipologia_dei: 'nuove_costruzioni' });
  expect(doc.status).toBeLessThan(300);
  const attrs = await waitForAnalysis(baseUrl, token, doc.id, 120_000);
  expect(attrs.status).toBe('completed');
  return doc.id;
}
