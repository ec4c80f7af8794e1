import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { ConfirmResult, PrezzarioSource } from '../types.ts';

export const CONFIRM_ERROR = "Errore durante la conferma dell'importazione.";

export interface ConfirmInput {
  source: PrezzarioSource;
  temp_file_id: string;
  anno: number;
  key: string;
}

/** POST /api/confirm-prezzario-{dei|toscana}: writes the staged file as the list for key and year. */
export async function confirmPrezzario({ source, temp_file_id, anno, key }: ConfirmInput): Promise<ConfirmResult> {
  const body = source === 'dei' ? { temp_file_id, anno, tipologia_dei: key } : { temp_file_id, anno, provincia: key };
  const res = await apiRequest<{ data?: ConfirmResult & { type?: string; data?: ConfirmResult } }>(`/api/confirm-prezzario-${source}`, { method: 'POST', body });
  const data = res?.data?.data ?? res?.data;
  if (!data || (res.data?.type && res.data.type !== 'success')) throw new ApiError(500, 'Risposta non valida dal server durante la conferma.', res);
  return data;
}
