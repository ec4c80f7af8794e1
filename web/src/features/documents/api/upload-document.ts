import { apiCall, authHeaders, parseAnswer } from '@/lib/api-client.ts';
import { xhrUpload } from '@/lib/upload.ts';
import { presignResponse, uploadResponse } from '@shared/api/documents.ts';
import type { UploadResult } from '@/features/documents/types.ts';

/** Spec section 5: at most 50 MB. */
/** Above this the file goes straight to storage through a presigned URL (the API route takes ≈ 6 MB). */
export const DIRECT_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ERROR_FALLBACK = "Errore durante l'upload o l'elaborazione. Riprova.";

export interface UploadInput {
  file: File;
  provincia: string;
  tipologia_dei: string;
  /** JSON of the spreadsheet columns the user confirmed (ComputoColumnMapping). */
  column_mapping?: string;
  /** 0..100, bytes actually sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export { isAbort } from '@/lib/upload.ts';

function readResult(body: unknown): UploadResult {
  const { data } = parseAnswer(uploadResponse, body, 'upload');
  return { ...data.data, message: data.message };
}

/**
 * Uploads a PDF for analysis: multipart to /api/upload up to 5 MB; larger files are PUT to a
 * presigned URL and then registered with /api/upload/complete. Aborting the signal rejects
 * with an AbortError.
 */
export async function uploadDocument({ file, provincia, tipologia_dei, column_mapping, onProgress, signal }: UploadInput): Promise<UploadResult> {
  if (file.size <= DIRECT_UPLOAD_BYTES) {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('provincia', provincia);
    form.append('tipologia_dei', tipologia_dei);
    if (column_mapping) form.append('column_mapping', column_mapping);
    const body = await xhrUpload({ method: 'POST', url: '/api/upload', body: form, headers: { accept: 'application/json', ...authHeaders() }, onProgress, signal, refused: UPLOAD_ERROR_FALLBACK });
    return readResult(body);
  }

  const presigned = await apiCall(presignResponse, '/api/upload/presign', {
    method: 'POST',
    body: { filename: file.name, size: file.size, content_type: file.type || 'application/octet-stream' },
    signal,
  });
  const { upload_id, upload_url, method, headers } = presigned.data;
  // No Authorization header here: the URL itself is the credential.
  await xhrUpload({ method, url: upload_url, body: file, headers, onProgress, signal, refused: UPLOAD_ERROR_FALLBACK });
  const body = await apiCall(uploadResponse, '/api/upload/complete', {
    method: 'POST',
    body: { upload_id, filename: file.name, provincia, tipologia_dei, ...(column_mapping ? { column_mapping } : {}) },
    signal,
  });
  return readResult(body);
}
