/**
 * Extraction benchmark: PDF text layer -> parsed voci, compared with the corpus ground truth.
 *
 *   npx tsx tests/bench/extraction.ts [extra corpus folders...] [--generated SEEDS] [-v]
 *
 *   npx tsx tests/bench/extraction.ts tests/fixtures/generated
 *   npx tsx tests/bench/extraction.ts --generated 1-5          # also generate seeds 1..5 (all layouts) into a temp folder
 *   npx tsx tests/bench/extraction.ts --generated 1,4,9 --layouts leeno,blumatica --count 2 --keep
 *   npx tsx tests/bench/extraction.ts --office 1-2 [--families leeno,calc,word] [--count 3]   # office prints (LibreOffice)
 *   npx tsx tests/bench/extraction.ts --report-html 1-5 [--count 3]   # report prints drawn as HTML and printed by Chromium
 *   npx tsx tests/bench/extraction.ts --no-corpus /work/realprints/leeno -v                  # only the folders given
 *
 * Reads every `*.truth.json` in tests/fixtures/corpus/pdf and in each folder
 * given, runs extractDocument + parseComputo on the matching PDF and prints, per document and
 * overall: voci expected / found / exact (code, unit, quantity, unit price and total all equal),
 * descriptions equal, extra rows, document_total equal or not, pages per second.
 *
 * Trust figures (the parser marks a voce it is unsure of with a non-empty `verifica` array):
 * - flagged: matched voci with a non-empty `verifica` (exact or not);
 * - wrong: matched voci whose code, unit, quantity, unit price or total differ from the truth
 *   (descriptions are scored apart, in `desc`), split into flagged and NOT flagged;
 * - missing: truth voci with no parsed voce matched to them;
 * - extra: parsed voci matched to no truth voce (with how many of them are not flagged);
 * - MUST BE 0 = wrong-and-not-flagged + missing: the errors a user would not be warned about.
 * Voci are matched to the truth in print order, by code (or by amount when the code was misread).
 *
 * Scanned documents (no text layer) are listed but kept out of the totals: they need OCR.
 * A warm-up run (pdf.js module load, JIT) is timed apart and not counted in pages/s.
 * The last line is `N/M voci exact, K/L totals, P pages/s`; the line before it sums the trust figures.
 */
import fs from 'node:fs';
import os from 'node:os';
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
  /** The print does not close (printed q × p ≠ amount, a blanked unit): the voce must be flagged. */
  da_verificare?: boolean;
}

interface Truth {
  file: string;
  layout?: string;
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
  /** Extra rows without a `verifica` reason. */
  extraUnflagged: number;
  /** Matched voci with a non-empty `verifica`. */
  flagged: number;
  wrongFlagged: number;
  wrongUnflagged: number;
  missing: number;
  totalOk: boolean;
  mismatches: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The parser's reasons to check a voce by hand (empty = sure); absent until the parser sets it. */
export function verifica(v: ParsedVoce): string[] {
  return (v as { verifica?: string[] }).verifica ?? [];
}

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
  const s: DocScore = {
    expected: truth.items.length,
    found: voci.length,
    exact: 0,
    descExact: 0,
    extra: 0,
    extraUnflagged: 0,
    flagged: 0,
    wrongFlagged: 0,
    wrongUnflagged: 0,
    missing: 0,
    totalOk: documentTotal === truth.document_total,
    mismatches: [],
  };
  let j = 0;
  const matched = new Set<number>();
  for (const t of truth.items) {
    let k = -1;
    for (let i = j; i < Math.min(voci.length, j + 6); i++) {
      if ((t.tariffa && voci[i].tariffa === t.tariffa) || voci[i].totale === t.totale) {
        k = i;
        break;
      }
    }
    if (k < 0) {
      s.missing++;
      s.mismatches.push(`n.${t.n} ${t.tariffa}: missing`);
      continue;
    }
    const v = voci[k];
    matched.add(k);
    j = k + 1;
    const why = verifica(v);
    if (why.length) s.flagged++;
    if (sameNumbers(t, v) && t.da_verificare && !why.length) {
      s.wrongUnflagged++;
      s.mismatches.push(`n.${t.n} ${t.tariffa}: read as printed but NOT FLAGGED (the print does not close)`);
    } else if (sameNumbers(t, v)) s.exact++;
    else {
      if (why.length) s.wrongFlagged++;
      else s.wrongUnflagged++;
      s.mismatches.push(
        `n.${t.n}: expected ${t.tariffa} ${t.um} ${t.quantita} × ${t.unitario} = ${t.totale}; found ${v.tariffa} ${v.unita_di_misura} ${v.quantita} × ${v.unitario} = ${v.totale}${why.length ? ` (flagged: ${why.join('; ')})` : ' NOT FLAGGED'}`,
      );
    }
    if (t.descrizione === v.descrizione) s.descExact++;
    else s.mismatches.push(`n.${t.n} ${t.tariffa}: descrizione differs\n    expected: …${t.descrizione.slice(-90)}\n    found:    …${v.descrizione.slice(-90)}`);
  }
  s.extra = voci.length - matched.size;
  s.extraUnflagged = voci.filter((v, i) => !matched.has(i) && verifica(v).length === 0).length;
  return s;
}

