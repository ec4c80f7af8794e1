import useSWR from 'swr';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import { usersList } from '@shared/api/admin.ts';
import type { AdminUser } from '@/features/admin/types.ts';

export const USERS_KEY = '/api/admin/users';

/** A 404 on the list is an empty list (spec section 7). */
export async function getUsers(): Promise<AdminUser[]> {
  try {
    const res = await apiCall(usersList, USERS_KEY);
    return res.data.map((item) => item.attributes);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useUsers() {
  return useSWR(USERS_KEY, getUsers, { revalidateOnFocus: false });
}
