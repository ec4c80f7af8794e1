/**
 * The fonts of the printed reports: Liberation Sans (regular, bold, italic; SIL Open Font License),
 * the TrueType files pdf.js ships in pdfjs-dist/standard_fonts, installed by `npm ci` with the
 * reader and copied beside the documents Lambda's bundle (infra/cloud/api.ts). Embedded (subset)
 * in every PDF, they draw Latin with every accent, Greek, Cyrillic and the usual signs (€ ² ³ ≥ ≤ ≠
 * → −), where the standard PDF fonts had WinAnsi only and printed "?".
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FONT_FILES = { reg: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf', ital: 'LiberationSans-Italic.ttf' } as const;
export type FontFace = keyof typeof FONT_FILES;

/** pdfjs-dist/standard_fonts in node_modules, or beside the Lambda bundle. */
function fontDir(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  } catch {
    return path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdfjs-dist', 'standard_fonts');
  }
}

const loaded = new Map<FontFace, Uint8Array>();

/** The bytes of one face, read once per process. */
export function fontBytes(face: FontFace): Uint8Array {
  let bytes = loaded.get(face);
  if (!bytes) {
    bytes = new Uint8Array(fs.readFileSync(path.join(fontDir(), FONT_FILES[face])));
    loaded.set(face, bytes);
  }
  return bytes;
}
