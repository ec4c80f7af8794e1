import { refreshAdmin } from './refresh.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deleteUser(id: number): Promise<void> {
  await apiCall(deleted, `/api/admin/users/${id}`, { method: 'DELETE' });
}

export const useDeleteUser = () => useMutation(deleteUser, refreshAdmin);
