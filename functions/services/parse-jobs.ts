/**
 * Parsing an uploaded file (a computo spreadsheet or XML, a price list) is CPU-bound: a 49 MB
 * XPWE or a 1,000,000-row sheet takes seconds; so is building an export (a 10,000-row PDF). It never runs on the thread that answers
 * requests: locally the runtime hands it to an analysis thread (`AppConfig.parseFile`, see
 * infra/local/queue.ts); in the cloud each API Lambda answers one request at a time, so it runs
 * in place. Answers and refusals cross the thread boundary as plain data and become the same
 * HTTP errors here.
 *
 * The file itself never crosses by copy: a file already in the blob store (a presigned upload)
 * travels as its key and the parse reads it there; bytes that came in the request body are
 * handed over (their buffer transferred, see infra/local/queue.ts) and come back with the answer.
 */
import type { AppContext } from '../config/context.ts';
import { AppError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { checkComputoUpload, previewUpload } from '../analysis/import/upload.ts';
import { detectFormat, type ComputoPreview } from '../analysis/import/index.ts';
import { PriceFileError, readPriceFile } from '../prezzari/readers/index.ts';
import type { ReadResult } from '../prezzari/readers/types.ts';
import { headText } from '../prezzari/declared.ts';
import { buildListIndex, type ImportTarget } from '../prezzari/items.ts';
import type { PriceRow } from '../prezzari/readers/index.ts';
import { getBlob } from '../storage/blobs.ts';
import { validatePdf } from '../analysis/pdf-text.ts';
import { UPLOAD_NOT_FOUND } from './uploads.ts';
import { buildExport, type BuiltExport, type ExportHead, type ExportJob } from './export-jobs.ts';
import { runtimePorts } from './runtime-ports.ts';

/** Where a parse finds its file: the bytes themselves, or the key of a blob-store object it reads. */
export type FileSource = { bytes: Uint8Array; key?: undefined } | { key: string; bytes?: undefined };

export type ParseJob =
  /** An upload to become a document: a PDF (its pages counted) or a computo that must import. */
  | (FileSource & { kind: 'upload-check'; filename: string; mapping: unknown })
  | { kind: 'computo-preview'; bytes: Uint8Array; mapping: unknown }
  | { kind: 'price-file'; bytes: Uint8Array; filename: string }
  /** A confirmed price list's items and search index, built for its new version (services/price-imports.ts publishList). */
  | { kind: 'price-index'; version: string; target: ImportTarget; rows: PriceRow[]; bytes?: undefined }
  /** A document's export, its review's PDF or a comparison's workbook (services/export-jobs.ts). */
  | (ExportJob & { bytes?: undefined });

/** What an upload check finds: the pages of a PDF, or how a structured computo is stored. */
export interface CheckedFile {
  pages: number;
  file?: { extension: string; contentType: string };
  columnMapping?: unknown;
}

/** A price list as read, with the text above its table (where it may declare its province, year, typology). */
export type ReadPriceFile = ReadResult & { head: string };

export type BuiltIndex = Awaited<ReturnType<typeof buildListIndex>>;

type ParseValue<J extends ParseJob> = J['kind'] extends 'upload-check'
  ? CheckedFile
  : J['kind'] extends 'computo-preview'
    ? ComputoPreview
    : J['kind'] extends 'price-index'
      ? BuiltIndex
      : J extends ExportJob
        ? BuiltExport
        : ReadPriceFile;

/** What a parse answers, as plain data: its value, or the refusal the user reads. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; status: 400 | 404 | 413; detail: string } | { ok: false; status: 500; detail: string };

/** What `AppConfig.parseFile` answers: the outcome, and the job's bytes when it handed them over. */
export type ParseAnswer = ParseOutcome & { bytes?: Uint8Array };

/** The runtime's parse off the request thread (`AppConfig.parseFile`, see runtime-ports.ts). */
export type ParseFile = (job: ParseJob) => Promise<ParseAnswer>;

/** A parse refused or failed, as plain data. */
export type ParseRefusal = Extract<ParseOutcome, { ok: false }>;

export type { ExportJob };

/**
 * What `AppConfig.exportFile` answers (the local runtime streams exports): the file's head and its
 * bytes as a stream, read chunk by chunk; cancelling the stream (the client left) stops the job.
 */
export type ExportAnswer = { ok: true; head: ExportHead; body: ReadableStream<Uint8Array> } | ParseRefusal;

/** The runtime's streamed export (`AppConfig.exportFile`, see runtime-ports.ts). */
export type ExportFile = (job: ExportJob) => Promise<ExportAnswer>;

export const PRICE_FILE_UNREADABLE = 'Il file non è leggibile come prezzario: verificare che sia un file Excel, CSV o XML valido.';

/**
 * A PDF (by content; or anything named .pdf, which then gets the PDF messages) or a structured
 * computo (XPWE, SIX, LeenO, Excel), imported once here so a file that is not a computo is
 * refused before anything is stored.
 */
async function checkUpload(bytes: Uint8Array, filename: string, rawMapping: unknown): Promise<CheckedFile> {
  const format = detectFormat(bytes);
  if (format === 'pdf' || (!format && (!bytes.length || !filename || /\.pdf$/i.test(filename)))) return { pages: await validatePdf(bytes) };
  const checked = checkComputoUpload(bytes, rawMapping);
  return { pages: 0, file: checked.file, columnMapping: checked.columnMapping };
}

async function run(ctx: AppContext, job: ParseJob): Promise<unknown> {
  if (job.kind === 'upload-check') {
    const bytes = job.key === undefined ? job.bytes : await getBlob(ctx, job.key);
    if (!bytes) throw new NotFoundError(UPLOAD_NOT_FOUND);
    return checkUpload(bytes, job.filename, job.mapping);
  }
  if (job.kind === 'computo-preview') return previewUpload(job.bytes, job.mapping);
  if (job.kind === 'price-index') return buildListIndex(job.version, job.target, job.rows);
  if (job.kind === 'document-export' || job.kind === 'verification-export' || job.kind === 'comparison-export') return buildExport(ctx, job);
  // The head is read here too: for a spreadsheet it means opening the workbook again.
  return { ...(await readPriceFile(job.bytes, job.filename)), head: headText(job.bytes, job.filename) } satisfies ReadPriceFile;
}

/** Runs one parse where it is called (an analysis thread, or a cloud Lambda) and never throws. */
export async function runParseJob(ctx: AppContext, job: ParseJob): Promise<ParseOutcome> {
  try {
    return { ok: true, value: await run(ctx, job) };
  } catch (err) {
    return refusalOf(err, job);
  }
}

/** A failure as plain data: the refusal the user reads (400, 404, 413), else a 500 with its stack. */
export function refusalOf(err: unknown, job: Pick<ParseJob, 'kind'>): ParseRefusal {
  if (err instanceof PayloadTooLargeError) return { ok: false, status: 413, detail: err.detail };
  if (err instanceof AppError && (err.status === 400 || err.status === 404)) return { ok: false, status: err.status, detail: err.detail };
  if (job.kind === 'price-file') return { ok: false, status: 400, detail: err instanceof PriceFileError ? err.detail : PRICE_FILE_UNREADABLE };
  return { ok: false, status: 500, detail: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

/** A refusal that crossed from a thread, as the HTTP error it was there. */
export function throwRefusal(answer: ParseRefusal): never {
  if (answer.status === 413) throw new PayloadTooLargeError(answer.detail);
  if (answer.status === 400) throw new ValidationError(answer.detail);
  if (answer.status === 404) throw new NotFoundError(answer.detail);
  throw new Error(`file parse failed: ${answer.detail}`);
}

/** The parse's value and, when the job carried bytes, those bytes (the job's own may be detached after the call). */
export type Parsed<J extends ParseJob> = { value: ParseValue<J>; bytes: J extends { bytes: Uint8Array } ? Uint8Array : undefined };

/**
 * The parse, off the request thread when the runtime offers one; its refusal as the HTTP error.
 * Bytes in the job are handed over, not copied: read them again from the answer's `bytes`.
 */
export async function parseFile<J extends ParseJob>(ctx: AppContext, job: J): Promise<Parsed<J>> {
  const { parseFile: offThread } = runtimePorts(ctx);
  const answer: ParseAnswer = offThread ? await offThread(job) : await runParseJob(ctx, job);
  if (answer.ok) return { value: answer.value as ParseValue<J>, bytes: (answer.bytes ?? job.bytes) as Parsed<J>['bytes'] };
  return throwRefusal(answer);
}
