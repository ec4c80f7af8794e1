/**
 * Office-print generator: computi written as real office documents (.xlsx for Calc, .html → .docx
 * for Writer) and printed to PDF by LibreOffice headless, each with a `<name>.truth.json` in the
 * shared corpus format. See tests/generator/office/README.md.
 *
 *   npx tsx tests/generator/office/generate.ts --out DIR --seed N [--families leeno,calc,word] [--count K] [--pages-max P]
 *
 * The truth is deterministic for a seed; the PDF bytes depend on the LibreOffice version and fonts
 * (the truth's pages are read back from the print).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Rng, hashStr, makeRng } from '../core.ts';
import { calcDoc } from './calc.ts';
import { leenoDoc } from './leeno.ts';
import { printWithChromium } from './chromium-print.ts';
import { convert } from './soffice.ts';
import { type OfficeTruth, buildTruth } from './truth.ts';
import { wordDoc } from './word.ts';
import type { OfficeDoc } from './xlsx.ts';

type FamilyFn = (rng: Rng, nVoci: number) => Promise<OfficeDoc>;

export const FAMILIES: Record<string, { fn: FamilyFn; ext: 'xlsx' | 'html' }> = {
  leeno: { fn: leenoDoc, ext: 'xlsx' },
  calc: { fn: calcDoc, ext: 'xlsx' },
  word: { fn: wordDoc, ext: 'html' },
};
export const FAMILY_NAMES = Object.keys(FAMILIES);

export interface OfficeGenerated {
  name: string;
  family: string;
  pdfPath: string;
  truth: OfficeTruth;
}

export interface OfficeOptions {
  out: string;
  seed: number;
  families?: string[];
  count?: number;
  /** Upper bound of voci per document (the size bands stay small: 1–6 pages). */
  maxVoci?: number;
  /** Put each family in its own subfolder of `out`. */
  subfolders?: boolean;
  /**
   * Who prints an HTML family: LibreOffice Writer from a .docx (a public body's Word template,
   * the default) or Chromium (a web tool's print). Spreadsheet families are always printed by Calc.
   */
  printer?: 'soffice' | 'chromium';
}

/** Voci of document `index`: small and medium sizes in turn, 1–6 printed pages. */
function voceCount(rng: Rng, index: number, max: number): number {
  return Math.min(max, index % 2 === 0 ? rng.int(6, 14) : rng.int(15, 30));
}

/** Builds the office file of one document (no printing). */
export async function buildOffice(family: string, seed: number, index: number, maxVoci = 30): Promise<{ name: string; doc: OfficeDoc }> {
  const f = FAMILIES[family];
  if (!f) throw new Error(`unknown office family ${family}; known: ${FAMILY_NAMES.join(', ')}`);
  const rng = makeRng(hashStr(`office:${seed}:${family}:${index}`));
  const name = `office_${family}_s${seed}${index ? `_${index + 1}` : ''}`;
  const doc = await f.fn(rng, voceCount(rng, index, maxVoci));
  doc.file = `${name}.${f.ext}`;
  return { name, doc };
}

/** Writes, prints and checks the documents; PDFs and truths go to `out` (or `out/<family>`). */
export async function generateOffice(o: OfficeOptions): Promise<OfficeGenerated[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-office-'));
  const out: OfficeGenerated[] = [];
  try {
    for (const family of o.families ?? FAMILY_NAMES) {
      const dir = o.subfolders ? path.join(o.out, family) : o.out;
      fs.mkdirSync(dir, { recursive: true });
      const docs: Array<{ name: string; doc: OfficeDoc }> = [];
      for (let i = 0; i < (o.count ?? 1); i++) docs.push(await buildOffice(family, o.seed, i, o.maxVoci));
      let sources = docs.map(d => {
        const p = path.join(work, d.doc.file);
        fs.writeFileSync(p, d.doc.data);
        return p;
      });
      const byChromium = FAMILIES[family].ext === 'html' && o.printer === 'chromium';
      // Writer documents are saved as Word files first, then printed, as a public body's template is.
      if (FAMILIES[family].ext === 'html' && !byChromium) sources = await convert(sources, 'docx:MS Word 2007 XML', work);
      const pdfs = byChromium ? await printWithChromium(sources, work) : await convert(sources, 'pdf', work);
      for (let i = 0; i < docs.length; i++) {
        const { name, doc } = docs[i];
        const pdf = new Uint8Array(fs.readFileSync(pdfs[i]));
        const truth = await buildTruth({ name, layout: `office_${family}${byChromium ? '_chromium' : ''}`, seed: o.seed, pdf, ...doc });
        const pdfPath = path.join(dir, `${name}.pdf`);
        fs.writeFileSync(pdfPath, pdf);
        fs.writeFileSync(path.join(dir, `${name}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
        out.push({ name, family, pdfPath, truth });
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return out;
}

const HELP = 'usage: npx tsx tests/generator/office/generate.ts --out DIR --seed N [--families leeno,calc,word] [--count K] [--max-voci V] [--subfolders] [--printer soffice|chromium]';

async function cli(argv: string[]): Promise<void> {
  const o: Partial<OfficeOptions> = { seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') o.out = argv[++i];
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--families') o.families = argv[++i].split(',').map(x => x.trim()).filter(Boolean);
    else if (a === '--count') o.count = Number(argv[++i]);
    else if (a === '--max-voci') o.maxVoci = Number(argv[++i]);
    else if (a === '--subfolders') o.subfolders = true;
    else if (a === '--printer') o.printer = argv[++i] === 'chromium' ? 'chromium' : 'soffice';
    else if (a === '-h' || a === '--help') {
      console.log(`${HELP}\nfamilies: ${FAMILY_NAMES.join(', ')}`);
      return;
    } else throw new Error(`unknown argument ${a}\n${HELP}`);
  }
  if (!o.out || !Number.isFinite(o.seed)) throw new Error(HELP);
  const docs = await generateOffice(o as OfficeOptions);
  for (const d of docs) console.log(`${d.truth.file.padEnd(30)} ${String(d.truth.pages).padStart(3)} pages ${String(d.truth.voci).padStart(4)} voci  total ${d.truth.document_total}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch(e => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
