/**
 * The stampa of a computo (PDF, A4 landscape): the report an estimator signs. On every page the
 * heading kept on the document (Oggetto, Committente, Luogo, Data, Progettista:
 * shared/domain/intestazione.ts; the file's name as Oggetto until one is written), its province
 * and the price lists used; columns N. / Codice / Descrizione / U.M. / Quantità / Prezzo / Importo
 * and beside them the list price and the difference (of every priced row); chapters as headings
 * closed by their subtotals, each chapter once: a chapter the document comes back to later
 * gathers all its voci (their N. stays the document's); the amount carried from page to page
 * ("A riportare" / "Riporto"); the grand total (and the printed total when the document has one);
 * Italian number formats; rows still "da verificare" marked with "!" and their reason, explained
 * in a legend; then place and date and the signatures of the Progettista and the Committente.
 * Laid out by the generic table report.
 */
import { fromNumber, sum, toNumber } from '../../shared/domain/money.ts';
import { intestazioneOf } from '../../shared/domain/intestazione.ts';
import { needsCheck } from '../../shared/domain/rows.ts';
import { readingNote } from '../../shared/domain/row-edits.ts';
import { deriveRow } from '../../shared/domain/totals.ts';
import { LABOUR_LABELS, LABOUR_TITLE, labourLines, quadroManodopera } from '../../shared/domain/manodopera.ts';
import { formatNumber } from '../../shared/format.ts';
import { chapterTitle, CHAPTER_LEVELS, italianDate, provinceLabel, type ExportDocument, type ExportRow } from './model.ts';
import { buildTableReport, type ReportColumn, type ReportLine } from './pdf-report.ts';

export const CHECK_SIGN = '!';
export const LEGEND_CHECK = `${CHECK_SIGN} = voce da verificare: la lettura del documento non è certa; il motivo è scritto sotto la descrizione.`;
/** The sign of a row changed by hand (the standard PDF fonts have no pencil). */
export const EDIT_SIGN = '*';
export const LEGEND_EDIT = `${EDIT_SIGN} = voce modificata a mano: i valori letti dal file sono scritti sotto la descrizione.`;
export const LEGEND_COLUMNS = 'Prezzo listino: prezzo di riferimento del prezzario indicato nella voce. Differenza: importo a prezzo di listino meno importo del documento.';

const COLUMNS: ReportColumn[] = [
  { header: 'N.', width: 30, align: 'right' },
  { header: 'Codice', width: 100 },
  { header: 'Descrizione', width: 270, wrap: true },
  { header: 'U.M.', width: 34 },
  { header: 'Quantità', width: 62, align: 'right' },
  { header: 'Prezzo (€)', width: 62, align: 'right' },
  { header: 'Importo (€)', width: 76, align: 'right' },
  { header: 'Prezzo listino (€)', width: 62, align: 'right' },
  { header: 'Differenza (€)', width: 76, align: 'right' },
];
const IMPORTO = 6;
const DIFFERENZA = 8;

/** Quantities and prices keep up to 4 decimals (at least 2); amounts have 2. */
const detail = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: 'always' } as Intl.NumberFormatOptions);
const formatDetail = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? detail.format(n) : '');

const total = (values: Array<number | null | undefined>): number | null => {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length ? toNumber(sum(present.map(fromNumber))) : null;
};

export interface ComputoPdfOptions {
  now: Date;
  /** The price lists the rows were priced from ("Toscana FI 2025", ...). */
  lists: string[];
  tipologia?: string;
  /** Stops the build when it fires (an export whose client left). */
  signal?: AbortSignal;
}

/** "Stima dei costi della manodopera e della sicurezza" (issue 39): the quadro under the totals, as the page shows it. */
function labourLinesOf(rows: readonly ExportRow[]): ReportLine[] {
  const q = quadroManodopera(rows);
  const value = (v: number, kind: 'euro' | 'share' | 'count') => (kind === 'share' ? `${formatNumber(v)}%` : kind === 'count' ? String(v) : formatNumber(v));
  return [
    { kind: 'heading', text: LABOUR_TITLE },
    ...labourLines(q).map(([label, v, kind]): ReportLine => ({ kind: 'total', label, values: { [IMPORTO]: value(v, kind) }, strong: label === LABOUR_LABELS.soggetto })),
  ];
}

