/**
 * The `report` family printed by a second engine: the same content (tests/generator/layouts-report.ts)
 * written as an HTML page and printed by Chromium (Skia's PDF backend), as a web estimating tool's
 * "Stampa" makes it: its own fonts (embedded subsets), text runs, glyph spacing and page breaks.
 *
 *   npx tsx tests/generator/report-html.ts --out DIR --seed N [--count K]
 *
 * The truth is the printed voci (`da_verificare` where the print does not close); each voce's
 * pages are found in the printed PDF's text layer, as the office generator does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashStr, makeRng } from './core.ts';
import type { Truth, TruthItem } from './doc.ts';
import { HEADS, formatNumber, reportContent, tailLines, type Plan, type Printed } from './layouts-report.ts';
import { printWithChromium } from './office/chromium-print.ts';
import { pageTexts } from './office/truth.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function rowsHtml(pl: Plan, model: ReturnType<typeof reportContent>['model'], printed: Printed[], cols: number): string {
  const out: string[] = [];
  let k = 0;
  const num = (s: string): string => `<td class="n">${esc(s)}</td>`;
  for (const ch of model.chapters) {
    out.push(`<tr class="ch"><td></td>${pl.codes === 'none' ? '' : '<td></td>'}<td colspan="${cols - (pl.codes === 'none' ? 1 : 2)}"><b>${ch.num} - ${esc(ch.title.toUpperCase())}</b></td></tr>`);
    for (const sub of ch.subs) {
      for (const _v of sub.voci) {
        const p = printed[k++];
        const desc = p.v.estesa ? `${p.v.titolo} ${p.v.estesa}` : p.v.titolo;
        const lead = `<td>${p.n}</td>${pl.codes === 'none' ? '' : `<td>${esc(p.code)}</td>`}`;
        const numbers = `<td class="u">${esc(p.um)}</td>${num(p.q)}${num(p.p)}${pl.labour ? num(p.mdo[0]) + num(p.mdo[1]) : ''}${num(p.t)}`;
        if (pl.twoRows || p.book.length) {
          out.push(`<tr>${lead}<td class="d">${esc(desc)}</td><td colspan="${cols - (pl.codes === 'none' ? 2 : 3)}"></td></tr>`);
          for (const [label, formula, part] of p.book) {
            out.push(`<tr class="m"><td></td>${pl.codes === 'none' ? '' : '<td></td>'}<td><i>${esc(label)}</i> ${esc(formula)}</td><td></td>${num(part)}<td colspan="${cols - (pl.codes === 'none' ? 4 : 5)}"></td></tr>`);
          }
          out.push(`<tr><td></td>${pl.codes === 'none' ? '' : '<td></td>'}<td></td>${numbers}</tr>`);
        } else out.push(`<tr>${lead}<td class="d">${esc(desc)}</td>${numbers}</tr>`);
      }
    }
  }
  return out.join('\n');
}

/** One report document as HTML (the printed truth items come back with it, pages still unknown). */
export function reportHtml(seed: number, index: number): { name: string; html: string; items: Omit<TruthItem, 'page' | 'page_end'>[]; total: number; pl: Plan; amounts: string[] } {
  const rng = makeRng(hashStr(`${seed}:report_html:${index}`));
  const nVoci = [rng.int(5, 15), rng.int(25, 60), rng.int(80, 150)][(index + seed) % 3];
  const { pl, setup, model, printed } = reportContent(rng, nVoci);
  const heads = HEADS[pl.heads];
  const labour = pl.heads === 'en' ? ['Labour %', 'Labour'] : ['Mdo inc. %', 'Tot. mdo'];
  const headCells = [heads.n, ...(pl.codes === 'none' ? [] : [heads.code]), heads.desc, heads.um, heads.q, heads.p, ...(pl.labour ? labour : []), heads.t];
  const cols = headCells.length;
  const tail = tailLines(rng, pl, model.total);
  const font = rng.pick(['Helvetica, Arial, sans-serif', 'Georgia, serif', '"DejaVu Sans", sans-serif', '"Liberation Serif", serif']);
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><style>
@page { size: A4 ${setup.landscape ? 'landscape' : 'portrait'}; margin: 14mm 12mm; }
body { font-family: ${font}; font-size: ${setup.size + 1}px; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
th { text-align: left; border-bottom: 1px solid #000; padding: 2px 4px; }
td { vertical-align: ${pl.twoRows ? 'top' : 'bottom'}; padding: 1px 4px; }
td.n { text-align: right; white-space: nowrap; }
td.u { text-align: center; white-space: nowrap; }
td.d { text-align: ${pl.justify ? 'justify' : 'left'}; }
tr { page-break-inside: avoid; }
</style></head><body>
<h3>${esc(model.ente)}</h3><p>${esc(model.oggetto)}</p><h4>${pl.heads === 'en' ? 'BILL OF QUANTITIES' : 'COMPUTO METRICO ESTIMATIVO'}</h4>
<table><thead><tr>${headCells.map(h => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>
${rowsHtml(pl, model, printed, cols)}
${tail.map(([l, a]) => `<tr><td colspan="${cols - 1}"><b>${esc(l)}</b></td><td class="n"><b>${formatNumber(a, 2, pl.totalFmt)}</b></td></tr>`).join('\n')}
</tbody></table></body></html>`;
  const items = printed.map(p => ({ n: p.v.n, tariffa: p.code, descrizione: p.v.estesa ? `${p.v.titolo} ${p.v.estesa}` : p.v.titolo, um: p.um, quantita: p.v.quantita, unitario: p.v.unitario, totale: p.v.totale, ...(p.flag ? { da_verificare: true as const } : {}) }));
  return { name: `report_html_s${seed}${index ? `_${index + 1}` : ''}`, html, items, total: model.total, pl, amounts: printed.map(p => p.t) };
}

/** Prints report documents with Chromium into `out` with their truths. */
export async function generateReportHtml(out: string, seed: number, count = 1): Promise<string[]> {
  fs.mkdirSync(out, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-report-html-'));
  try {
    const docs = Array.from({ length: count }, (_, i) => reportHtml(seed, i));
    const sources = docs.map(d => {
      const f = path.join(work, `${d.name}.html`);
      fs.writeFileSync(f, d.html);
      return f;
    });
    const pdfs = await printWithChromium(sources, work);
    const written: string[] = [];
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      const pdf = new Uint8Array(fs.readFileSync(pdfs[i]));
      const texts = await pageTexts(pdf);
      let page = 0;
      const items: TruthItem[] = d.items.map((it, k) => {
        const amount = d.amounts[k].replace(/\s+/g, '');
        while (page < texts.length - 1 && !texts[page].includes(amount)) page++;
        return { ...it, page: page + 1, page_end: page + 1 };
      });
      const truth: Truth = {
        file: `${d.name}.pdf`,
        layout: 'report_html',
        scanned: false,
        pages: texts.length,
        document_total: d.total,
        voci: items.length,
        currency: 'EUR',
        thousands_separator: { it: '.', dot: '', us: ',', apos: "'", euro_it: '.' }[d.pl.fmt],
        decimal_separator: d.pl.fmt === 'it' || d.pl.fmt === 'euro_it' ? ',' : '.',
        font: 'Chromium (HTML print)',
        imitates: 'a web estimating tool printing its computo through the browser',
        seed,
        generator: 'tests/generator/report-html.ts',
        variant: { ...d.pl },
        items,
      };
      fs.writeFileSync(path.join(out, `${d.name}.pdf`), pdf);
      fs.writeFileSync(path.join(out, `${d.name}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
      written.push(d.name);
    }
    return written;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const out = arg('--out');
  if (!out) throw new Error('usage: npx tsx tests/generator/report-html.ts --out DIR --seed N [--count K]');
  generateReportHtml(out, Number(arg('--seed') ?? 1), Number(arg('--count') ?? 1)).then(names => console.log(names.join('\n')));
}
