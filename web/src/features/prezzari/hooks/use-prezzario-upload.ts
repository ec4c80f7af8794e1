import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmPrezzario, CONFIRM_ERROR } from '@/features/prezzari/api/confirm-prezzario.ts';
import { isAbort, NETWORK_ERROR, UPLOAD_CANCELLED, uploadPrezzario } from '@/features/prezzari/api/upload-prezzario.ts';
import type { ConfirmResult, PrezzarioSource, UploadPreview } from '@/features/prezzari/types.ts';

/** Spec section 4: idle → uploading → processing → preview → confirming → success; error and cancelled on the way. */
export type PrezzarioUploadPhase = 'idle' | 'uploading' | 'processing' | 'preview' | 'confirming' | 'success' | 'error' | 'cancelled';

export interface PrezzarioUploadState {
  phase: PrezzarioUploadPhase;
  percent: number;
  message: string | null;
  preview: UploadPreview | null;
  result: ConfirmResult | null;
  /** What the preview was made for: the confirmation sends the same. */
  key: string | null;
  anno: number | null;
}

const IDLE: PrezzarioUploadState = { phase: 'idle', percent: 0, message: null, preview: null, result: null, key: null, anno: null };

const textOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** The running request is aborted on cancel, reset and unmount (leaving the page). */
export function usePrezzarioUpload(source: PrezzarioSource) {
  const [state, setState] = useState<PrezzarioUploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: { file: File; key: string; anno: number }) => {
      controller.current?.abort();
      const ctl = new AbortController();
      controller.current = ctl;
      const set = (patch: Partial<PrezzarioUploadState>) => {
        if (controller.current === ctl) setState((s) => ({ ...s, ...patch }));
      };
      setState({ ...IDLE, phase: 'uploading', key: input.key, anno: input.anno });
      try {
        const preview = await uploadPrezzario({
          source,
          ...input,
          signal: ctl.signal,
          onProgress: (percent) => set(percent >= 100 ? { percent: 100, phase: 'processing' } : { percent }),
        });
        set({ phase: 'preview', percent: 100, preview, message: null });
      } catch (err) {
        if (controller.current !== ctl) return;
        if (isAbort(err) || ctl.signal.aborted) return set({ phase: 'cancelled', message: UPLOAD_CANCELLED });
        set({ phase: 'error', message: textOf(err, NETWORK_ERROR) });
      } finally {
        if (controller.current === ctl) controller.current = null;
      }
    },
    [source],
  );

  /** Needs the temporary file id from the preview ('ID file temporaneo mancante'); `alertsSeen`: the user ticked the source alerts. */
  const confirm = useCallback(async (alertsSeen = false): Promise<ConfirmResult | null> => {
    const { preview, key, anno } = stateRef.current;
    if (!preview?.temp_file_id || !key || !anno) {
      setState((s) => ({ ...s, phase: 'error', message: 'ID file temporaneo mancante' }));
      return null;
    }
    setState((s) => ({ ...s, phase: 'confirming', message: null }));
    try {
      const result = await confirmPrezzario({ source, temp_file_id: preview.temp_file_id, anno, key, alertsSeen });
      setState((s) => ({ ...s, phase: 'success', result, message: result.message ?? null }));
      return result;
    } catch (err) {
      setState((s) => ({ ...s, phase: 'error', message: textOf(err, CONFIRM_ERROR) }));
      return null;
    }
  }, [source]);

  /** Cancel while sending: aborts the request and ends in 'cancelled', which is not an error. */
  const cancel = useCallback(() => {
    const ctl = controller.current;
    controller.current = null;
    ctl?.abort();
    setState((s) => ({ ...s, phase: 'cancelled', message: UPLOAD_CANCELLED }));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { state, start, confirm, cancel, reset };
}
