/**
 * Ground truth of an office print, in the shared corpus format (tests/fixtures/corpus/README.md,
 * "Truth schema"). LibreOffice decides where pages break, so each voce's pages are found in the
 * printed PDF's text layer: its amount as printed (the `page_end`, searched forward in print order)
 * and the start of its designation (the `page`). An amount that cannot be found throws: the
 * document does not print what its truth says.
 */
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import type { Truth, TruthItem, TruthMisura } from '../doc.ts';
import { sum2 } from '../core.ts';
import { type OfficeVoce, designation } from './model.ts';
import type { OfficeDoc } from './xlsx.ts';

export interface OfficeTruth extends Truth {
  /** The grand total printed in the document when it is NOT the sum of the voci (null otherwise). */
  printed_total?: number | null;
  printed_total_is_sum?: boolean;
}

export interface PrintedVoce {
  voce: OfficeVoce;
  /** The amount exactly as printed (searched in the text layer, spaces ignored). */
  amountText: string;
  /** The unit as printed (truth `um`). */
  um: string;
  /** Quantity and unit price as the truth gives them (an `a corpo` voce: 1 and its amount). */
  withMisure: boolean;
}

const squash = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, '');

/** Text of each page (words joined without spaces), from the same pdf.js text layer the reader uses. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const pages = await extractDocument(pdf);
  return pages.map(p => squash(p.words.map(w => w.text).join('')));
}

function misure(v: OfficeVoce): TruthMisura[] {
  return v.misure.map(m => ({ testo: m.testo, par_ug: m.dims[0], lung: m.dims[1], larg: m.dims[2], h_peso: m.dims[3], parziale: m.parziale }));
}

/** A family's document as written (less the office file itself), and the print LibreOffice made of it. */
export type TruthInput = Omit<OfficeDoc, 'file' | 'data'> & {
  name: string;
  layout: string;
  seed: number;
  pdf: Uint8Array;
};

export async function buildTruth(t: TruthInput): Promise<OfficeTruth> {
  const texts = await pageTexts(t.pdf);
  let cursor = 0;
  let at = 0;
  const items: TruthItem[] = [];
  for (const p of t.printed) {
    const amount = squash(p.amountText);
    let end = -1;
    for (let k = cursor; k < texts.length && end < 0; k++) {
      const i = texts[k].indexOf(amount, k === cursor ? at : 0);
      if (i >= 0) {
        end = k;
        at = i + amount.length;
      }
    }
    if (end < 0) throw new Error(`office generator: ${t.name}: amount ${p.amountText} of voce ${p.voce.n} not found in the print after page ${cursor + 1}`);
    const head = squash(p.voce.titolo).slice(0, 14);
    let start = end;
    for (let k = cursor; k <= end; k++) {
      if (texts[k].includes(head)) {
        start = k;
        break;
      }
    }
    cursor = end;
    const v = p.voce;
    const item: TruthItem = {
      n: v.n,
      tariffa: v.tariffa,
      descrizione: designation(v),
      um: p.um,
      quantita: v.quantita,
      unitario: v.unitario,
      totale: v.totale,
      page: start + 1,
      page_end: end + 1,
    };
    if (p.withMisure && v.misure.length) item.misure = misure(v);
    items.push(item);
  }
  const total = sum2(items.map(i => i.totale));
  if (total !== t.model.total) throw new Error(`office generator: ${t.name}: printed voci add up to ${total}, model ${t.model.total}`);
  return {
    file: `${t.name}.pdf`,
    layout: t.layout,
    scanned: false,
    pages: texts.length,
    document_total: total,
    voci: items.length,
    currency: 'EUR',
    thousands_separator: t.thousands,
    decimal_separator: ',',
    font: t.font,
    imitates: t.imitates,
    seed: t.seed,
    generator: 'tests/generator/office/generate.ts',
    variant: t.variant,
    printed_total: t.printedTotal === total ? null : t.printedTotal,
    printed_total_is_sum: t.printedTotal === total,
    items,
  };
}
