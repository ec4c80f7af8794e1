import useSWR from 'swr';
import { ApiError, apiRequest, flatten } from '../../../lib/api-client.ts';
import type { AdminUser } from '../types.ts';

export const USERS_KEY = '/api/admin/users';

/** A 404 on the list is an empty list (spec section 7). */
export async function getUsers(): Promise<AdminUser[]> {
  try {
    const res = await apiRequest<{ data: unknown }>(USERS_KEY);
    return flatten<AdminUser>(res.data);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useUsers() {
  return useSWR(USERS_KEY, getUsers, { revalidateOnFocus: false });
}
