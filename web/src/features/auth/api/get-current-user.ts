import { apiCall } from '@/lib/api-client.ts';
import { currentUserResponse } from '@shared/api/auth.ts';
import type { User } from '@/features/auth/types.ts';

/** The current-user check: its 401 does not trigger the global logout (the caller decides). */
export async function getCurrentUser(token?: string | null): Promise<User | null> {
  const res = await apiCall(currentUserResponse, '/api/auth/user', { handle401: false, retries: 0, token });
  return res.data.user;
}
