/** `npm run bench`: every benchmark in turn; each prints its own figures. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
for (const script of ['extraction.ts', 'upload.ts', 'documento.ts', 'affidabilita.ts', 'ocr.ts', 'search.ts', 'prestazioni.ts', 'importazioni.ts', 'fogli.ts', 'esportazioni.ts']) {
  console.log(`\n== ${script} ==`);
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, script)], { stdio: 'inherit' });
}
