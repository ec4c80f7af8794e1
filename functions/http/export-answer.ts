/**
 * The answer of an export route (services/export-jobs.ts), the same file either way:
 * - locally the runtime streams it from an analysis thread (`AppConfig.exportFile`): the answer
 *   carries the stream and the server writes it chunk by chunk, cancelling the job when the
 *   client leaves (infra/local/http-server.ts);
 * - in the cloud the Lambda builds it in place: API Gateway's HTTP API buffers a Lambda's answer
 *   (no streaming, a 6 MB payload at most), so a file up to `inlineBytes` is answered whole,
 *   base64 in the body, and a larger one (a 20,000-row XPWE is 35 MB) is put in the blob store
 *   under a temporary key and answered by a 302 to a short-lived presigned URL that downloads it
 *   under its name, as the original's download does. A request whose client has gone still runs
 *   to its end there (the Lambda's timeout bounds it).
 */
import type { AppContext } from '../config/context.ts';
import { parseFile, throwRefusal, type ExportJob } from '../services/parse-jobs.ts';
import { storeExportForDownload } from '../services/export-jobs.ts';
import { runtimePorts } from '../services/runtime-ports.ts';
import { binary, INLINE_FILE_BYTES, redirectTo, streamedBinary } from './respond.ts';
import type { HttpResult } from './types.ts';

export async function exportAnswer(ctx: AppContext, job: ExportJob, inlineBytes = INLINE_FILE_BYTES): Promise<HttpResult> {
  const { exportFile } = runtimePorts(ctx);
  if (exportFile) {
    const answer = await exportFile(job);
    if (!answer.ok) throwRefusal(answer);
    return streamedBinary(answer.body, answer.head.contentType, answer.head.filename);
  }
  const { value } = await parseFile(ctx, job);
  if (value.blob.byteLength > inlineBytes) return redirectTo(await storeExportForDownload(ctx, value));
  return binary(Buffer.from(value.blob.buffer, value.blob.byteOffset, value.blob.byteLength), value.contentType, value.filename);
}
