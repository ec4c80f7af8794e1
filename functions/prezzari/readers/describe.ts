const SPACES = /[\s\u00a0\u202f]+/g;

function collapse(text: string): string {
  return text.replace(SPACES, ' ').trim();
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  return line;
}

/**
 * One readable description from hierarchical levels (Toscana livello1..4, PRT
 * tipo/capitolo/voce/articolo, spreadsheet "Livello n" columns), most general first.
 *
 * - empty levels are dropped;
 * - with three or more levels the first (the whole work type, e.g. "NUOVE COSTRUZIONI EDILI.
 *   Prezzi per…", repeated on every item) is dropped;
 * - the chapter (the first level kept, when at least three remain) contributes only its first
 *   line, its title ("DEMOLIZIONE."), not the page of general notes that follows;
 * - the remaining levels are kept whole, whitespace collapsed, joined with " - " after dropping
 *   one trailing full stop from every part but the last.
 *
 * "DEMOLIZIONE - TOTALE O PARZIALE DI EDIFICI - con struttura portante in calcestruzzo armato.
 * Eseguita con mezzi meccanici. Per qualsiasi altezza."
 */
export function describeLevels(levels: ReadonlyArray<string | null | undefined>): string {
  let parts = levels.map((l) => (l ?? '').trim()).filter((l) => l !== '');
  if (parts.length >= 3) parts = parts.slice(1);
  if (parts.length >= 3) parts = [firstLine(parts[0]), ...parts.slice(1)];
  const out = parts.map(collapse).filter((p) => p !== '');
  return out
    .map((p, i) => (i < out.length - 1 ? p.replace(/(?<!\.)\.$/, '') : p))
    .join(' - ');
}