export async function buildComputoPdf(doc: ExportDocument, allRows: readonly ExportRow[], opts: ComputoPdfOptions): Promise<Uint8Array> {
  const rows = groupedByChapter(allRows.map(withListDifference));
  const lines = tableLines(rows);
  lines.push({ kind: 'total', label: 'TOTALE', values: amounts(rows), strong: true });
  const listTotal = total(rows.map((r) => r.prezzo_totale_db));
  if (listTotal !== null) lines.push({ kind: 'total', label: 'Totale a prezzi di listino', values: { [IMPORTO]: formatNumber(listTotal) } });
  if (doc.document_total !== null) lines.push({ kind: 'total', label: 'Totale stampato nel documento', values: { [IMPORTO]: formatNumber(doc.document_total) } });
  lines.push(...labourLinesOf(allRows));

  const h = intestazioneOf(doc);
  const date = h.data || italianDate(opts.now);
  const checked = rows.filter(needsCheck).length;
  const edited = rows.filter((r) => readingNote(r)).length;
  const join = (parts: string[]) => parts.filter(Boolean).join(' · ');
  return buildTableReport({
    title: 'Computo metrico estimativo',
    headerLines: [
      `Oggetto: ${h.oggetto}`,
      join([h.committente && `Committente: ${h.committente}`, h.luogo && `Luogo: ${h.luogo}`, `Data: ${date}`, h.progettista && `Progettista: ${h.progettista}`]),
      join([`Provincia: ${provinceLabel(doc)}${opts.tipologia ? ` · Tipologia DEI: ${opts.tipologia}` : ''}`, `Prezzari: ${opts.lists.length ? opts.lists.join(', ') : 'nessun prezzo di riferimento'}`]),
    ],
    columns: COLUMNS,
    lines,
    carry: IMPORTO,
    closing: [
      ...(checked ? [LEGEND_CHECK, `Voci da verificare: ${checked} su ${rows.length}.`] : []),
      ...(edited ? [LEGEND_EDIT, `Voci modificate a mano: ${edited} su ${rows.length}.`] : []),
      LEGEND_COLUMNS,
      `Documento: ${doc.filename}`,
    ],
    signatures: {
      placeDate: `${h.luogo ? `${h.luogo}, ` : 'Luogo e data: '}${date}`,
      signers: [
        { role: 'Il Progettista', name: h.progettista },
        { role: 'Il Committente', name: h.committente },
      ],
    },
    landscape: true,
    subject: h.oggetto,
    author: h.progettista || 'Computa',
    now: opts.now,
    signal: opts.signal,
  });
}

/** A priced row without its difference (written before the difference was kept) gets it from the shared rule. */
function withListDifference(r: ExportRow): ExportRow {
  if (r.prezzo_db === null || r.prezzo_db === undefined || (r.prezzo_totale_db !== null && r.differenza_totale_db !== null)) return r;
  return { ...r, ...deriveRow(r) };
}

/**
 * The rows with each chapter's voci together, chapters in the order the document first opens them
 * (at every level), voci in the document's order within a chapter.
 */
export function groupedByChapter(rows: readonly ExportRow[]): ExportRow[] {
  const rank = new Map<string, number>();
  const keys = rows.map((r) => {
    const path = CHAPTER_LEVELS.map((level) => chapterTitle(r, level));
    return path.map((_, d) => {
      const key = JSON.stringify(path.slice(0, d + 1));
      if (!rank.has(key)) rank.set(key, rank.size);
      return rank.get(key)!;
    });
  });
  return rows
    .map((r, i) => ({ r, i, k: keys[i] }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || a.i - b.i)
    .map((x) => x.r);
}

/** Chapter headings, rows and chapter subtotals. */
function tableLines(rows: readonly ExportRow[]): ReportLine[] {
  const lines: ReportLine[] = [];
  // Open chapters, outermost first, with the rows each holds.
  const open: Array<{ title: string; rows: ExportRow[] }> = [];
  const close = (depth: number) => {
    while (open.length > depth) {
      const c = open.pop()!;
      lines.push({ kind: 'total', label: `Totale ${c.title}`, values: amounts(c.rows) });
    }
  };
  for (const r of rows) {
    const path = CHAPTER_LEVELS.map((level) => chapterTitle(r, level)).filter(Boolean);
    let same = 0;
    while (same < open.length && same < path.length && open[same].title === path[same]) same++;
    close(same);
    for (let d = same; d < path.length; d++) {
      open.push({ title: path[d], rows: [] });
      lines.push({ kind: 'heading', text: path[d], level: d });
    }
    for (const c of open) c.rows.push(r);
    lines.push(rowLine(r));
  }
  close(0);
  return lines;
}

function rowLine(r: ExportRow): ReportLine {
  const marked = needsCheck(r);
  const edited = readingNote(r);
  const note = [marked ? `Da verificare: ${r.verifica!.join('; ')}` : '', edited ?? ''].filter(Boolean).join(' · ');
  return {
    kind: 'row',
    marked,
    amount: r.totale,
    cells: [
      `${marked ? `${CHECK_SIGN} ` : ''}${edited ? `${EDIT_SIGN} ` : ''}${r.row_index}`,
      r.tariffa,
      r.descrizione,
      r.unita_di_misura,
      formatDetail(r.quantita),
      formatDetail(r.unitario),
      formatNumber(r.totale),
      formatDetail(r.prezzo_db),
      formatNumber(r.differenza_totale_db),
    ],
    ...(note ? { note } : {}),
  };
}

function amounts(rows: readonly ExportRow[]): Record<number, string> {
  const diff = total(rows.map((r) => r.differenza_totale_db));
  const out: Record<number, string> = { [IMPORTO]: formatNumber(total(rows.map((r) => r.totale)) ?? 0) };
  if (diff !== null) out[DIFFERENZA] = formatNumber(diff);
  return out;
}
