import { ApiError, errorMessage, getToken, parseAnswer } from '@/lib/api-client.ts';
import { stageResponse } from '@shared/api/prezzari.ts';
import { ACCEPTED_EXTENSIONS, MAX_PREZZARIO_BYTES } from '@/features/prezzari/constants.ts';
import type { PrezzarioSource, UploadPreview } from '@/features/prezzari/types.ts';

export const NETWORK_ERROR = 'Errore di rete durante il caricamento.';
export const UPLOAD_CANCELLED = 'Upload annullato';

export interface PrezzarioUploadInput {
  source: PrezzarioSource;
  file: File;
  /** Typology value (DEI) or province name (Toscana). */
  key: string;
  anno: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** Spec section 5: a text answer may carry NaN, which is not JSON. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  return JSON.parse(text.replace(/\bNaN\b/g, 'null'));
}

/** The preview answer, read through the contract (shared/api/prezzari.ts stageResponse). */
const readPreview = (body: unknown): UploadPreview => parseAnswer(stageResponse, body, 'POST /api/upload-prezzario').data;

/**
 * POST /api/upload-prezzario-{dei|toscana} multipart, with XMLHttpRequest because only it
 * reports upload progress. Aborting the signal rejects with an AbortError.
 */
export function uploadPrezzario({ source, file, key, anno, onProgress, signal }: PrezzarioUploadInput): Promise<UploadPreview> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException(UPLOAD_CANCELLED, 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    form.append(source === 'dei' ? 'tipologia_dei' : 'provincia', key);
    form.append('anno', String(anno));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload-prezzario-${source}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = () => onProgress?.(100);
    xhr.onload = () => {
      done();
      let data: unknown;
      try {
        data = parseBody(xhr.responseText);
      } catch {
        return reject(new ApiError(xhr.status, xhr.status >= 200 && xhr.status < 300 ? 'Errore nel parsing della risposta dal server.' : `Errore del server (${xhr.status})`));
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(readPreview(data));
        } catch (err) {
          reject(err);
        }
      } else reject(new ApiError(xhr.status, errorMessage(data, NETWORK_ERROR), data));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException(UPLOAD_CANCELLED, 'AbortError'));
    };
    xhr.send(form);
  });
}

/** Spec section 5: the file checks made before sending; null when the file can go. */
export function validatePrezzarioFile(file: File | null): string | null {
  if (!file) return 'Seleziona un file Excel.';
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'Seleziona un file Excel valido (.xlsx o .xls)';
  if (file.size > MAX_PREZZARIO_BYTES) return 'Il file è troppo grande. Dimensione massima: 10MB';
  return null;
}
