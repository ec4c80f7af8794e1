/** `npm run bench`: every benchmark in turn; each prints its own figures. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
for (const script of ['extraction.ts', 'upload.ts', 'documento.ts', 'affidabilita.ts', 'ocr.ts', 'prestazioni.ts']) {
  console.log(`\n== ${script} ==`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit' });
}
