import { apiCall } from '@/lib/api-client.ts';
import { tipologiaResponse } from '@shared/api/tipologie.ts';
import type { TipologiaInput } from '@/features/tipologie/types.ts';

export async function updateTipologia(id: number, input: TipologiaInput): Promise<string | undefined> {
  const res = await apiCall(tipologiaResponse, `/api/tipologie-dei/${id}`, { method: 'PUT', body: input });
  return res.meta.message;
}
