/** Files that travel between the browser and the blob store by presigned URL, beside the API. */
import type { AppContext } from '../config/context.ts';
import { NotFoundError, PayloadTooLargeError } from '../errors.ts';
import { deleteBlob, getBlob, headBlob, presignGet, presignPut } from '../storage/blobs.ts';

/** A URL the browser PUTs a large file to, straight into the blob store. */
export const uploadUrl = presignPut;

/**
 * The file the browser PUT at `key` (by `uploadUrl`), handed to `use`, then removed whatever
 * happens: 404 if it never arrived, 413 (`tooLarge`) beyond `maxBytes`.
 */
export async function takeUpload<T>(ctx: AppContext, key: string, maxBytes: number, tooLarge: string, use: (bytes: Uint8Array) => Promise<T>): Promise<T> {
  const head = await headBlob(ctx, key);
  if (!head) throw new NotFoundError('Caricamento non trovato: il file non è arrivato all\u2019archivio');
  try {
    if (head.size > maxBytes) throw new PayloadTooLargeError(tooLarge);
    return await use((await getBlob(ctx, key))!);
  } finally {
    await deleteBlob(ctx, key);
  }
}

/** A stored file to download: its bytes up to `inlineBytes`, else a short-lived URL to it (an attachment named `filename`). */
export async function storedFile(
  ctx: AppContext,
  file: { key: string; size: number; filename: string; contentType: string },
  inlineBytes: number,
): Promise<{ bytes: Uint8Array } | { url: string }> {
  if (file.size > inlineBytes) return { url: await presignGet(ctx, file.key, file.filename, file.contentType) };
  const bytes = await getBlob(ctx, file.key);
  if (!bytes) throw new NotFoundError('File originale non trovato');
  return { bytes };
}
