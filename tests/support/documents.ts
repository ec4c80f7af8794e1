import { apiClient } from './runtime.ts';

/** Uploads a PDF by multipart, as the upload page does; answers status and JSON. */
export async function uploadPdf(baseUrl: string, token: string, file: Buffer, name = 'computo.pdf', fields: Record<string, string> = { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as any;
  return { status: res.status, json, id: json?.data?.data?.document_id as number };
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
