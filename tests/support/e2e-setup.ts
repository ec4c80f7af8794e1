import { afterAll } from 'vitest';
import { closeContexts } from './shared.ts';

// Setup file of the e2e project (vitest.config.ts): runs around every browser file. The shared
// Chromium outlives the file, so the pages the file opened close with it, as they did when each
// file closed its own browser.
afterAll(closeContexts);
