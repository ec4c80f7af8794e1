import { apiRequest } from '../../../lib/api-client.ts';
import type { TipologiaInput } from '../types.ts';

export async function createTipologia(input: TipologiaInput): Promise<string | undefined> {
  const res = await apiRequest<{ meta?: { message?: string } }>('/api/tipologie-dei', { method: 'POST', body: input });
  return res?.meta?.message;
}
