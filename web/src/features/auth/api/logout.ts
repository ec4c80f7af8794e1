import { apiRequest } from '../../../lib/api-client.ts';

export async function logoutRequest(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', handle401: false });
}
