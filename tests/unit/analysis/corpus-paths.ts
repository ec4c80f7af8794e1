import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The synthetic corpus (PDF + exact ground truth), copied into the repository. */
export const corpusDir = path.resolve(repoRoot, 'tests/fixtures/corpus/pdf');
