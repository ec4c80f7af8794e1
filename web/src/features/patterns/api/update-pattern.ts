import { refreshPatterns } from './get-patterns.ts';
import { useMutation } from '@/hooks/use-mutation.ts';
import { apiCall } from '@/lib/api-client.ts';
import { patternResponse } from '@shared/api/patterns.ts';
import type { PatternInput } from '@/features/patterns/types.ts';

export async function updatePattern(id: number, input: PatternInput): Promise<void> {
  await apiCall(patternResponse, `/api/patterns/${id}`, { method: 'PUT', body: input });
}

export const useUpdatePattern = () => useMutation(updatePattern, refreshPatterns);
