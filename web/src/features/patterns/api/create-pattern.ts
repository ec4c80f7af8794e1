import { apiRequest } from '../../../lib/api-client.ts';
import type { PatternInput } from '../types.ts';

export async function createPattern(input: PatternInput): Promise<void> {
  await apiRequest('/api/patterns', { method: 'POST', body: input });
}
