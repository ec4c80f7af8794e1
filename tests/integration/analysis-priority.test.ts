import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.ts';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { ADMIN_PASSWORD, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/** Every thread of this process with its nice value (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNice(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state is field 3, nice field 19.
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended while we listed them.
    }
  }
  return out;
}

describe.skipIf(process.platform !== 'linux')('analysis yields the cores to the API (local runtime, Linux)', () => {
  let rt: TestRuntime;
  let before: Map<number, number>;
  beforeAll(async () => {
    before = threadNice();
    rt = await startTestRuntime({ warmAnalysis: true });
  });
  afterAll(async () => rt?.close());

  it('lowers the analysis threads only, and they still complete a document', async () => {
    // Prepare: the warm analysis threads and their page threads are up.
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    // Act
    const up = await uploadPdf(rt.url, token, corpusFile('primus_small.pdf'));
    const done = await waitForAnalysis(rt.url, token, up.id, 60_000);
    // Assess
    expect(done.status).toBe('completed');
    const now = threadNice();
    expect(now.get(process.pid)).toBe(0);
    for (const tid of before.keys()) if (now.has(tid)) expect(now.get(tid), `thread ${tid} existed before the runtime`).toBe(0);
    const lowered = [...now].filter(([, nice]) => nice === 19).map(([tid]) => tid);
    // Two analysis threads, each with its page thread.
    expect(lowered.length).toBeGreaterThanOrEqual(4);
    expect(lowered.every((tid) => !before.has(tid))).toBe(true);
  }, 90_000);
});
