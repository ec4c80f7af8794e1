import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './runtime.ts';

export const FIXTURES = path.resolve(REPO_ROOT, 'tests/fixtures');
/** The synthetic corpus (PDF + exact truth) copied from the team's shared folder: see its README. */
export const CORPUS_PDF = path.join(FIXTURES, 'corpus/pdf');
/** Real data files of the corpus: a SIX export of STR Vision and a Toscana price-list excerpt. */
export const CORPUS_DATA = path.join(FIXTURES, 'corpus/data');

/** Reads a fixture, failing with the missing file's path (never a silent skip). */
export function readFixture(file: string): Buffer {
  if (!fs.existsSync(file)) throw new Error(`Fixture mancante: ${path.relative(REPO_ROOT, file)} (i test leggono solo file dentro il repository)`);
  return fs.readFileSync(file);
}
export const corpusFile = (name: string) => readFixture(path.join(CORPUS_PDF, name));
export const corpusData = (name: string) => readFixture(path.join(CORPUS_DATA, name));
export const fixture = (name: string) => readFixture(path.join(FIXTURES, name));

export interface Truth {
  file: string;
  pages: number;
  document_total: number;
  voci: number;
  items: Array<{ tariffa: string; descrizione: string; um: string; quantita: number; unitario: number; totale: number; page: number; page_end: number }>;
}

export const truthOf = (name: string): Truth => JSON.parse(readFixture(path.join(CORPUS_PDF, name.replace(/\.pdf$/, '.truth.json'))).toString('utf8'));
