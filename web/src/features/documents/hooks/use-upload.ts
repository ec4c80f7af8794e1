import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { getDocument, processingPollMs } from '@/features/documents/api/get-document.ts';
import { isAbort, UPLOAD_ERROR_FALLBACK, uploadDocument } from '@/features/documents/api/upload-document.ts';
import type { DocumentItem } from '@/features/documents/types.ts';

/** Spec section 4, upload flow. 'failed' is an analysis that ended in error (not a refused upload). */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'success' | 'failed' | 'error' | 'cancelled';

export interface UploadState {
  phase: UploadPhase;
  /** Upload percent (0..100). */
  percent: number;
  message: string | null;
  documentId: number | null;
  /** The document while the analysis runs and when it ends. */
  document: DocumentItem | null;
}

const IDLE: UploadState = { phase: 'idle', percent: 0, message: null, documentId: null, document: null };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Upload annullato', 'AbortError'));
    }, { once: true });
  });

/**
 * The PDF upload state machine: idle → uploading → processing (polls the document, quickly at
 * first, until it is no longer processing) → success | failed; error and cancelled on the way. The
 * running request is aborted on cancel, reset and unmount.
 */
export function useUpload() {
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (input: { file: File; provincia: string; tipologia_dei: string; column_mapping?: string }) => {
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    const set = (patch: Partial<UploadState>) => {
      if (controller.current === ctl) setState((s) => ({ ...s, ...patch }));
    };
    setState({ ...IDLE, phase: 'uploading' });
    try {
      const result = await uploadDocument({ ...input, signal: ctl.signal, onProgress: (percent) => set({ percent }) });
      set({ phase: 'processing', percent: 100, documentId: result.document_id, message: null });
      const watchingSince = Date.now();
      for (;;) {
        let doc: DocumentItem | null = null;
        try {
          doc = await getDocument(result.document_id, ctl.signal);
        } catch (err) {
          if (isAbort(err) || ctl.signal.aborted) throw err;
          // A blip while polling: keep waiting (the GET already retried).
        }
        if (doc) {
          set({ document: doc });
          if (doc.status !== 'processing') {
            if (doc.status === 'failed') set({ phase: 'failed', message: doc.status_reason || UPLOAD_ERROR_FALLBACK });
            else set({ phase: 'success' });
            return;
          }
        }
        await sleep(processingPollMs(Date.now() - watchingSince), ctl.signal);
      }
    } catch (err) {
      if (controller.current !== ctl) return;
      if (isAbort(err) || ctl.signal.aborted) {
        setState((s) => ({ ...s, phase: 'cancelled', message: 'Upload annullato' }));
        return;
      }
      const text = err instanceof ApiError || err instanceof Error ? err.message : '';
      setState((s) => ({ ...s, phase: 'error', message: text || UPLOAD_ERROR_FALLBACK }));
    }
  }, []);

  /** Cancel: aborts the request (or the waiting) and ends in 'cancelled', which is not an error. */
  const cancel = useCallback(() => {
    const ctl = controller.current;
    if (!ctl) return;
    controller.current = null;
    ctl.abort();
    setState((s) => ({ ...s, phase: 'cancelled', message: 'Upload annullato' }));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { state, start, cancel, reset };
}
