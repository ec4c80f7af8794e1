import { apiRequest } from '../../../lib/api-client.ts';
import type { PatternInput } from '../types.ts';

export async function updatePattern(id: number, input: PatternInput): Promise<void> {
  await apiRequest(`/api/patterns/${id}`, { method: 'PUT', body: input });
}
