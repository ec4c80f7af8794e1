import { uploadForm } from './price-lists.ts';
import { apiClient } from './runtime.ts';

/** Uploads a PDF by multipart, as the upload page does; answers status, JSON and the new id. */
export async function uploadPdf(baseUrl: string, token: string, file: Buffer, name = 'computo.pdf', fields: Record<string, string> = { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }) {
  const res = await uploadForm(baseUrl, '/api/upload', token, file, name, fields);
  return { ...res, id: res.json?.data?.data?.document_id as number };
}

/** Polls a document until its analysis ends; answers its attributes. */
export async function waitForAnalysis(baseUrl: string, token: string, id: number, timeoutMs = 60_000) {
  const call = apiClient(baseUrl);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await call('GET', `/api/documents/${id}`, { token });
    if (res.json?.data?.attributes?.status !== 'processing') return res.json.data.attributes;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`analysis of document ${id} did not end in ${timeoutMs} ms`);
}
