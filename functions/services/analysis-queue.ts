/**
 * The queue hop from an upload to its analysis, by name.
 *
 * Sending end: `createDocument` in functions/services/documents.ts, once an upload is stored,
 * calls the runtime's queue (`runtimePorts(ctx).enqueue`, functions/services/runtime-ports.ts).
 * Behind it:
 * - in the cloud, `enqueue` in functions/config/context.ts sends the AnalysisJob to SQS (the
 *   queue of infra/cloud/analysis.ts), whose Lambda is `handler` in functions/worker/analysis.ts;
 * - locally, `enqueue` of infra/local/queue.ts hands it to an analysis thread
 *   (infra/local/analysis-thread-main.ts).
 *
 * Receiving end: both call `processDocument(ctx, job.documentId)` in functions/worker/analysis.ts.
 */

/** One message on the analysis queue: the document to read (the JSON body of an SQS message). */
export interface AnalysisJob {
  documentId: number;
}

/** Puts a job on the analysis queue; resolves once the queue holds it, not when it is analysed. */
export type AnalysisQueue = (job: AnalysisJob) => Promise<void>;
