/**
 * The local runtime's analysis threads (with their page threads) and its database process each
 * load one bundled file instead of registering tsx. Through tsx's loader a fresh analysis thread
 * spent about 9 s of CPU loading its modules (each import resolved through the loader's hooks);
 * from a bundle it loads in well under a second, so `npm start` is ready sooner and every test
 * file that uploads a computo pays 9 s less.
 *
 * Packages stay external (Node loads them itself, untouched), so the bundles are written inside
 * the repository's node_modules, where those packages resolve from. They are built in memory at
 * start and written once per content (a hash names their folder), so runtimes started together
 * share one copy. If the build fails the runtime falls back to the tsx entries, slower but the
 * same code.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { logger, errorAttributes } from '../../functions/config/logger.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/computa-threads');

/**
 * Output file → its TypeScript entry. The names are those the callers start: functions/analysis/
 * page-reader.ts starts `./page-reader-thread.mjs` beside itself, which in the analysis bundle is
 * beside the bundle (as in the cloud's, infra/cloud/analysis.ts).
 */
const ENTRIES = {
  'analysis-thread': 'infra/local/analysis-thread-main.ts',
  'page-reader-thread': 'functions/analysis/page-reader-main.ts',
  'dynalite-process': 'infra/local/dynalite-main.ts',
} as const;

export interface ThreadEntries {
  /** The analysis thread's module (a Worker's URL). */
  analysisThread: URL;
  /** The database process's module (a fork's path). */
  dynaliteProcess: string;
}

/** The tsx entries beside the sources: the same code, loaded through tsx's loader. */
export const SOURCE_ENTRIES: ThreadEntries = {
  analysisThread: pathToFileURL(path.join(ROOT, 'infra/local/analysis-thread.mjs')),
  dynaliteProcess: path.join(ROOT, 'infra/local/dynalite-process.mjs'),
};

let built: Promise<ThreadEntries> | undefined;

/** The bundled entries, built once per process; the tsx entries if bundling fails. */
export function threadEntries(): Promise<ThreadEntries> {
  built ??= bundle().catch((err) => {
    logger.warn('thread bundles not built: the threads load through tsx', { error: errorAttributes(err) });
    return SOURCE_ENTRIES;
  });
  return built;
}

async function bundle(): Promise<ThreadEntries> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(path.basename(file.path)).update(file.contents);
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  if (!fs.existsSync(dir)) {
    publish(dir, result.outputFiles);
    dropStale(dir);
  }
  return {
    analysisThread: pathToFileURL(path.join(dir, 'analysis-thread.mjs')),
    dynaliteProcess: path.join(dir, 'dynalite-process.mjs'),
  };
}

/** Writes the files into a folder of their own, then renames it into place: readers never see half a folder. */
function publish(dir: string, files: Array<{ path: string; contents: Uint8Array }>): void {
  const staging = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(staging, { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(staging, path.basename(file.path)), file.contents);
  try {
    fs.renameSync(staging, dir);
  } catch (err) {
    // Another runtime published the same content first.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw err;
  }
}

/** Bundles of older sources, a day old or more (a runtime started from one is long over). */
function dropStale(current: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(CACHE)) {
    const dir = path.join(CACHE, name);
    // Another runtime may be dropping the same folder: whatever is gone is gone.
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    if (dir !== current && stat && stat.mtimeMs < dayAgo) fs.rmSync(dir, { recursive: true, force: true });
  }
}
