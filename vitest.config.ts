import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// One runner for everything in `npm test`: unit, integration (handlers against dynalite and
// the local S3), infra (CDK template) and e2e (real Chromium). Benchmarks are not tests.
export default defineConfig({
  // The web app's import aliases (web/vite.config.ts), for the component tests.
  resolve: { alias: { '@': path.join(here, 'web/src'), '@shared': path.join(here, 'shared') } },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    // Generous: two files share the cores; a test checks behaviour, never its own speed (benches do).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time on CI's two cores (vitest's default there is one): a browser or integration
    // file waits on Chromium, dynalite and the analysis threads for part of its time. Measured on a
    // quiet machine: two files 1,287 s, three files 1,270 s. The suite is CPU-bound past two, and a
    // third only adds contention. Every test has its own runtime on port 0 and its own DATA_DIR, so
    // files never share state; browser waits are polled, never timed.
    maxWorkers: 2,
    globalSetup: ['tests/support/global-setup.ts'],
    // COMPUTA_CHECK_ANSWERS: every JSON answer is parsed with its route's contract (shared/api).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', COMPUTA_CHECK_ANSWERS: '1' },
  },
});
