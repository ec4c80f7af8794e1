import { refreshAdmin } from './refresh.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { apiKeyCreated } from '@shared/api/admin.ts';
import type { ApiKey } from '@/features/admin/types.ts';

/** The answer carries the whole key: the only time it is ever shown. */
export async function createApiKey(userId: number, description: string): Promise<ApiKey & { key: string }> {
  const res = await apiCall(apiKeyCreated, '/api/admin/api-keys', { method: 'POST', body: { user_id: userId, description } });
  return res.data;
}

export const useCreateApiKey = () => useMutation(createApiKey, refreshAdmin);
