/**
 * Upload-to-completed benchmark through the real embedded runtime (what `npm start` runs):
 *
 *   npm run bench:upload [file.pdf ...]   (default: primus_large.pdf, 102 pages)
 */
import path from 'node:path';
import { startTestRuntime, apiClient, loginAs, ADMIN_PASSWORD } from '../support/runtime.ts';
import { CORPUS_PDF, corpusFile } from '../support/corpus.ts';
import { uploadForm } from '../support/price-lists.ts';
import fs from 'node:fs';

async function main() {
  const files = process.argv.slice(2).length ? process.argv.slice(2) : [path.join(CORPUS_PDF, 'primus_large.pdf')];
  const rt = await startTestRuntime();
  try {
    const call = apiClient(rt.url);
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    // Warm the analysis thread (module load) so the figure is the steady state.
    const warm = await uploadForm(rt.url, '/api/upload', admin, corpusFile('primus_small.pdf'), 'warm.pdf', { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
    await rt.idle();
    void warm;
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      const t = performance.now();
      const up = await uploadForm(rt.url, '/api/upload', admin, bytes, path.basename(file), { provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
      const id = up.json.data.data.document_id;
      let doc: any;
      for (;;) {
        doc = (await call('GET', `/api/documents/${id}`, { token: admin })).json.data.attributes;
        if (doc.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const s = (performance.now() - t) / 1000;
      console.log(`${path.basename(file)}: ${doc.pages_total} pages, ${doc.row_count} rows, ${doc.status}, upload to completed ${s.toFixed(2)} s (${(doc.pages_total / s).toFixed(0)} pages/s)`);
    }
  } finally {
    await rt.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
