import { refreshPatterns } from './get-patterns.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { deleted } from '@shared/api/common.ts';

export async function deletePattern(id: number): Promise<void> {
  await apiCall(deleted, `/api/patterns/${id}`, { method: 'DELETE' });
}

export const useDeletePattern = () => useMutation(deletePattern, refreshPatterns);
