import { apiCall } from '@/lib/api-client.ts';
import { logoutResponse } from '@shared/api/auth.ts';

export async function logoutRequest(): Promise<void> {
  await apiCall(logoutResponse, '/api/auth/logout', { method: 'POST', handle401: false });
}
