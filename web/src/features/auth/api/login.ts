import { apiRequest } from '../../../lib/api-client.ts';
import type { User } from '../types.ts';

interface LoginResponse {
  data?: { user?: User; token?: string };
  token?: string;
}

export async function loginRequest(username: string, password: string): Promise<{ user?: User; token?: string }> {
  const res = await apiRequest<LoginResponse>('/api/auth/login', {
    method: 'POST',
    body: { username, password },
    handle401: false,
    token: null,
  });
  return { user: res?.data?.user, token: res?.data?.token ?? res?.token };
}
