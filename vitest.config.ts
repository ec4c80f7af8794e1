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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['tests/support/global-setup.ts'],
    // COMPUTA_CHECK_ANSWERS: every JSON answer is parsed with its route's contract (shared/api).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', COMPUTA_CHECK_ANSWERS: '1' },
  },
});
