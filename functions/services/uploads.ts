/** Files that travel between the browser and the blob store by presigned URL, beside the API. */
import type { AppContext } from '../config/context.ts';
import { NotFoundError, PayloadTooLargeError } from '../errors.ts';
import { deleteBlob, getBlob, headBlob, presignGet, presignPut } from '../storage/blobs.ts';

export const UPLOAD_NOT_FOUND = 'Caricamento non trovato: il file non è arrivato all\u2019archivio';

/** A file the browser uploaded, still in the blob store. */
export interface StoredUpload {
  key: string;
  size: number;
}

/** A URL the browser PUTs a large file to, straight into the blob store. */
export const uploadUrl = presignPut;

/**
 * The file the browser PUT at `key` (by `uploadUrl`), handed to `use` by its key and size (never
 * downloaded here: whoever needs its bytes reads them from the store), then removed whatever
 * happens: 404 if it never arrived, 413 (`tooLarge`) beyond `maxBytes`.
 */
export async function takeUpload<T>(ctx: AppContext, key: string, maxBytes: number, tooLarge: string, use: (upload: StoredUpload) => Promise<T>): Promise<T> {
  const head = await headBlob(ctx, key);
  if (!head) throw new NotFoundError(UPLOAD_NOT_FOUND);
  try {
    if (head.size > maxBytes) throw new PayloadTooLargeError(tooLarge);
    return await use({ key, size: head.size });
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
