import { refreshAllTipologie } from './get-tipologie.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { tipologiaResponse } from '@shared/api/tipologie.ts';
import type { TipologiaInput } from '@/features/tipologie/types.ts';

export async function createTipologia(input: TipologiaInput): Promise<string | undefined> {
  const res = await apiCall(tipologiaResponse, '/api/tipologie-dei', { method: 'POST', body: input });
  return res.meta.message;
}

export const useCreateTipologia = () => useMutation(createTipologia, refreshAllTipologie);
