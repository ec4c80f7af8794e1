import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '../..');

function newest(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
}

/**
 * Before any test: Chromium present (installed or a clear failure, see chromium.ts), and the built
 * web app the browser tests run against, built once if sources are newer.
 */
export default function setup() {
  ensureChromium();
  const index = path.join(root, 'web/dist/index.html');
  const stale = !fs.existsSync(index) || Math.max(newest(path.join(root, 'web/src')), newest(path.join(root, 'shared'))) > fs.statSync(index).mtimeMs;
  if (stale) {
    // vitest sets NODE_ENV=test, which would give React's development build: slower, and not what
    // `npm start` serves (the benchmarks then measure the wrong app).
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
