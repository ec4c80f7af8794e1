import { refreshAdmin } from './refresh.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteApiKey(id: number): Promise<void> {
  await apiCall(deleted, `/api/admin/api-keys/${id}`, { method: 'DELETE' });
}

export const useDeleteApiKey = () => useMutation(deleteApiKey, refreshAdmin);
