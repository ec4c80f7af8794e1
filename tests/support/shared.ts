/**
 * One Chromium and shared apps for the browser test files (issue 35).
 *
 * The e2e project of vitest.config.ts runs tests/e2e without isolation, the browser files first
 * (tests/support/sequencer.ts): each of the two forks runs e2e files one after another, and this
 * module, evaluated once per fork, keeps what it started across them. A new e2e file gets the
 * sharing by asking here instead of starting its own:
 *
 *   beforeAll(async () => {
 *     rt = await sharedApp();            // instead of startTestRuntime(), when the rules below allow
 *     browser = await sharedBrowser();   // instead of launchBrowser(): always
 *   });
 *   // no afterAll closing them: they close when the fork ends; the file's pages close after it
 *   // (tests/support/e2e-setup.ts)
 *
 * Rules for a file on a shared app (files run in any order):
 * - read only what the file itself made: its own users (a unique username), its own documents. A
 *   document that no test changes can be shared with `sharedDocument` (uploaded once per run, cached
 *   by name); a test that edits, deletes or re-prices a document uploads its own.
 * - never assert global counts (users, documents of admin, all price lists): a file that must (a
 *   first-run screen, "0 documenti") keeps its own `startTestRuntime()` and closes it in afterAll.
 * - price lists are global to an app: files that load the same list may share `sharedApp(name)` of
 *   that list (loaded once by `prepare`); a file loading a list of its own keeps its own
 *   `startTestRuntime()` (an app of its own name would stay up, unused, until the fork ends).
 * - one app answers at a time in a fork: the API handlers read the process's one context, which
 *   `sharedApp()` installs for the file that asks (and `startTestRuntime()` for its own app).
 * Pages: open a new context per test (`loggedInPage`) and close it when done; the browser stays.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { setContext } from '../../functions/config/context.ts';
import { launchBrowser } from './browser.ts';
import { uploadPdf, waitForAnalysis } from './documents.ts';
import { importLuccaList, tuscanItemsOf } from './price-lists.ts';
import { ADMIN_PASSWORD, loginAs, startTestRuntime, type TestRuntime } from './runtime.ts';

interface Shared {
  browser?: Promise<{ browser: Browser; close: () => Promise<void> }>;
  apps: Map<string, Promise<TestRuntime>>;
  /** Documents uploaded once per run, per app: by the key `sharedDocument` was given. */
  documents: WeakMap<TestRuntime, Map<string, Promise<number>>>;
  /** DATA_DIRs of the apps started, removed at exit whatever happened. */
  dataDirs: Set<string>;
  closing?: Promise<void>;
  exitHooked?: boolean;
}

// On globalThis, so that a second evaluation of this module in the same process (another vitest
// module graph) still finds the one browser and the apps already started.
const KEY = Symbol.for('computa.tests.shared');
const shared: Shared = ((globalThis as Record<symbol, Shared>)[KEY] ??= { apps: new Map(), documents: new WeakMap(), dataDirs: new Set() });

/** The one Chromium of this test process; contexts (one per page) keep tests apart. */
export async function sharedBrowser(): Promise<Browser> {
  closeAtExit();
  shared.browser ??= launchBrowser();
  return (await shared.browser).browser;
}

/**
 * The app named `name` of this test process (dynalite, s3rver, HTTP server in a fresh DATA_DIR),
 * started once; `prepare` runs once right after the start (e.g. loads the price list every file
 * of this name expects). Files asking the same name must agree on what `prepare` does.
 */
export function sharedApp(name = 'default', prepare?: (rt: TestRuntime) => Promise<void>): Promise<TestRuntime> {
  closeAtExit();
  let app = shared.apps.get(name);
  if (!app) {
    app = startTestRuntime().then(async (rt) => {
      shared.dataDirs.add(rt.dataDir);
      shared.documents.set(rt, new Map());
      await prepare?.(rt);
      return rt;
    });
    shared.apps.set(name, app);
    // A failed start is not kept: the next file tries again and reports its own failure.
    app.catch(() => shared.apps.delete(name));
  }
  // The HTTP handlers read the process's one context (functions/config/context.ts), which the last
  // runtime started in this fork installed: the file asking for this app makes it the current one
  // (files run one after another in a fork, so one app answers at a time).
  return app.then((rt) => {
    setContext(rt.ctx);
    return rt;
  });
}

/**
 * The shared app whose Lucca 2025 list holds the Toscana articles of the corpus document `pdf`
 * (tuscanItemsOf: priced 10% above the print), loaded once: the files that price that document
 * against that list share it.
 */
export function luccaApp(pdf: string): Promise<TestRuntime> {
  return sharedApp(`lucca:${pdf}`, async (rt) => importLuccaList(rt.url, await loginAs(rt.url, 'admin', ADMIN_PASSWORD), tuscanItemsOf(pdf)));
}

/**
 * A document uploaded by admin to the shared app `rt` once per run and analysed, cached by `key`
 * (the file name unless said otherwise). Only for documents no test changes: a test that edits,
 * deletes or re-prices rows uploads its own with `uploadPdf`.
 */
export async function sharedDocument(
  rt: TestRuntime,
  name: string,
  file: () => Buffer | Promise<Buffer>,
  options: { key?: string; timeoutMs?: number; fields?: Record<string, string> } = {},
): Promise<number> {
  const documents = shared.documents.get(rt);
  if (!documents) throw new Error('sharedDocument: the app was not started by sharedApp()');
  const key = options.key ?? name;
  let id = documents.get(key);
  if (!id) {
    id = (async () => {
      const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
      const up = await uploadPdf(rt.url, token, await file(), name, options.fields);
      if (!up.id) throw new Error(`upload of ${name} refused: ${up.status} ${JSON.stringify(up.json)}`);
      await waitForAnalysis(rt.url, token, up.id, options.timeoutMs ?? 240_000);
      return up.id;
    })();
    documents.set(key, id);
    id.catch(() => documents.delete(key));
  }
  return id;
}

/** Closes the browser and every shared app, once. */
export function closeShared(): Promise<void> {
  shared.closing ??= (async () => {
    await Promise.allSettled([shared.browser?.then((b) => b.close()), ...[...shared.apps.values()].map((a) => a.then((rt) => rt.close()))]);
  })();
  return shared.closing;
}

/**
 * vitest stops a fork with SIGTERM and kills it 500 ms later (and forbids process.exit inside it):
 * remove the apps' DATA_DIRs at once, give the browser and the apps what is left of that time to
 * close, then end. dynalite's process ends itself when this one goes (IPC disconnect), Chromium
 * when its pipe closes.
 */
function closeAtExit() {
  if (shared.exitHooked) return;
  shared.exitHooked = true;
  const removeDirs = () => {
    for (const dir of shared.dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    removeDirs();
    const deadline = new Promise((resolve) => setTimeout(resolve, 300).unref());
    void Promise.race([closeShared(), deadline]).finally(() => process.kill(process.pid, 'SIGKILL'));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  process.once('exit', removeDirs);
}

/** Closes the pages a file left open (tests/support/e2e-setup.ts runs it after each file). */
export async function closeContexts(): Promise<void> {
  const launched = await shared.browser?.catch(() => undefined);
  await Promise.allSettled((launched?.browser.contexts() ?? []).map((c) => c.close()));
}
