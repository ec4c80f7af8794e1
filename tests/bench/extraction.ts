/**
 * Extraction benchmark: PDF text layer -> parsed voci, compared with the corpus ground truth.
 *
 *   npx tsx tests/bench/extraction.ts [extra corpus folders...]
 *
 * Reads every `*.truth.json` in ../shared/corpus/pdf (relative to the repo root) and in each folder
 * given, runs extractDocument + parseComputo on the matching PDF and prints, per document and
 * overall: voci expected / found / exact (code, unit, quantity, unit price and total all equal),
 * descriptions equal, extra rows, document_total equal or not, pages per second.
 * Scanned documents (no text layer) are listed but kept out of the totals: they need OCR.
 * A warm-up run (pdf.js module load, JIT) is timed apart and not counted in pages/s.
 * The last line is `N/M voci exact, K/L totals, P pages/s`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractDocument } from '../../functions/analysis/pdf-text.ts';
import { parseComputo, type ParsedVoce } from '../../functions/analysis/parser/index.ts';

interface TruthItem {
  n: number;
  tariffa: string;
  descrizione: string;
  um: string;
  quantita: number;
  unitario: number;
  totale: number;
}

interface Truth {
  file: string;
  scanned?: boolean;
  pages: number;
  document_total: number;
  items: TruthItem[];
}

export interface DocScore {
  expected: number;
  found: number;
  exact: number;
  descExact: number;
  extra: number;
  totalOk: boolean;
  mismatches: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Same code, unit, quantity, unit price and total. */
export function sameNumbers(t: TruthItem, v: ParsedVoce): boolean {
  return (
    t.tariffa === v.tariffa &&
    t.um === v.unita_di_misura &&
    t.quantita === v.quantita &&
    t.unitario === v.unitario &&
    t.totale === v.totale
  );
}

/** Aligns found voci to the truth in print order (tolerating missing or extra rows) and scores them. */
export function score(truth: Truth, voci: ParsedVoce[], documentTotal: number | null): DocScore {
  const s: DocScore = { expected: truth.items.length, found: voci.length, exact: 0, descExact: 0, extra: 0, totalOk: documentTotal === truth.document_total, mismatches: [] };
  let j = 0;
  let matched = 0;
  for (const t of truth.items) {
    let k = -1;
    for (let i = j; i < Math.min(voci.length, j + 6); i++) {
      if (voci[i].tariffa === t.tariffa || voci[i].totale === t.totale) {
        k = i;
        break;
      }
    }
    if (k < 0) {
      s.mismatches.push(`n.${t.n} ${t.tariffa}: missing`);
      continue;
    }
    const v = voci[k];
    matched++;
    j = k + 1;
    if (sameNumbers(t, v)) s.exact++;
    else s.mismatches.push(`n.${t.n}: expected ${t.tariffa} ${t.um} ${t.quantita} × ${t.unitario} = ${t.totale}; found ${v.tariffa} ${v.unita_di_misura} ${v.quantita} × ${v.unitario} = ${v.totale}`);
    if (t.descrizione === v.descrizione) s.descExact++;
    else s.mismatches.push(`n.${t.n} ${t.tariffa}: descrizione differs\n    expected: …${t.descrizione.slice(-90)}\n    found:    …${v.descrizione.slice(-90)}`);
  }
  s.extra = voci.length - matched;
  return s;
}

async function main(): Promise<void> {
  const folders = [path.resolve(repoRoot, '../shared/corpus/pdf'), ...process.argv.slice(2).filter(a => !a.startsWith('-')).map(a => path.resolve(a))];
  const verbose = process.argv.includes('-v');
  // One-off cost per process (pdf.js module load, JIT warm-up): measured apart, not in pages/s.
  const firstPdf = fs.readdirSync(folders[0]).find(f => f.endsWith('.pdf'));
  if (firstPdf) {
    const t0 = performance.now();
    parseComputo(await extractDocument(new Uint8Array(fs.readFileSync(path.join(folders[0], firstPdf)))));
    console.log(`warm-up (pdf.js load, ${firstPdf}): ${(performance.now() - t0).toFixed(0)} ms, not counted`);
  }
  let exp = 0, exact = 0, totals = 0, totalsOk = 0, pages = 0, ms = 0, cpuMs = 0;
  for (const folder of folders) {
    console.log(`\n# ${folder}`);
    const before = { exp, exact, totals, totalsOk, pages, ms };
    const files = fs.readdirSync(folder).filter(f => f.endsWith('.truth.json')).sort();
    for (const f of files) {
      const truth = JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as Truth;
      const pdf = new Uint8Array(fs.readFileSync(path.join(folder, truth.file)));
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const words = await extractDocument(pdf);
      const result = parseComputo(words);
      const dt = performance.now() - t0;
      const c1 = process.cpuUsage(c0);
      const s = score(truth, result.voci, result.document_total);
      const name = truth.file.padEnd(28);
      if (truth.scanned) {
        console.log(`${name} scanned: ${words.filter(p => !p.hasTextLayer).length}/${words.length} pages without text, ${result.voci.length} voci (OCR needed; not counted)`);
        continue;
      }
      exp += s.expected; exact += s.exact; totals++; if (s.totalOk) totalsOk++; pages += words.length; ms += dt; cpuMs += (c1.user + c1.system) / 1000;
      console.log(
        `${name} ${result.layout.padEnd(8)} expected ${String(s.expected).padStart(4)}  found ${String(s.found).padStart(4)}  exact ${String(s.exact).padStart(4)}  desc ${String(s.descExact).padStart(4)}  extra ${s.extra}  total ${s.totalOk ? 'ok' : `NO (${result.document_total} vs ${truth.document_total})`}  ${(words.length / dt * 1000).toFixed(0)} p/s`,
      );
      const shown = verbose ? s.mismatches : s.mismatches.slice(0, 3);
      for (const m of shown) console.log(`    ${m}`);
      if (verbose) for (const w of result.warnings) console.log(`    warning: ${w}`);
    }
    console.log(
      `  folder: ${exact - before.exact}/${exp - before.exp} voci exact, ${totalsOk - before.totalsOk}/${totals - before.totals} totals, ${((pages - before.pages) / (ms - before.ms) * 1000).toFixed(1)} pages/s`,
    );
  }
  // On a shared machine wall-clock speed depends on other load: CPU time shows the work itself.
  console.log(`(${pages} text pages, ${(ms / 1000).toFixed(1)} s wall, ${(pages / cpuMs * 1000).toFixed(1)} pages per CPU-second)`);
  console.log(`${exact}/${exp} voci exact, ${totalsOk}/${totals} totals, ${(pages / ms * 1000).toFixed(1)} pages/s`);
}

await main();
