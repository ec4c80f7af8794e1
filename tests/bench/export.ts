/**
 * Export round trip on every corpus PDF, through the real embedded runtime:
 *
 *   npm run bench:export [file.pdf ...]   (default: every PDF of tests/fixtures/corpus/pdf)
 *
 * Each PDF is uploaded and analysed, exported as XPWE and as SIX, and each export uploaded again;
 * prints per document and format: voci read from the PDF and back, voci identical in every field
 * (code, description, unit, quantity, price, amount, in order), the sums, file size and seconds,
 * and the first differences when there are any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PASSWORD, loginAs, startTestRuntime } from '../support/runtime.ts';
import { CORPUS_PDF } from '../support/corpus.ts';
import { roundTrip } from '../support/export-round-trip.ts';

async function main() {
  const names = process.argv.slice(2).length ? process.argv.slice(2).map((f) => path.basename(f)) : fs.readdirSync(CORPUS_PDF).filter((f) => f.endsWith('.pdf')).sort();
  const rt = await startTestRuntime();
  let exactDocs = 0;
  try {
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    for (const name of names) {
      let r: Awaited<ReturnType<typeof roundTrip>>;
      try {
        r = await roundTrip(rt.url, admin, name);
      } catch (err) {
        console.log(`${name}: NON COMPLETATO (${(err as Error).message})`);
        continue;
      }
      const ok = r.results.every((f) => f.voci === r.pdfVoci && f.exact === r.pdfVoci && f.sum === r.pdfSum);
      if (ok) exactDocs++;
      console.log(`${name}: ${r.pdfVoci} voci (${r.flagged} da verificare), somma ${r.pdfSum.toFixed(2)}, analisi ${r.analysisSeconds.toFixed(1)} s`);
      for (const f of r.results) {
        console.log(
          `  ${f.format.padEnd(4)} ${f.voci} voci, identiche ${f.exact}/${r.pdfVoci}, somma ${f.sum.toFixed(2)} ${f.sum === r.pdfSum ? '=' : '≠'}, ${(f.bytes / 1024).toFixed(0)} KB, ${f.seconds.toFixed(1)} s` +
            (f.differences.length ? `; differenze: ${f.differences.map((d) => `voce ${d.n} (${d.fields.join(', ')})`).join('; ')}` : ''),
        );
      }
    }
    console.log(`\nDocumenti con andata e ritorno esatti in XPWE e SIX: ${exactDocs}/${names.length}`);
  } finally {
    await rt.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
