import { refreshPatterns } from './get-patterns.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { patternResponse } from '@shared/api/patterns.ts';
import type { PatternInput } from '@/features/patterns/types.ts';

export async function createPattern(input: PatternInput): Promise<void> {
  await apiCall(patternResponse, '/api/patterns', { method: 'POST', body: input });
}

export const useCreatePattern = () => useMutation(createPattern, refreshPatterns);
