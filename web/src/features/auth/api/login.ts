import { apiCall } from '@/lib/api-client.ts';
import { loginResponse } from '@shared/api/auth.ts';
import type { User } from '@/features/auth/types.ts';

export async function loginRequest(username: string, password: string): Promise<{ user?: User; token?: string }> {
  const res = await apiCall(loginResponse, '/api/auth/login', {
    method: 'POST',
    body: { username, password },
    handle401: false,
    token: null,
  });
  return { user: res.data.user, token: res.data.token };
}
