import { authHeaders, parseAnswer } from '@/lib/api-client.ts';
import { xhrUpload } from '@/lib/upload.ts';
import { stageResponse } from '@shared/api/prezzari.ts';
import { ACCEPTED_EXTENSIONS, MAX_PREZZARIO_BYTES } from '@/features/prezzari/constants.ts';
import type { PrezzarioSource, UploadPreview } from '@/features/prezzari/types.ts';

export const NETWORK_ERROR = 'Errore di rete durante il caricamento.';

export interface PrezzarioUploadInput {
  source: PrezzarioSource;
  file: File;
  /** Typology value (DEI) or province name (Toscana). */
  key: string;
  anno: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export { isAbort, UPLOAD_CANCELLED } from '@/lib/upload.ts';

/** The preview answer, read through the contract (shared/api/prezzari.ts stageResponse). */
const readPreview = (body: unknown): UploadPreview => parseAnswer(stageResponse, body, 'POST /api/upload-prezzario').data;

/**
 * POST /api/upload-prezzario-{dei|toscana} multipart, with progress. Aborting the signal rejects
 * with an AbortError.
 */
export async function uploadPrezzario({ source, file, key, anno, onProgress, signal }: PrezzarioUploadInput): Promise<UploadPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append(source === 'dei' ? 'tipologia_dei' : 'provincia', key);
  form.append('anno', String(anno));
  const headers = { accept: 'application/json', ...authHeaders() };
  const body = await xhrUpload({ method: 'POST', url: `/api/upload-prezzario-${source}`, body: form, headers, onProgress, signal, refused: NETWORK_ERROR, noAnswer: NETWORK_ERROR });
  return readPreview(body);
}

/** Spec section 5: the file checks made before sending; null when the file can go. */
export function validatePrezzarioFile(file: File | null): string | null {
  if (!file) return 'Seleziona un file Excel.';
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return `Seleziona un file Excel valido (.xlsx o .xls), oppure XML o CSV: \u00ab${file.name}\u00bb non è un prezzario.`;
  if (file.size > MAX_PREZZARIO_BYTES) return 'Il file è troppo grande. Dimensione massima: 10MB';
  return null;
}
