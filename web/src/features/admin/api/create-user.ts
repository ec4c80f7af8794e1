import { apiRequest } from '../../../lib/api-client.ts';
import type { AdminUser, UserInput } from '../types.ts';

export async function createUser(input: UserInput): Promise<AdminUser> {
  const res = await apiRequest<{ data: AdminUser }>('/api/admin/users', { method: 'POST', body: input });
  return res.data;
}
