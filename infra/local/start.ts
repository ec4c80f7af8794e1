/**
 * `npm start`: builds the web app if needed, then runs the whole product on one port.
 * Contract for scripts: PORT (default 3000), HOST (default 127.0.0.1), DATA_DIR (default ./.data),
 * ADMIN_PASSWORD.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime } from './runtime.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'web/dist');

function webIsStale(): boolean {
  const index = path.join(webDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  return Math.max(newest(path.join(root, 'web/src')), newest(path.join(root, 'shared'))) > built;
}

/**
 * The generated admin password goes to the terminal once. When the output is not a terminal
 * (redirected to a log file, a service manager) it goes to a file only the owner can read.
 */
function announceAdminPassword(username: string, password: string, dataDir: string): void {
  if (process.stdout.isTTY) {
    console.log(`Amministratore creato: utente "${username}", password "${password}"`);
    console.log('La password è mostrata solo ora: conservala.');
    return;
  }
  const file = path.resolve(dataDir, 'admin-password.txt');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  console.log(`Amministratore creato: utente "${username}". L\u2019uscita non è un terminale: la password è nel file ${file} (leggibile solo dal proprietario). Conservala e cancella il file.`);
}

async function main() {
  const started = Date.now();
  if (webIsStale()) {
    console.log('Compilazione dell\u2019interfaccia web...');
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const dataDir = process.env.DATA_DIR ?? path.join(root, '.data');
  const runtime = await startLocalRuntime({
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST || '127.0.0.1',
    dataDir,
    adminPassword: process.env.ADMIN_PASSWORD,
    webDir,
    warmAnalysis: true,
  });
  console.log(`Computa pronta su ${runtime.url} (avvio in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (runtime.seed.adminPassword && process.env.ADMIN_PASSWORD) {
    console.log(`Amministratore creato: utente "${runtime.seed.adminUsername}" con la password di ADMIN_PASSWORD`);
  } else if (runtime.seed.adminPassword) {
    announceAdminPassword(runtime.seed.adminUsername, runtime.seed.adminPassword, dataDir);
  } else {
    console.log(`Amministratore: utente "${runtime.seed.adminUsername}" (password impostata al primo avvio)`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: arresto in corso...`);
    await runtime.stop();
    console.log('Computa arrestata. I dati restano in', process.env.DATA_DIR ?? '.data');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Avvio non riuscito:', err instanceof Error ? err.message : err);
  process.exit(1);
});
