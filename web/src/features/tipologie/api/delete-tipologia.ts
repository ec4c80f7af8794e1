import { refreshAllTipologie } from './get-tipologie.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteTipologia(id: number): Promise<void> {
  await apiCall(deleted, `/api/tipologie-dei/${id}`, { method: 'DELETE' });
}

export const useDeleteTipologia = () => useMutation(deleteTipologia, refreshAllTipologie);
