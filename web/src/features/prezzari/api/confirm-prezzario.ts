import { apiCall } from '@/lib/api-client.ts';
import { confirmResponse } from '@shared/api/prezzari.ts';
import type { ConfirmResult, PrezzarioSource } from '@/features/prezzari/types.ts';

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
  const res = await apiCall(confirmResponse, `/api/confirm-prezzario-${source}`, { method: 'POST', body });
  return res.data;
}
