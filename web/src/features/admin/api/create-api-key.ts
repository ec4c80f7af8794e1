import { apiRequest } from '../../../lib/api-client.ts';
import type { ApiKey } from '../types.ts';

/** The answer carries the whole key: the only time it is ever shown. */
export async function createApiKey(userId: number, description: string): Promise<ApiKey & { key: string }> {
  const res = await apiRequest<{ data: ApiKey & { key: string } }>('/api/admin/api-keys', {
    method: 'POST',
    body: { user_id: userId, description },
  });
  return res.data;
}
