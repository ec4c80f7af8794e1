import { refreshAdmin } from './refresh.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { userCreated } from '@shared/api/admin.ts';
import type { AdminUser, UserInput } from '@/features/admin/types.ts';

/** An empty password is left out: the current one stays. */
export async function updateUser(id: number, input: UserInput): Promise<AdminUser> {
  const { password, ...rest } = input;
  const body = password ? { ...rest, password } : rest;
  const res = await apiCall(userCreated, `/api/admin/users/${id}`, { method: 'PUT', body });
  return res.data;
}

export const useUpdateUser = () => useMutation(updateUser, refreshAdmin);
