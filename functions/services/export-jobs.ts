/**
 * Exports are CPU-bound (a 10,000-row PDF takes seconds): they run where file parses run
 * (functions/services/parse-jobs.ts), on an analysis thread locally and in place in the cloud,
 * where an API Lambda answers one request at a time. The handler checks the caller's access on
 * its own thread and hands over plain data (ids, the format, the request's time); the file comes
 * back as `blob`, transferred and not copied.
 */
import type { AppContext } from '../config/context.ts';
import { NotFoundError } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import type { ExportFormat } from '../../shared/domain/export-formats.ts';
import { buildVerificationPdf } from '../export/verification-pdf.ts';
import { getDocument } from '../storage/repositories/documents.ts';
import { readDocumentRows } from '../storage/repositories/rows.ts';
import { comparisonWorkbook, loadComparison } from './comparison.ts';
import { exportDocumentAs } from '../export/formats.ts';
import { listTipologie } from './tipologie.ts';
import { verificationReportOf } from './verification.ts';

export type ExportJob =
  | { kind: 'document-export'; documentId: number; format: ExportFormat; now: string }
  | { kind: 'verification-export'; documentId: number; now: string }
  | { kind: 'comparison-export'; principal: Principal; firstId: number; withIds: number[]; now: string };

/** A built export: the file's bytes, its media type and name. */
export interface BuiltExport {
  blob: Uint8Array;
  contentType: string;
  filename: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function documentOf(ctx: AppContext, id: number) {
  const doc = await getDocument(ctx, id);
  if (!doc) throw new NotFoundError('Documento non trovato');
  return doc;
}

/** Builds the export the job names, reading what it needs from the stores. */
export async function buildExport(ctx: AppContext, job: ExportJob): Promise<BuiltExport> {
  const now = new Date(job.now);
  const at: AppContext = { ...ctx, now: () => now };
  if (job.kind === 'comparison-export') {
    const loaded = await loadComparison(at, job.principal, job.firstId, job.withIds);
    return { blob: new Uint8Array(await comparisonWorkbook(loaded, now)), contentType: XLSX, filename: `confronto_${job.firstId}.xlsx` };
  }
  const doc = await documentOf(at, job.documentId);
  if (job.kind === 'verification-export') {
    return { blob: await buildVerificationPdf(await verificationReportOf(at, doc), now), contentType: 'application/pdf', filename: `verifica_${doc.id}.pdf` };
  }
  const rows = await readDocumentRows(at, doc);
  const tipologie = new Map((await listTipologie(at)).map((t) => [t.value, t.description]));
  // The Excel export carries the review as its "Verifica" sheet; the programs' formats do not.
  const report = job.format === 'xlsx' ? await verificationReportOf(at, doc) : undefined;
  const file = await exportDocumentAs(job.format, doc, rows, now, (value) => tipologie.get(value), report);
  return { blob: new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength), contentType: file.contentType, filename: file.filename };
}
