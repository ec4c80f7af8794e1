import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM } from './browser.ts';

const INSTALL = 'apt-get install -y chromium';

const onPath = (cmd: string) => (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${cmd}`));

/**
 * The browser tests need Chromium at CHROMIUM (/usr/bin/chromium unless CHROMIUM_PATH says
 * otherwise). When it is missing: as root with apt-get (a fresh CI or container machine, what
 * .ci/run does) install the Debian package, so `npm install && npm test` alone passes there;
 * anywhere else fail at once, before any test, with the one command to run. A test command never
 * asks for sudo, and a CHROMIUM_PATH that points nowhere is the caller's mistake, never installed.
 */
export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    const how = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${CHROMIUM} non esiste: correggilo o toglilo e installa Chromium con` : 'Installa Chromium con';
    throw new Error(`I test nel browser richiedono Chromium in ${CHROMIUM}, che manca. ${how}:\n\n  sudo ${INSTALL}\n`);
  }
  console.log(`Chromium manca in ${CHROMIUM}: lo installo (${INSTALL})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get ha installato chromium ma ${CHROMIUM} manca ancora`);
}
