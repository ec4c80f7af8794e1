import { describe, expect, it } from 'vitest';
import { DOCUMENT_POLL_MS, processingPollMs } from '../../../web/src/features/documents/api/get-document.ts';

describe('reading a running analysis again', () => {
  it('asks quickly in the first seconds, then every second, never faster as time passes', () => {
    // Act
    const delays = [0, 500, 2999, 3000, 9999, 10_000, 60_000, 600_000].map(processingPollMs);
    // Assess: a computo read in under a second is seen within a fifth of a second of it
    expect(delays[0]).toBeLessThanOrEqual(200);
    expect(delays.at(-1)).toBe(DOCUMENT_POLL_MS);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
  });
});
