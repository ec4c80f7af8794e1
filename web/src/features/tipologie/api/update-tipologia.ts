import { apiRequest } from '../../../lib/api-client.ts';
import type { TipologiaInput } from '../types.ts';

export async function updateTipologia(id: number, input: TipologiaInput): Promise<string | undefined> {
  const res = await apiRequest<{ meta?: { message?: string } }>(`/api/tipologie-dei/${id}`, { method: 'PUT', body: input });
  return res?.meta?.message;
}
