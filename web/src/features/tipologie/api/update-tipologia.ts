import { refreshAllTipologie } from './get-tipologie.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { tipologiaResponse } from '@shared/api/tipologie.ts';
import type { TipologiaInput } from '@/features/tipologie/types.ts';

export async function updateTipologia(id: number, input: TipologiaInput): Promise<string | undefined> {
  const res = await apiCall(tipologiaResponse, `/api/tipologie-dei/${id}`, { method: 'PUT', body: input });
  return res.meta.message;
}

export const useUpdateTipologia = () => useMutation(updateTipologia, refreshAllTipologie);
