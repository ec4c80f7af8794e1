/**
 * The one upload with progress: XMLHttpRequest, because only it reports the bytes sent (fetch
 * does not). Used by the computo upload (features/documents) and the price-list upload
 * (features/prezzari); the messages are those of spec section 8 ("Generic upload", "PDF upload",
 * "{product} uploads").
 */
import { ApiError, CONNECTION_ERROR, errorMessage } from '@/lib/api-client.ts';

/** Spec section 8: what a cancelled upload says. */
export const UPLOAD_CANCELLED = 'Upload annullato';
/** Spec section 8: a success answer that is not JSON. */
export const UNREADABLE_ANSWER = 'Errore nel parsing della risposta dal server.';

/** A cancelled upload rejects with a DOMException named AbortError. */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

const cancelled = () => new DOMException(UPLOAD_CANCELLED, 'AbortError');

export interface XhrUpload {
  method: string;
  url: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** 0..100, bytes actually sent. */
  onProgress?: (percent: number) => void;
  /** Aborting it cancels the upload: the promise rejects with an AbortError (`isAbort`). */
  signal?: AbortSignal;
  /** A refusal (not 2xx) whose answer carries no message of its own. */
  refused: string;
  /** No answer at all; default "Errore di connessione. Verificare la connessione internet.". */
  noAnswer?: string;
}

/** JSON, or JSON with NaN (spec section 5: a text answer may carry it); undefined when empty. */
function parseAnswerText(text: string): { ok: true; data: unknown } | { ok: false } {
  if (!text) return { ok: true, data: undefined };
  for (const candidate of [text, text.replace(/\bNaN\b/g, 'null')]) {
    try {
      return { ok: true, data: JSON.parse(candidate) };
    } catch {
      // try the next reading
    }
  }
  return { ok: false };
}

/**
 * Sends `body` and resolves with the parsed JSON answer of a 2xx. Rejects with an ApiError
 * carrying the Italian message to show (the server's, else `refused`), or an AbortError.
 */
export function xhrUpload({ method, url, body, headers = {}, onProgress, signal, refused, noAnswer = CONNECTION_ERROR }: XhrUpload): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = () => onProgress?.(100);
    xhr.onload = () => {
      done();
      const answer = parseAnswerText(xhr.responseText);
      const success = xhr.status >= 200 && xhr.status < 300;
      if (success && answer.ok) {
        onProgress?.(100);
        resolve(answer.data);
      } else if (success) reject(new ApiError(xhr.status, UNREADABLE_ANSWER));
      else {
        const data = answer.ok ? answer.data : undefined;
        reject(new ApiError(xhr.status, errorMessage(data, refused), data));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, noAnswer));
    };
    xhr.onabort = () => {
      done();
      reject(cancelled());
    };
    xhr.send(body);
  });
}
