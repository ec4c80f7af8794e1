import { apiCall } from '../../../lib/api-client.ts';
import { patternResponse } from '../../../../../shared/api/patterns.ts';
import type { PatternInput } from '../types.ts';

export async function createPattern(input: PatternInput): Promise<void> {
  await apiCall(patternResponse, '/api/patterns', { method: 'POST', body: input });
}