/** `1-5`, `1,3,9`, `2-4,8` -> seeds. */
export function parseSeeds(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',').map(p => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`bad seed list: ${spec}`);
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let x = a; x <= b; x++) out.push(x);
  }
  return out;
}

interface Args {
  folders: string[];
  generated: number[];
  /** Seeds of office prints (written by LibreOffice headless) to generate and measure. */
  office: number[];
  /** Seeds of report prints printed by Chromium (tests/generator/report-html.ts). */
  reportHtml: number[];
  families?: string[];
  /** Leave the shared corpus out (measure only the folders given / generated). */
  noCorpus: boolean;
  layouts?: string[];
  count: number;
  verbose: boolean;
  keep: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { folders: [], generated: [], office: [], reportHtml: [], noCorpus: false, count: 1, verbose: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '-v') a.verbose = true;
    else if (x === '--generated') a.generated = parseSeeds(argv[++i] ?? '');
    else if (x.startsWith('--generated=')) a.generated = parseSeeds(x.slice(12));
    else if (x === '--office') a.office = parseSeeds(argv[++i] ?? '');
    else if (x.startsWith('--office=')) a.office = parseSeeds(x.slice(9));
    else if (x === '--report-html') a.reportHtml = parseSeeds(argv[++i] ?? '');
    else if (x === '--families') a.families = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (x === '--no-corpus') a.noCorpus = true;
    else if (x === '--layouts') a.layouts = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (x === '--count') a.count = Number(argv[++i]);
    else if (x === '--keep') a.keep = true;
    else if (!x.startsWith('-')) a.folders.push(path.resolve(x));
  }
  return a;
}

const pad = (v: number | string, w: number): string => String(v).padStart(w);

interface Tally {
  docs: number;
  exp: number;
  exact: number;
  flagged: number;
  wrongF: number;
  wrongU: number;
  missing: number;
  extra: number;
  extraU: number;
  totals: number;
  totalsOk: number;
  pages: number;
  ms: number;
}

const newTally = (): Tally => ({ docs: 0, exp: 0, exact: 0, flagged: 0, wrongF: 0, wrongU: 0, missing: 0, extra: 0, extraU: 0, totals: 0, totalsOk: 0, pages: 0, ms: 0 });

function add(t: Tally, s: DocScore, pages: number, ms: number): void {
  t.docs++;
  t.exp += s.expected;
  t.exact += s.exact;
  t.flagged += s.flagged;
  t.wrongF += s.wrongFlagged;
  t.wrongU += s.wrongUnflagged;
  t.missing += s.missing;
  t.extra += s.extra;
  t.extraU += s.extraUnflagged;
  t.totals++;
  if (s.totalOk) t.totalsOk++;
  t.pages += pages;
  t.ms += ms;
}

