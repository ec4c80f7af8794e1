/**
 * LibreOffice headless conversions. Every call gets its own user profile (UserInstallation), so
 * parallel runs never share a profile lock; the Italian locale makes Calc print number formats
 * as `1.234,56`. A conversion that does not end within the timeout is killed (its own process
 * group only) and reported with the files it was converting.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SOFFICE = process.env.SOFFICE ?? 'soffice';

/** `LibreOffice 7.4.7.2 40(Build:2)`, or null when soffice cannot be run. */
export function sofficeVersion(bin = SOFFICE): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim().split('\n').pop() ?? null;
}

export class ConversionError extends Error {}

/**
 * Converts `files` (all in one soffice run) to `target` (`pdf`, `docx`, …) into `outDir`; returns the
 * output paths in the same order. Throws a ConversionError on a non-zero exit, a missing output or
 * a timeout (default 240 s).
 */
export async function convert(files: string[], target: string, outDir: string, timeoutMs = 240_000, bin = SOFFICE): Promise<string[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-computa-'));
  const args = ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', target, '--outdir', outDir, ...files];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'it_IT.UTF-8', LC_ALL: 'it_IT.UTF-8' } });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.stdout.on('data', () => undefined);
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        reject(new ConversionError(`soffice hung: no answer after ${timeoutMs / 1000} s converting ${files.map(f => path.basename(f)).join(', ')} to ${target} (killed)`));
      }, timeoutMs);
      child.on('error', e => {
        clearTimeout(timer);
        reject(new ConversionError(`soffice could not be started (${bin}): ${e.message}`));
      });
      // 'exit' may come before the last of stderr: a failure waits for its end (briefly: a left-over
      // child of soffice may hold the pipe open).
      let stderrEnded = false;
      child.stderr.on('end', () => (stderrEnded = true));
      child.on('exit', code => {
        clearTimeout(timer);
        if (code === 0) return resolve();
        const fail = () => reject(new ConversionError(`soffice exited with ${code} converting ${files.map(f => path.basename(f)).join(', ')}: ${err.trim()}`));
        if (stderrEnded) return fail();
        const wait = setTimeout(fail, 1000);
        child.stderr.once('end', () => (clearTimeout(wait), fail()));
      });
    });
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const ext = target.split(':')[0];
  return files.map(f => {
    const out = path.join(outDir, `${path.basename(f, path.extname(f))}.${ext}`);
    if (!fs.existsSync(out)) throw new ConversionError(`soffice wrote no ${ext} for ${path.basename(f)}`);
    return out;
  });
}
