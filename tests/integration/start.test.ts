import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startTestRuntime } from '../support/runtime.ts';
import { SOURCE_ENTRIES, threadEntries } from '../../infra/local/thread-bundles.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start with its output going to a log file', () => {
  it('never writes the admin password to the log: it goes to an owner-only file', async () => {
    // Act: start as a service manager would, stdout piped (not a terminal)
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/local/start.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: '', HOST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready: ${log}`)), 170_000);
        child.stdout.on('data', () => {
          if (!/Amministratore creato/.test(log)) return;
          clearTimeout(timer);
          resolve();
        });
        child.on('exit', () => reject(new Error(`exited: ${log}`)));
      });
      // Assess
      const file = path.join(dataDir, 'admin-password.txt');
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[\w-]{12,}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(log).not.toContain(password);
      expect(log).toContain(file);
      expect(log).toMatch(/Computa pronta su http:\/\/localhost:\d+/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    // npm start loads the analysis threads before it says it is ready: on a busy machine that takes a while.
  }, 180_000);
});

describe('the first document after start', () => {
  it('the server is ready only once every analysis thread has loaded pdf.js and its page thread and read a small computo on both', async () => {
    // Act: start as npm start does (analysis threads started at once)
    const rt = await startTestRuntime({ warmAnalysis: true });
    try {
      // Assess: what each thread reported before the server listened
      expect(rt.analysisThreads).toEqual([
        { pdfjs: true, pageThread: true, reading: true },
        { pdfjs: true, pageThread: true, reading: true },
      ]);
    } finally {
      await rt.close();
    }
  }, 180_000);

  it('tests that start without warm threads load them at the first job', async () => {
    // Act
    const rt = await startTestRuntime();
    try {
      // Assess
      expect(rt.analysisThreads).toEqual([]);
    } finally {
      await rt.close();
    }
  });

  it('threads and the database process start from bundles inside node_modules, not through tsx', async () => {
    // Act
    const entries = await threadEntries();

    // Assess: one folder per content, inside node_modules (where the external packages resolve),
    // with the page thread beside the analysis thread, as page-reader.ts starts it
    const folder = path.dirname(new URL(entries.analysisThread).pathname);
    expect(entries).not.toEqual(SOURCE_ENTRIES);
    expect(path.relative(path.join(REPO_ROOT, 'node_modules'), folder)).toMatch(/^\.cache[\\/]computa-threads[\\/][0-9a-f]{16}$/);
    expect(fs.readdirSync(folder).sort()).toEqual(['analysis-thread.mjs', 'dynalite-process.mjs', 'page-reader-thread.mjs']);
    expect(fs.readFileSync(path.join(folder, 'analysis-thread.mjs'), 'utf8')).not.toContain('tsx/esm/api');
    expect(path.dirname(entries.dynaliteProcess)).toBe(folder);
  });
});
