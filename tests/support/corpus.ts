import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './runtime.ts';

export const CORPUS_PDF = path.resolve(REPO_ROOT, '../shared/corpus/pdf');
export const FIXTURES = path.resolve(REPO_ROOT, 'tests/fixtures');

export const corpusFile = (name: string) => fs.readFileSync(path.join(CORPUS_PDF, name));
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export interface Truth {
  file: string;
  pages: number;
  document_total: number;
  voci: number;
  items: Array<{ tariffa: string; descrizione: string; um: string; quantita: number; unitario: number; totale: number; page: number; page_end: number }>;
}

export const truthOf = (name: string): Truth => JSON.parse(fs.readFileSync(path.join(CORPUS_PDF, name.replace(/\.pdf$/, '.truth.json')), 'utf8'));
