/**
 * Parsing an uploaded file (a computo spreadsheet or XML, a price list) is CPU-bound: a 49 MB
 * XPWE or a 1,000,000-row sheet takes seconds. It never runs on the thread that answers
 * requests: locally the runtime hands it to an analysis thread (`AppConfig.parseFile`, see
 * infra/local/queue.ts); in the cloud each API Lambda answers one request at a time, so it runs
 * in place. Answers and refusals cross the thread boundary as plain data and become the same
 * HTTP errors here.
 */
import type { AppContext } from '../config/context.ts';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { checkComputoUpload, previewUpload, type CheckedUpload } from './import/upload.ts';
import type { ComputoPreview } from './import/index.ts';
import { PriceFileError, readPriceFile } from '../prezzari/readers/index.ts';
import type { ReadResult } from '../prezzari/readers/types.ts';

export type ParseJob =
  | { kind: 'computo-check'; bytes: Uint8Array; mapping: unknown }
  | { kind: 'computo-preview'; bytes: Uint8Array; mapping: unknown }
  | { kind: 'price-file'; bytes: Uint8Array; filename: string };

type ParseValue<J extends ParseJob> = J['kind'] extends 'computo-check' ? CheckedUpload : J['kind'] extends 'computo-preview' ? ComputoPreview : ReadResult;

/** What a parse answers, as plain data: its value, or the refusal the user reads. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; status: 400 | 413; detail: string } | { ok: false; status: 500; detail: string };

export const PRICE_FILE_UNREADABLE = 'Il file non è leggibile come prezzario: verificare che sia un file Excel, CSV o XML valido.';

/** Runs one parse where it is called (an analysis thread, or a cloud Lambda) and never throws. */
export async function runParseJob(job: ParseJob): Promise<ParseOutcome> {
  try {
    if (job.kind === 'computo-check') return { ok: true, value: checkComputoUpload(job.bytes, job.mapping) };
    if (job.kind === 'computo-preview') return { ok: true, value: previewUpload(job.bytes, job.mapping) };
    return { ok: true, value: await readPriceFile(job.bytes, job.filename) };
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return { ok: false, status: 413, detail: err.detail };
    if (err instanceof AppError && err.status === 400) return { ok: false, status: 400, detail: err.detail };
    if (job.kind === 'price-file') return { ok: false, status: 400, detail: err instanceof PriceFileError ? err.detail : PRICE_FILE_UNREADABLE };
    return { ok: false, status: 500, detail: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

/** The parse, off the request thread when the runtime offers one; its refusal as the HTTP error. */
export async function parseFile<J extends ParseJob>(ctx: AppContext, job: J): Promise<ParseValue<J>> {
  const outcome = ctx.config.parseFile ? await ctx.config.parseFile(job) : await runParseJob(job);
  if (outcome.ok) return outcome.value as ParseValue<J>;
  if (outcome.status === 413) throw new PayloadTooLargeError(outcome.detail);
  if (outcome.status === 400) throw new ValidationError(outcome.detail);
  throw new Error(`file parse failed: ${outcome.detail}`);
}
