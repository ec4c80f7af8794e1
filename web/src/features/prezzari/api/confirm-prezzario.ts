import { apiCall } from '@/lib/api-client.ts';
import { confirmResponse } from '@shared/api/prezzari.ts';
import type { ConfirmResult, PrezzarioSource } from '@/features/prezzari/types.ts';

export const CONFIRM_ERROR = "Errore durante la conferma dell'importazione.";

export interface ConfirmInput {
  source: PrezzarioSource;
  temp_file_id: string;
  anno: number;
  key: string;
  /** The user ticked «Ho verificato il file» over the preview's source alerts. */
  alertsSeen: boolean;
}

/** POST /api/confirm-prezzario-{dei|toscana}: writes the staged file as the list for key and year. */
export async function confirmPrezzario({ source, temp_file_id, anno, key, alertsSeen }: ConfirmInput): Promise<ConfirmResult> {
  const body = { temp_file_id, anno, ...(source === 'dei' ? { tipologia_dei: key } : { provincia: key }), ...(alertsSeen ? { conferma_avvisi: true } : {}) };
  const res = await apiCall(confirmResponse, `/api/confirm-prezzario-${source}`, { method: 'POST', body });
  return res.data;
}
