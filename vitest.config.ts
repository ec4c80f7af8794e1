import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserFirstSequencer } from './tests/support/sequencer.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const E2E = 'tests/e2e/**/*.test.ts';

// One runner for everything in `npm test`: unit, integration (handlers against dynalite and
// the local S3), infra (CDK template) and e2e (real Chromium). Benchmarks are not tests.
export default defineConfig({
  // The web app's import aliases (web/vite.config.ts), for the component tests.
  resolve: { alias: { '@': path.join(here, 'web/src'), '@shared': path.join(here, 'shared') } },
  test: {
    // Generous: two files share the cores; a test checks behaviour, never its own speed (benches do).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time on CI's two cores (vitest's default there is one): a browser or integration
    // file waits on Chromium, dynalite and the analysis threads for part of its time. Past two the
    // suite is CPU-bound and a third only adds contention (measured on a quiet machine: two files
    // 1,287 s, three files 1,270 s). Both projects must say the same (vitest runs them together).
    maxWorkers: 2,
    // The browser files first, so that each fork keeps its Chromium and apps across them.
    sequence: { sequencer: BrowserFirstSequencer },
    // COMPUTA_CHECK_ANSWERS: every JSON answer is parsed with its route's contract (shared/api).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', COMPUTA_CHECK_ANSWERS: '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/bench/**', 'node_modules/**', E2E],
          // Every unit or integration file has its own runtime on port 0 and its own DATA_DIR, so
          // files never share state.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: [E2E],
          // Browser files run without isolation: a fork runs one after another (two forks side by
          // side, see BrowserFirstSequencer), and the Chromium and apps of tests/support/shared.ts
          // start once per fork and serve all its files (issue 35: 22 files each started an app
          // and a Chromium and uploaded the same PDFs). A new e2e file shares them by using
          // sharedApp()/sharedBrowser(); see that module for the rules.
          isolate: false,
          setupFiles: ['tests/support/e2e-setup.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
