import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The shared synthetic corpus (PDF + exact ground truth), outside the repository. */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus/pdf');
