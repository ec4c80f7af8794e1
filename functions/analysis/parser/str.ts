/**
 * STR Vision CPM-style computo: one header row `N. CODICE DESCRIZIONE U.M. QUANTITÀ PREZZO IMPORTO`.
 *
 * A voce starts on the line carrying its number and code, the description follows, and U.M.,
 * quantity, unit price and amount sit on the LAST description line. What follows that line until
 * the next voce (italic measurement lines, chapter headings, `Totale <chapter>`) is not part of
 * the voce. `Riporto` and `Totale pagina` carry rows are skipped; `TOTALE COMPLESSIVO` is the grand total.
 */
import { round, toNumber, type Decimal } from '../../../shared/domain/money.ts';
import type { PageWords, Word } from '../words.ts';
import { findHeader, nearestColumn, riverBetween, type Header, type HeaderColumn } from './columns.ts';
import { linesOf, parseAmount, textOf, type Line } from './lines.ts';
import { foldUpper } from '../../../shared/text.ts';
import type { ParsedVoce, ParseResult } from './types.ts';
import { checkDocumentTotal, finishVoce, newDraft, type VoceDraft } from './voce.ts';

export const STR_HEADER = {
  n: ['N.', 'N', 'N°', 'NUM.', 'NR.'],
  code: ['CODICE', 'TARIFFA', 'ARTICOLO'],
  desc: ['DESCRIZIONE'],
  um: ['U.M.', 'UM', 'U.M'],
  qty: ['QUANTITA', 'Q.TA', 'Q.TA\''],
  unit: ['PREZZO'],
  total: ['IMPORTO'],
} as const;

type Key = keyof typeof STR_HEADER;
type NumKey = 'um' | 'qty' | 'unit' | 'total';

interface BodyPage {
  header: Header<Key>;
  lines: Line[];
}

interface Geometry {
  nRight: number;
  codeRight: number;
  descRight: number;
}

/** STR header, and no `SOMMANO` closing lines (those prints close voci another way: general path). */
export function looksLikeStr(pages: readonly PageWords[]): boolean {
  return pages.some(p => findHeader(linesOf(p), STR_HEADER, p.height) !== null) && !pages.some(p => p.words.some(w => foldUpper(w.text) === 'SOMMANO'));
}

export function parseStr(pages: readonly PageWords[]): ParseResult {
  const warnings: string[] = [];
  const body = pages.map(bodyOf).filter((b): b is BodyPage => b !== null);
  if (!body.length) return { layout: 'str', voci: [], document_total: null, warnings: ['Intestazione delle colonne non trovata.'] };
  const geo = geometryOf(body);
  const voci: ParsedVoce[] = [];
  let documentTotal: Decimal | null = null;
  let open: VoceDraft | null = null;

  for (const bp of body) {
    const cols = numberColumns(bp.header);
    for (const line of bp.lines) {
      const parts = splitLine(line, geo, cols);
      const n = /^\d+$/.test(textOf(parts.n)) && parts.code.length ? Number(textOf(parts.n)) : null;
      if (n != null) {
        if (open) warnings.push(`Pag. ${line.page}: voce n. ${open.n} senza importo; riga esclusa.`);
        open = newDraft(n, line.page);
      } else if (!open) {
        if (/^TOTALE COMPLESSIVO\b/.test(foldUpper(textOf(parts.desc))) && parts.total) documentTotal = parseAmount(parts.total.text);
        continue;
      }
      if (line.page === open.page) open.firstPageWords.push(...line.words);
      if (parts.total && parts.unit && parts.qty) unitFromDescription(parts);
      if (parts.code.length) open.codeParts.push(parts.code.map(w => w.text).join(' '));
      if (parts.desc.length) open.descParts.push(textOf(parts.desc));
      // The amounts line is the voce's last description line.
      if (parts.total && parts.unit && parts.qty) {
        Object.assign(open, {
          um: textOf(parts.um),
          qty: parts.qty.text,
          unit: parts.unit.text,
          total: parts.total.text,
          pageEnd: line.page,
        });
        const v = finishVoce(open, warnings);
        if (v) voci.push(v);
        open = null;
      }
    }
  }
  if (open) warnings.push(`Voce n. ${open.n} interrotta a fine documento; riga esclusa.`);
  checkDocumentTotal(voci, documentTotal, warnings);
  return { layout: 'str', voci, document_total: documentTotal ? toNumber(round(documentTotal, 2)) : null, warnings };
}

function bodyOf(page: PageWords): BodyPage | null {
  const lines = linesOf(page);
  const header = findHeader(lines, STR_HEADER, page.height);
  if (!header) return null;
  const out: Line[] = [];
  for (const l of lines) {
    if (l.y0 <= header.bottom + 0.5) continue;
    const t = foldUpper(textOf(l.words.filter(w => !parseAmount(w.text))));
    if (/^TOTALE PAGINA$/.test(t)) break; // page carry row: the rest is the footer
    if (/^RIPORTO$/.test(t)) continue;
    out.push(l);
  }
  return { header, lines: out };
}

function geometryOf(body: readonly BodyPage[]): Geometry {
  const h = body[0].header.cols;
  const words = body.flatMap(b => b.lines.flatMap(l => l.words));
  return {
    nRight: riverBetween(words, h.n.cx, h.code.x0 + 1),
    codeRight: riverBetween(words, h.code.x1, h.desc.x0),
    descRight: riverBetween(words, h.desc.x1, h.um.x0),
  };
}

function numberColumns(h: Header<Key>): Record<NumKey, HeaderColumn> {
  return { um: h.cols.um, qty: h.cols.qty, unit: h.cols.unit, total: h.cols.total };
}

interface LineParts {
  n: Word[];
  code: Word[];
  desc: Word[];
  um: Word[];
  qty?: Word;
  unit?: Word;
  total?: Word;
}

function splitLine(line: Line, geo: Geometry, cols: Record<NumKey, HeaderColumn>): LineParts {
  const p: LineParts = { n: [], code: [], desc: [], um: [] };
  for (const w of line.words) {
    if (w.x1 <= geo.nRight) p.n.push(w);
    else if (w.x0 < geo.codeRight) p.code.push(w);
    else if (w.x0 < geo.descRight) p.desc.push(w);
    else {
      const col = nearestColumn(w, cols);
      if (col === 'um' || !parseAmount(w.text)) p.um.push(w);
      else if (col) p[col] = w;
    }
  }
  return p;
}

/**
 * A unit centred in a narrow U.M. column can start left of the column boundary (`a corpo`): the
 * description's last words belong to the unit when they sit right against it and a column gap
 * separates them from the rest of the description.
 */
function unitFromDescription(p: LineParts): void {
  if (!p.um.length || !p.desc.length) return;
  const fs = p.um[0].y1 - p.um[0].y0;
  let k = p.desc.length;
  while (k > 0 && (k === p.desc.length ? p.um[0].x0 : p.desc[k].x0) - p.desc[k - 1].x1 < 0.8 * fs) k--;
  if (k === p.desc.length || k === 0) return;
  if (p.desc[k].x0 - p.desc[k - 1].x1 < 1.5 * fs) return;
  p.um = [...p.desc.slice(k), ...p.um];
  p.desc = p.desc.slice(0, k);
}