function trustLine(t: Tally): string {
  return `${t.exact}/${t.exp} exact, ${t.flagged} flagged, wrong ${t.wrongF} flagged + ${t.wrongU} NOT flagged, ${t.missing} missing, ${t.extra} extra (${t.extraU} not flagged); MUST BE 0: ${t.wrongU + t.missing}`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const folders = [...(args.noCorpus ? [] : [path.resolve(repoRoot, 'tests/fixtures/corpus/pdf')]), ...args.folders];
  let tmp: string | null = null;
  let htmlTmp: string | null = null;
  if (args.reportHtml.length) {
    const { generateReportHtml } = await import('../generator/report-html.ts');
    htmlTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-report-html-prints-'));
    const t0 = performance.now();
    for (const seed of args.reportHtml) await generateReportHtml(htmlTmp, seed, args.count);
    console.log(`report prints by Chromium seeds ${args.reportHtml.join(',')} into ${htmlTmp} in ${((performance.now() - t0) / 1000).toFixed(1)} s${args.keep ? ' (kept)' : ' (removed at the end; --keep keeps it)'}`);
    folders.push(htmlTmp);
  }
  let officeTmp: string | null = null;
  if (args.office.length) {
    const { sofficeVersion } = await import('../generator/office/soffice.ts');
    const version = sofficeVersion();
    if (!version) {
      console.error('--office needs LibreOffice: `soffice --version` did not run (install LibreOffice, or set SOFFICE to its path)');
      process.exit(2);
    }
    const { generateOffice } = await import('../generator/office/generate.ts');
    officeTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-office-prints-'));
    const t0 = performance.now();
    for (const seed of args.office) await generateOffice({ out: officeTmp, seed, families: args.families, count: args.count });
    console.log(`office prints (${version}) seeds ${args.office.join(',')} into ${officeTmp} in ${((performance.now() - t0) / 1000).toFixed(1)} s${args.keep ? ' (kept)' : ' (removed at the end; --keep keeps it)'}`);
    folders.push(officeTmp);
  }
  if (args.generated.length) {
    const { generate } = await import('../generator/generate.ts');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-generated-'));
    const t0 = performance.now();
    for (const seed of args.generated) await generate({ out: tmp, seed, layouts: args.layouts, count: args.count });
    console.log(`generated seeds ${args.generated.join(',')} into ${tmp} in ${((performance.now() - t0) / 1000).toFixed(1)} s${args.keep ? ' (kept)' : ' (removed at the end; --keep keeps it)'}`);
    folders.push(tmp);
  }
  const verbose = args.verbose;
  // One-off cost per process (pdf.js module load, JIT warm-up): measured apart, not in pages/s.
  const firstPdf = folders.length && fs.existsSync(folders[0]) ? fs.readdirSync(folders[0]).find(f => f.endsWith('.pdf')) : undefined;
  if (firstPdf) {
    const t0 = performance.now();
    parseComputo(await extractDocument(new Uint8Array(fs.readFileSync(path.join(folders[0], firstPdf)))));
    console.log(`warm-up (pdf.js load, ${firstPdf}): ${(performance.now() - t0).toFixed(0)} ms, not counted`);
  }
  const all = newTally();
  const byLayout = new Map<string, Tally>();
  let cpuMs = 0;
  for (const folder of folders) {
    if (!fs.existsSync(folder)) {
      console.log(`\n# ${folder}: not found, skipped`);
      continue;
    }
    console.log(`\n# ${folder}`);
    const here = newTally();
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
      add(all, s, words.length, dt);
      add(here, s, words.length, dt);
      const lay = truth.layout ?? '?';
      if (!byLayout.has(lay)) byLayout.set(lay, newTally());
      add(byLayout.get(lay)!, s, words.length, dt);
      cpuMs += (c1.user + c1.system) / 1000;
      console.log(
        `${name} ${result.layout.padEnd(8)} expected ${pad(s.expected, 4)}  found ${pad(s.found, 4)}  exact ${pad(s.exact, 4)}  desc ${pad(s.descExact, 4)}  extra ${s.extra}  total ${s.totalOk ? 'ok' : `NO (${result.document_total} vs ${truth.document_total})`}  ${(words.length / dt * 1000).toFixed(0)} p/s` +
          `  | flagged ${s.flagged}  wrong-not-flagged ${s.wrongUnflagged}  missing ${s.missing}  MUST-BE-0 ${s.wrongUnflagged + s.missing}`,
      );
      const shown = verbose ? s.mismatches : s.mismatches.slice(0, 3);
      for (const m of shown) console.log(`    ${m}`);
      if (verbose) for (const w of result.warnings) console.log(`    warning: ${w}`);
    }
    console.log(`  folder: ${here.exact}/${here.exp} voci exact, ${here.totalsOk}/${here.totals} totals, ${(here.pages / here.ms * 1000).toFixed(1)} pages/s`);
    console.log(`  folder trust: ${trustLine(here)}`);
  }
  if (byLayout.size > 1) {
    console.log('\nby layout (truth layout):');
    for (const [lay, t] of [...byLayout].sort()) {
      console.log(`  ${lay.padEnd(20)} ${pad(t.docs, 3)} docs ${pad(t.pages, 5)} pages  ${trustLine(t)}  totals ${t.totalsOk}/${t.totals}`);
    }
  }
  // On a shared machine wall-clock speed depends on other load: CPU time shows the work itself.
  console.log(`(${all.pages} text pages, ${(all.ms / 1000).toFixed(1)} s wall, ${(all.pages / cpuMs * 1000).toFixed(1)} pages per CPU-second)`);
  console.log(`trust: ${trustLine(all)}`);
  if (tmp && !args.keep) fs.rmSync(tmp, { recursive: true, force: true });
  if (officeTmp && !args.keep) fs.rmSync(officeTmp, { recursive: true, force: true });
  if (htmlTmp && !args.keep) fs.rmSync(htmlTmp, { recursive: true, force: true });
  console.log(`${all.exact}/${all.exp} voci exact, ${all.totalsOk}/${all.totals} totals, ${(all.pages / all.ms * 1000).toFixed(1)} pages/s`);
}

await main();
