/**
 * Adversarial computo generator: PDFs in layouts the shared corpus lacks, each with a ground truth
 * in the shared corpus format (`<name>.truth.json`, see tests/fixtures/corpus/README.md and
 * tests/generator/README.md).
 *
 *   npx tsx tests/generator/generate.ts --out DIR --seed N [--layouts a,b,c] [--count K]
 *
 * Deterministic: the same seed gives byte-identical files. Every document draws its own PRNG from
 * `seed:layout:index`, so selecting layouts does not change the other documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Rng, hashStr, makeRng } from './core.ts';
import { type Rendered, type Truth, toTruth } from './doc.ts';
import { blumatica, excelPrezzoPrima, narrowCode, separators } from './layouts-table.ts';
import { leeno, primusOld } from './layouts-primus.ts';
import { paragrafi } from './layouts-text.ts';
import { primus3Layout, primus3PrezzoPrima } from './layouts-primus3.ts';
import { report } from './layouts-report.ts';

type LayoutFn = (rng: Rng, nVoci: number) => Promise<Rendered>;

export const LAYOUTS: Record<string, LayoutFn> = {
  leeno,
  primus_old: primusOld,
  narrow_code: narrowCode,
  excel_prezzo_prima: excelPrezzoPrima,
  blumatica,
  separators,
  paragrafi,
  primus3: primus3Layout,
  primus3_prezzo_prima: primus3PrezzoPrima,
  report,
};

export const LAYOUT_NAMES = Object.keys(LAYOUTS);

export interface GeneratedDoc {
  name: string;
  pdf: Uint8Array;
  truth: Truth;
}

/** Number of voci for the i-th document of a layout: small, medium and large sizes in turn (5–150). */
function voceCount(rng: Rng, index: number): number {
  const band = index % 3;
  return band === 0 ? rng.int(5, 15) : band === 1 ? rng.int(25, 60) : rng.int(80, 150);
}

/** Generates one document in memory. */
export async function generateOne(layout: string, seed: number, index = 0): Promise<GeneratedDoc> {
  const fn = LAYOUTS[layout];
  if (!fn) throw new Error(`unknown layout ${layout}; known: ${LAYOUT_NAMES.join(', ')}`);
  const rng = makeRng(hashStr(`${seed}:${layout}:${index}`));
  const nVoci = voceCount(rng, index + seed);
  const name = `${layout}_s${seed}${index ? `_${index + 1}` : ''}`;
  const r = await fn(rng, nVoci);
  const { pdf, truth } = await toTruth(name, layout, seed, r);
  return { name, pdf, truth };
}

export interface GenerateOptions {
  out: string;
  seed: number;
  layouts?: string[];
  /** Documents per layout (default 1). */
  count?: number;
}

/** Writes `<name>.pdf` + `<name>.truth.json` per document into `out`; returns the documents. */
export async function generate(o: GenerateOptions): Promise<GeneratedDoc[]> {
  fs.mkdirSync(o.out, { recursive: true });
  const docs: GeneratedDoc[] = [];
  for (const layout of o.layouts ?? LAYOUT_NAMES) {
    for (let i = 0; i < (o.count ?? 1); i++) {
      const d = await generateOne(layout, o.seed, i);
      fs.writeFileSync(path.join(o.out, `${d.name}.pdf`), d.pdf);
      fs.writeFileSync(path.join(o.out, `${d.name}.truth.json`), `${JSON.stringify(d.truth, null, 1)}\n`);
      docs.push(d);
    }
  }
  return docs;
}

const HELP = 'usage: npx tsx tests/generator/generate.ts --out DIR --seed N [--layouts a,b,c] [--count K]';

async function cli(argv: string[]): Promise<void> {
  const o: Partial<GenerateOptions> = { seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') o.out = argv[++i];
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--layouts') o.layouts = argv[++i].split(',').map(x => x.trim()).filter(Boolean);
    else if (a === '--count') o.count = Number(argv[++i]);
    else if (a === '-h' || a === '--help') {
      console.log(`${HELP}\nlayouts: ${LAYOUT_NAMES.join(', ')}`);
      return;
    } else throw new Error(`unknown argument ${a}\n${HELP}`);
  }
  if (!o.out || !Number.isFinite(o.seed)) throw new Error(HELP);
  const docs = await generate(o as GenerateOptions);
  for (const d of docs) console.log(`${d.truth.file.padEnd(34)} ${String(d.truth.pages).padStart(4)} pages ${String(d.truth.voci).padStart(4)} voci  total ${d.truth.document_total}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch(e => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
