import { declaredLabourFields } from '../../shared/domain/manodopera.ts';
import { logEvent } from '../config/logger.ts';
import { threadPageReader } from '../analysis/page-reader.ts';
import type { PageReader } from '../analysis/page-reader.ts';
import type { AppContext } from '../config/context.ts';
import { getContext } from '../config/context.ts';
import { analyzePdf, type AnalysisOutcome, type AnalysisSuccess, type OcrFunction } from '../analysis/analyze.ts';
import type { ParsedVoce, ParseResult } from '../analysis/parser/types.ts';
import { documentTotals } from '../../shared/domain/totals.ts';
import { guardReadNumbers } from '../../shared/domain/amounts.ts';
import { getBlob } from '../storage/blobs.ts';
import { awaitsAnalysis, claimRowWrite, getDocument, reopenRowWrite, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import { deleteDocumentRows, insertRows, type RowRecord } from '../storage/repositories/rows.ts';
import { deleteJournal } from '../storage/repositories/journal.ts';
import { loadPricing, priceRowsInMemory } from '../services/pricing.ts';
import { checkInflateBudget } from './pdf-budget.ts';
import { checkScannedVoci, scanWarnings, type ScanCheck } from '../ocr/check-voci.ts';
import { checkScannedCodes } from '../ocr/code-check.ts';
import { analyzeStructured, isStructured } from '../analysis/import/analyze.ts';
import { columnMappingKey } from '../services/documents.ts';
import { NotFoundError } from '../errors.ts';
import type { AnalysisJob } from '../services/analysis-queue.ts';

export const UNEXPECTED_FAILURE = 'Errore imprevisto durante l\u2019analisi del documento. Riprova il caricamento.';
export const TIMEOUT_FAILURE = 'Analisi interrotta: il documento ha richiesto più del tempo massimo consentito.';

/** What the analysis hands an OCR factory: the file already read, and where to report pages. */
export interface OcrIo {
  pdf: Uint8Array;
  /** Scanned pages recognised so far, of those that need OCR. */
  onPage: (done: number, total: number) => void;
}

export interface ProcessOptions {
  /** OCR for pages without a text layer (Textract in the cloud; tesseract.js locally). */
  ocr?: (ctx: AppContext, fileKey: string, io: OcrIo) => OcrFunction;
  /** Milliseconds the analysis may take before the document is marked failed. */
  timeoutMs?: number;
  log?: (line: Record<string, unknown>) => void;
  /** A second thread for reading pages (both cores on one document). */
  pageReader?: PageReader;
}

class DeadlineError extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type Log = (line: Record<string, unknown>) => void;
type Fail = (reason: string, extra?: Partial<DocumentRecord>) => Promise<unknown>;
/** The right to write the rows, once this run has claimed it. */
type Run = { claim: string | null };

/**
 * Analyses one uploaded document and always leaves it `completed` or `failed` with an Italian
 * reason, never stuck in `processing`. Safe to run twice (a queue may redeliver, a restart
 * resumes): only a fresh upload is read, and rows are written by one run only, once. A document
 * whose analysis ended, or whose rows exist, is never read again by itself, whatever its status.
 */
export async function processDocument(ctx: AppContext, documentId: number, options: ProcessOptions = {}): Promise<void> {
  const log = options.log ?? logEvent;
  const found = await getDocument(ctx, documentId);
  const doc = found && abandonedWrite(ctx, found, options.timeoutMs ?? 10 * 60_000) ? await restartAbandoned(ctx, found, log) : found;
  if (!doc || !awaitsAnalysis(doc)) return;
  const fail: Fail = (reason, extra = {}) =>
    updateDocument(ctx, documentId, { status: 'failed', status_reason: reason, completed_at: ctx.now().toISOString(), ...extra });
  const run: Run = { claim: null };
  try {
    await withDeadline(analyseAndWrite(ctx, doc, options, log, fail, run), options.timeoutMs ?? 10 * 60_000);
  } catch (err) {
    const timedOut = err instanceof DeadlineError;
    log({ level: 'error', documentId, message: timedOut ? 'analysis timed out' : 'analysis crashed', error: err instanceof Error ? err.stack : String(err) });
    // A later run took the rows over (this one was thought dead): the document is that run's now.
    if (run.claim && !(await holdsClaim(ctx, documentId, run.claim).catch(() => true))) return;
    await fail(timedOut ? TIMEOUT_FAILURE : UNEXPECTED_FAILURE).catch((e) => log({ level: 'error', documentId, message: 'could not mark failed', error: String(e) }));
    // A failed document shows no rows: whatever this run wrote before it failed goes.
    if (run.claim) await deleteDocumentRows(ctx, documentId).catch((e) => log({ level: 'error', documentId, message: 'could not remove partial rows', error: String(e) }));
  }
}

/**
 * Rows claimed longer ago than an analysis may run, and the document still processing: the run
 * that claimed them died while writing (a Lambda killed mid-save; the queue delivers the message
 * again). Never half a document: such a document is read again.
 */
function abandonedWrite(ctx: AppContext, doc: DocumentRecord, timeoutMs: number): boolean {
  if (doc.status !== 'processing' || doc.completed_at || !doc.rows_written_at) return false;
  return ctx.now().getTime() - Date.parse(doc.rows_written_at) > timeoutMs + 60_000;
}

/** The partial rows of a dead run removed and its claim given back: the document awaits its reading again. */
async function restartAbandoned(ctx: AppContext, doc: DocumentRecord, log: Log): Promise<DocumentRecord | undefined> {
  log({ level: 'warn', documentId: doc.id, message: 'rows of a dead run removed: the document is read again' });
  await deleteDocumentRows(ctx, doc.id);
  await reopenRowWrite(ctx, doc.id);
  return getDocument(ctx, doc.id);
}

/** The steps of one analysis: the stored file, its reading, the rows, their prices, the writes. */
async function analyseAndWrite(ctx: AppContext, doc: DocumentRecord, options: ProcessOptions, log: Log, fail: Fail, run: Run): Promise<void> {
  const pdf = await getBlob(ctx, doc.file_key);
  if (!pdf) {
    await fail('Il file originale non è stato trovato nell\u2019archivio.');
    return;
  }
  const outcome = await readDocument(ctx, doc, pdf, options, fail);
  if (!outcome) return;
  if (!outcome.ok) {
    await fail(outcome.reason, { pages_total: outcome.pageCount, pages_done: outcome.pageCount, unreadable_pages: outcome.unreadablePages });
    return;
  }
  const { result } = outcome;
  // Rows read from a scan: marked, and their numbers checked with the computo's arithmetic.
  const scan = checkScannedVoci(result.voci, outcome.ocrPages);
  // Scanned codes against the document's price lists: a listed code beats a one-slip near-miss.
  await checkScannedCodes(ctx, () => loadPricing(ctx), doc, scan).catch((err) => log({ level: 'warn', documentId: doc.id, message: 'scanned codes not checked against the price lists', error: String(err) }));
  const warnings = [...result.warnings, ...scanWarnings(scan)];
  const toWrite = await pricedRows(ctx, doc, rowsOf(doc, result.voci, scan), warnings, log);
  // From here on the rows are the document: claimed once, so no other run writes them.
  run.claim = await claimRowWrite(ctx, doc.id);
  if (!run.claim) {
    log({ level: 'warn', documentId: doc.id, message: 'rows already claimed or analysis ended: nothing written' });
    return;
  }
  await deleteDocumentRows(ctx, doc.id);
  // Rows read anew: the edits of an earlier reading can no longer be undone.
  await deleteJournal(ctx, doc.id);
  const priced = await writeWhileDocumentExists(ctx, doc.id, toWrite, run.claim);
  if (priced === 'lost') {
    log({ level: 'warn', documentId: doc.id, message: 'a later run took the rows over: this run stops' });
    return;
  }
  if (!priced) {
    log({ level: 'info', documentId: doc.id, message: 'document deleted or failed during the analysis: its rows removed' });
    return;
  }
  await complete(ctx, doc.id, outcome, priced, warnings, run.claim);
}

/**
 * Reads the file: a structured computo (XPWE, SIX, LeenO, Excel) by its importer
 * (functions/analysis/import), a PDF by the reader with OCR for scanned pages, reporting its
 * progress. Undefined when the PDF is refused before reading (the document is failed).
 */
async function readDocument(ctx: AppContext, doc: DocumentRecord, pdf: Uint8Array, options: ProcessOptions, fail: Fail): Promise<AnalysisOutcome | undefined> {
  if (isStructured(pdf)) return analyzeStructured(pdf, await getBlob(ctx, columnMappingKey(doc.id)));
  const budget = await checkInflateBudget(pdf);
  if (!budget.ok) {
    await fail(budget.reason);
    return undefined;
  }
  const progress = progressReporter(ctx, doc.id);
  const outcome = await analyzePdf(pdf, {
    ocr: options.ocr?.(ctx, doc.file_key, { pdf, onPage: progress.onOcrPage }),
    onProgress: progress.onProgress,
    pageReader: options.pageReader,
  });
  await progress.written();
  return outcome;
}

/** Progress writes do not hold up the analysis, but all land before the final state. */
function progressReporter(ctx: AppContext, documentId: number) {
  const progress: Promise<unknown>[] = [];
  let reported = 0;
  return {
    onProgress: (pages_done: number, pages_total: number) => {
      // Every 5 pages is enough for a progress bar and keeps the writes few.
      if (pages_done - reported < 5 && pages_done < pages_total) return;
      reported = pages_done;
      progress.push(updateDocument(ctx, documentId, { pages_done, pages_total }).catch(() => undefined));
    },
    // OCR pages take seconds each: every one is reported ("Riconoscimento del testo: pagina 3 di 12").
    onOcrPage: (ocr_pages_done: number, ocr_pages_total: number) => {
      progress.push(updateDocument(ctx, documentId, { ocr_pages_done, ocr_pages_total }).catch(() => undefined));
    },
    written: () => Promise.all(progress),
  };
}

/** The document's rows from the voci read, with what the scan checks corrected and flagged. */
function rowsOf(doc: DocumentRecord, voci: ParseResult['voci'], scan: ReadonlyMap<ParsedVoce, ScanCheck>): Array<Omit<RowRecord, 'id'>> {
  return voci.map((v, i) => {
    const checked = scan.get(v);
    // Every way in (reader, OCR, import) through the one set of limits: a number beyond them is never written.
    return guardReadNumbers({
      document_id: doc.id,
      row_index: i + 1,
      tariffa: checked?.tariffa ?? v.tariffa,
      descrizione: v.descrizione,
      codice_articolo: null,
      unita_di_misura: checked?.unita_di_misura ?? v.unita_di_misura,
      quantita: checked?.values.quantita ?? v.quantita,
      unitario: checked?.values.unitario ?? v.unitario,
      totale: checked?.values.totale ?? v.totale,
      tipologia_dei: doc.tipologia_dei,
      prezzo_db: null,
      prezzo_totale_db: null,
      differenza_totale_db: null,
      variazione_percentuale: null,
      price_source: null,
      page: v.page || null,
      page_end: v.page_end || null,
      box: v.box ?? null,
      verifica: [...v.verifica, ...(checked?.verifica ?? [])],
      ...(checked ? { da_scansione: true, ...(checked.correzioni.length ? { correzioni_ocr: checked.correzioni } : {}) } : {}),
      capitoli: v.capitoli ?? null,
      // The file's own labour (issue 39): kept through pricing, the list's stays in price_source.
      ...declaredLabourFields({ incidenza: v.incidenza_manodopera, costo: v.costo_manodopera }, checked?.values.totale ?? v.totale),
    });
  });
}

/** Priced before the first write, so every row is written once; rows without prices still are the document. */
async function pricedRows(ctx: AppContext, doc: DocumentRecord, rows: Array<Omit<RowRecord, 'id'>>, warnings: string[], log: Log): Promise<Array<Omit<RowRecord, 'id'>>> {
  try {
    return await priceRowsInMemory(ctx, doc, rows);
  } catch (err) {
    // Rows without reference prices are still the document: keep them, say why.
    log({ level: 'error', documentId: doc.id, message: 'pricing failed', error: err instanceof Error ? err.stack : String(err) });
    warnings.push('Prezzi di riferimento non calcolati: usa \u201cAggiorna Prezzi\u201d per riprovare.');
    return rows;
  }
}

/** The document `completed` with its totals; deleted between the last batch and the end, nothing of it stays. */
async function complete(ctx: AppContext, documentId: number, outcome: AnalysisSuccess, priced: RowRecord[], warnings: string[], claim: string): Promise<void> {
  const { result } = outcome;
  const totals = documentTotals(priced, result.document_total);
  const ended = await updateDocument(ctx, documentId, {
    status: 'completed',
    status_reason: null,
    pages_total: outcome.pageCount,
    pages_done: outcome.pageCount,
    // Only a total the file prints (or declares): never the sum standing in for it, which would
    // make every document look verified. The screens show the sum as "somma delle voci".
    document_total: result.document_total,
    sum_totale: totals.sum_totale,
    document_total_db: totals.document_total_db,
    row_count: priced.length,
    rows_to_check: totals.rows_to_check,
    layout: result.layout,
    unreadable_pages: outcome.unreadablePages,
    warnings,
    completed_at: ctx.now().toISOString(),
  }, { claim }).catch((err) => (err instanceof NotFoundError ? 'deleted' as const : Promise.reject(err)));
  // Deleted meanwhile: its rows go. A claim lost to a later run leaves the rows to that run.
  if (ended === 'deleted') await deleteDocumentRows(ctx, documentId);
}

/** Rows written per batch of the analysis; the document is checked before and after each. */
const WRITE_BATCH = 100;

/**
 * Whether this run may go on writing: `yes` while the document exists, is being analysed (not
 * failed meanwhile, e.g. past its deadline) and this run holds the rows; `lost` when a later run
 * took them over (a redelivered message after this run was thought dead); `no` otherwise.
 */
async function stillAnalysing(ctx: AppContext, documentId: number, claim: string): Promise<'yes' | 'no' | 'lost'> {
  const doc = await getDocument(ctx, documentId);
  if (!doc || doc.status !== 'processing' || doc.completed_at) return doc && doc.rows_claim !== claim ? 'lost' : 'no';
  return doc.rows_claim === claim ? 'yes' : 'lost';
}

async function holdsClaim(ctx: AppContext, documentId: number, claim: string): Promise<boolean> {
  const doc = await getDocument(ctx, documentId);
  return !doc || doc.rows_claim === claim;
}

/**
 * Writes the analysis's rows in batches while the document exists and is being analysed: a
 * delete, or a failure (deadline), that arrives meanwhile wins, and every row written is removed
 * again (null). The delete removes the document first, then its rows
 * (services/document-operations.ts), so a batch it did not see is seen here.
 */
async function writeWhileDocumentExists(ctx: AppContext, documentId: number, rows: Array<Omit<RowRecord, 'id'>>, claim: string): Promise<RowRecord[] | null | 'lost'> {
  const written: RowRecord[] = [];
  let state: 'yes' | 'no' | 'lost' = 'yes';
  for (let i = 0; i < rows.length || i === 0; i += WRITE_BATCH) {
    if ((state = await stillAnalysing(ctx, documentId, claim)) !== 'yes') break;
    written.push(...(await insertRows(ctx, rows.slice(i, i + WRITE_BATCH))));
    if ((state = await stillAnalysing(ctx, documentId, claim)) !== 'yes') break;
    if (i + WRITE_BATCH >= rows.length) return written;
  }
  if (state === 'lost') return 'lost';
  await deleteDocumentRows(ctx, documentId);
  return null;
}

/** SQS entry in the cloud: one AnalysisJob per message (functions/services/analysis-queue.ts). */
export async function handler(event: { Records: Array<{ body: string }> }, context?: { getRemainingTimeInMillis?: () => number }): Promise<void> {
  const ctx = getContext();
  const { cloudOcr } = await import('./cloud-ocr.ts');
  for (const record of event.Records) {
    const { documentId } = JSON.parse(record.body) as AnalysisJob;
    const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
    await processDocument(ctx, documentId, { ocr: cloudOcr, pageReader: threadPageReader, timeoutMs: Math.max(10_000, remaining - 15_000) });
  }
}
