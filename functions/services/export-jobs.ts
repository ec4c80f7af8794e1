/**
 * Exports are CPU-bound (a 10,000-row PDF takes seconds): they run where file parses run
 * (functions/services/parse-jobs.ts), on an analysis thread locally and in place in the cloud,
 * where an API Lambda answers one request at a time. The handler checks the caller's access on
 * its own thread and hands over plain data (ids, the format, the request's time); the thread
 * reads the rows itself, page by page (repositories/rows.ts readDocumentRowsPaged).
 *
 * Two ways out: `buildExport` answers the whole file (the cloud, and the parse path); locally
 * `streamExport` answers the head (type and name) as soon as the document is found, then the file
 * in chunks as the HTTP server asks for them (infra/local/export-stream.ts). Both stop when their
 * signal fires: before each page of rows, between the build's steps and between chunks.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../config/context.ts';
import { NotFoundError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import { EXPORT_FORMATS, exportFilename, type ExportFormat } from '../../shared/domain/export-formats.ts';
import { buildVerificationPdf } from '../export/verification-pdf.ts';
import { getDocument, requireDocumentFor, type DocumentRecord } from '../storage/repositories/documents.ts';
import { readDocumentRowsPaged } from '../storage/repositories/rows.ts';
import { comparisonWorkbook, loadComparison } from './comparison.ts';
import { exportDocumentAs } from '../export/formats.ts';
import { listTipologie } from './tipologie.ts';
import { verificationReportOf } from './verification.ts';
import { presignGet, putBlob } from '../storage/blobs.ts';

export type ExportJob =
  | { kind: 'document-export'; documentId: number; format: ExportFormat; now: string }
  | { kind: 'verification-export'; documentId: number; now: string }
  | { kind: 'comparison-export'; principal: Principal; firstId: number; withIds: number[]; now: string };

/** What the answer's headers say of a file: its media type and name. */
export interface ExportHead {
  contentType: string;
  filename: string;
}

/** A built export: the file's bytes, its media type and name. */
export interface BuiltExport extends ExportHead {
  blob: Uint8Array;
}

/** Where an export stands: reading what it needs, building its file, sending it. */
export type ExportStage = 'reading' | 'building' | 'sending';

/** One export as it runs: the signal that stops it, and where it stands (said when it stops). */
export interface ExportRun {
  signal?: AbortSignal;
  stage: ExportStage;
}

/** An export whose document was found: its head, and the build of its bytes. */
interface PreparedExport {
  head: ExportHead;
  build: () => Promise<Uint8Array>;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The bytes sent at a time when an export is streamed. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

async function documentOf(ctx: AppContext, id: number) {
  const doc = await getDocument(ctx, id);
  if (!doc) throw new NotFoundError('Documento non trovato');
  return doc;
}

/** The last check before the file is built (then only a PDF's drawing checks again): stop now, or say it is building. */
function building(run: ExportRun): void {
  run.signal?.throwIfAborted();
  run.stage = 'building';
}

const view = (data: Uint8Array) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The document's own export: its rows read page by page (then remembered, so the review reads none again). */
async function documentExport(at: AppContext, doc: DocumentRecord, format: ExportFormat, run: ExportRun): Promise<Uint8Array> {
  const { signal } = run;
  const rows = await readDocumentRowsPaged(at, doc, signal);
  const tipologie = new Map((await listTipologie(at)).map((t) => [t.value, t.description]));
  // The Excel export carries the review as its "Verifica" sheet; the programs' formats do not.
  const report = format === 'xlsx' ? await verificationReportOf(at, doc) : undefined;
  building(run);
  const file = await exportDocumentAs(format, doc, rows, at.now(), (value) => tipologie.get(value), report, signal);
  return view(file.data);
}

/** Finds what the job names (404 when it is gone) and says how its file will be built. */
async function prepareExport(ctx: AppContext, job: ExportJob, run: ExportRun): Promise<PreparedExport> {
  const { signal } = run;
  const now = new Date(job.now);
  const at: AppContext = { ...ctx, now: () => now };
  if (job.kind === 'comparison-export') {
    const documents = await Promise.all([job.firstId, ...job.withIds].map((id) => requireDocumentFor(at, id, job.principal)));
    const build = async () => {
      const rows = new Map<number, Awaited<ReturnType<typeof readDocumentRowsPaged>>>();
      for (const d of documents) rows.set(d.id, await readDocumentRowsPaged(at, d, signal));
      const loaded = await loadComparison(at, job.principal, job.firstId, job.withIds, async (d) => rows.get(d.id) ?? readDocumentRowsPaged(at, d, signal));
      building(run);
      return view(await comparisonWorkbook(loaded, now));
    };
    return { head: { contentType: XLSX, filename: `confronto_${job.firstId}.xlsx` }, build };
  }
  const doc = await documentOf(at, job.documentId);
  if (job.kind === 'verification-export') {
    const build = async () => {
      await readDocumentRowsPaged(at, doc, signal);
      const report = await verificationReportOf(at, doc);
      building(run);
      return buildVerificationPdf(report, now, signal);
    };
    return { head: { contentType: 'application/pdf', filename: `verifica_${doc.id}.pdf` }, build };
  }
  const head = { contentType: EXPORT_FORMATS[job.format].contentType, filename: exportFilename(doc.id, job.format) };
  return { head, build: () => documentExport(at, doc, job.format, run) };
}

/** Builds the export the job names, reading what it needs from the stores. */
export async function buildExport(ctx: AppContext, job: ExportJob): Promise<BuiltExport> {
  const { head, build } = await prepareExport(ctx, job, { stage: 'reading' });
  return { ...head, blob: await build() };
}

/** An export on its way: its head, then its bytes in chunks (each its own buffer, to transfer). */
export interface StreamedExport {
  head: ExportHead;
  chunks: AsyncGenerator<Uint8Array, void, undefined>;
}

/**
 * The head once the document is found (a refusal throws here, before any byte), then the file in
 * chunks of EXPORT_CHUNK_BYTES: copied out one at a time, so what travels on is the chunk and
 * the file is held once, here. The signal stops the build and the chunks (AbortError).
 */
export async function streamExport(ctx: AppContext, job: ExportJob, run: ExportRun & { signal: AbortSignal }): Promise<StreamedExport> {
  const { head, build } = await prepareExport(ctx, job, run);
  const { signal } = run;
  async function* chunks() {
    const file = await build();
    run.stage = 'sending';
    for (let at = 0; at < file.byteLength; at += EXPORT_CHUNK_BYTES) {
      signal.throwIfAborted();
      yield file.slice(at, at + EXPORT_CHUNK_BYTES);
    }
  }
  return { head, chunks: chunks() };
}

/** Where a built export too large for an answer's body waits for its download (`tmp/`: the bucket expires it after a day). */
export const exportTempKey = () => `tmp/exports/${randomUUID()}`;

/**
 * A built export put in the blob store under a temporary key, and the short-lived URL that
 * downloads it as an attachment under its name and media type (the cloud's way past the API's
 * answer size, functions/http/export-answer.ts).
 */
export async function storeExportForDownload(ctx: AppContext, built: BuiltExport): Promise<string> {
  const key = exportTempKey();
  await putBlob(ctx, key, built.blob, built.contentType);
  return presignGet(ctx, key, built.filename, built.contentType);
}
