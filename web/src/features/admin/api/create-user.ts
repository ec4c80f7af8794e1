import { refreshAdmin } from './refresh.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { userCreated } from '@shared/api/admin.ts';
import type { AdminUser, UserInput } from '@/features/admin/types.ts';

export async function createUser(input: UserInput): Promise<AdminUser> {
  const res = await apiCall(userCreated, '/api/admin/users', { method: 'POST', body: input });
  return res.data;
}

export const useCreateUser = () => useMutation(createUser, refreshAdmin);
