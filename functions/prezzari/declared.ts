/**
 * What a price-list file says about itself: the province, DEI typology and year in its title
 * rows or XML header, in its own columns, and in its codes (TOS25_ is a 2025 Toscana list).
 * The import preview shows it and warns, in Italian, when it differs from what the user chose,
 * since confirming overwrites the list of the chosen key and year.
 */
import { read as readXls, utils as xlsUtils } from '@e965/xlsx';
import { findProvince, PROVINCES } from '../../shared/domain/provinces.ts';
import { toscanaYear } from '../../shared/domain/pricing.ts';
import { codeShares, foreignCodesAlert } from '../../shared/domain/price-file.ts';
import { fold } from '../../shared/domain/fold.ts';
import type { PriceRow } from './readers/index.ts';

export interface Declared {
  provincia: string | null;
  tipologia: string | null;
  anno: number | null;
  /** Where each value was read, in Italian ("intestazione del file", "colonna Provincia", "codici TOS25_"). */
  fonti: string[];
}

export interface Target {
  source: 'dei' | 'toscana' | 'csv';
  key: string;
  year: number;
}

const HEAD_BYTES = 16_384;
const TITLE_ROWS = 12;
const TUSCAN = PROVINCES.filter((p) => p.region === 'Toscana');

/** The text above the table: the first rows of the first sheet, or the start of a text/XML file. */
export function headText(bytes: Uint8Array, filename: string): string {
  if (/\.(xlsx|xls)$/i.test(filename)) {
    try {
      const wb = readXls(bytes, { type: 'array', sheetRows: TITLE_ROWS, cellFormula: false, cellHTML: false });
      const sheet = wb.Sheets[wb.SheetNames[0]];
      const rows = xlsUtils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: '' });
      return rows.map((r) => r.filter((c) => typeof c === 'string').join(' ')).join('\n');
    } catch {
      return '';
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, HEAD_BYTES));
  if (/\.xml$/i.test(filename) || text.trimStart().startsWith('<')) {
    // The header only: up to the first article.
    const end = text.search(/<[^>]*(Articolo|Voce|Item)\b/i);
    return end > 0 ? text.slice(0, end) : text.slice(0, 4000);
  }
  return text.split(/\r?\n/).slice(0, 3).join('\n');
}

function mostCommon<T>(values: Array<T | null | undefined>): T | null {
  const counts = new Map<T, number>();
  for (const v of values) if (v !== null && v !== undefined && v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | null = null;
  let n = 0;
  for (const [v, c] of counts) if (c > n) [best, n] = [v, c];
  return best;
}

function provinceIn(text: string): string | null {
  const m = /provincia\s+di\s+([A-Za-zÀ-ÿ' -]{3,30}?)(?=["<\n,.;)]|$)/i.exec(text);
  const named = m ? findProvince(m[1].trim()) : undefined;
  if (named) return named.name.toUpperCase();
  const folded = fold(text);
  const tuscan = TUSCAN.find((p) => new RegExp(`\\b${fold(p.name).replace(/[-\s]+/g, '[-\\s]+')}\\b`).test(folded));
  return tuscan ? tuscan.name.toUpperCase() : null;
}

function yearIn(text: string): number | null {
  const attr = /\banno\s*=\s*["'](\d{4})["']/i.exec(text) ?? /\banno\s*:?\s*(20\d{2})\b/i.exec(text);
  if (attr) return Number(attr[1]);
  const any = /\b(20[1-4]\d)\b/.exec(text);
  return any ? Number(any[1]) : null;
}

function tipologiaIn(text: string, tipologie: ReadonlyArray<{ value: string; description: string }>): string | null {
  const folded = fold(text).replace(/[_\s]+/g, ' ');
  const hit = tipologie.find((t) => {
    const d = fold(t.description).trim();
    return d.length >= 5 && folded.includes(d);
  });
  return hit?.value ?? null;
}

/** Reads the declarations; any of them may be null when the file does not say. */
export function declaredBy(head: string, rows: readonly PriceRow[], tipologie: ReadonlyArray<{ value: string; description: string }> = []): Declared {
  const fonti: string[] = [];
  const sample = rows.length > 5000 ? rows.filter((_, i) => i % Math.ceil(rows.length / 5000) === 0) : rows;

  let provincia = provinceIn(head);
  if (provincia) fonti.push('provincia dall\u2019intestazione del file');
  else {
    const column = mostCommon(sample.map((r) => (r.provincia ? findProvince(r.provincia)?.name.toUpperCase() : null)));
    if (column) fonti.push('provincia dalla colonna Provincia');
    provincia = column;
  }

  let anno = yearIn(head);
  if (anno) fonti.push('anno dall\u2019intestazione del file');
  else {
    const fromCodes = mostCommon(sample.map((r) => toscanaYear(r.codice)));
    const column = mostCommon(sample.map((r) => r.anno));
    anno = fromCodes ?? column;
    if (fromCodes) fonti.push(`anno dai codici TOS${String(fromCodes).slice(2)}_`);
    else if (column) fonti.push('anno dalla colonna Anno');
  }

  let tipologia = tipologiaIn(head, tipologie);
  if (tipologia) fonti.push('tipologia dall\u2019intestazione del file');
  else {
    tipologia = mostCommon(sample.map((r) => (r.tipologia ? (tipologie.find((t) => t.value === r.tipologia || fold(t.description) === fold(r.tipologia!))?.value ?? null) : null)));
    if (tipologia) fonti.push('tipologia dalla colonna Tipologia');
  }
  return { provincia, tipologia, anno, fonti };
}

/**
 * What the preview says of a file that declares or holds something else than the user chose.
 * `alerts` are the loud ones, shown above the preview with an explicit confirmation before
 * importing: another province or typology declared by the file, most codes of another source.
 * `warnings` are the others (another year). Every one of them is also among the preview's warnings.
 */
export function declaredChecks(declared: Declared, target: Target, rows: readonly PriceRow[], label: (tipologia: string) => string = (t) => t): { alerts: string[]; warnings: string[] } {
  const alerts: string[] = [];
  const warnings: string[] = [];
  const tail = 'Confermando, sarà sovrascritto il prezzario scelto: verificare prima di confermare.';
  if (target.source === 'toscana' && declared.provincia && declared.provincia !== target.key) {
    alerts.push(`Il file dichiara la provincia ${declared.provincia}, ma è stata scelta ${target.key}. ${tail}`);
  }
  if (target.source === 'dei' && declared.tipologia && declared.tipologia !== target.key) {
    alerts.push(`Il file dichiara la tipologia ${label(declared.tipologia)}, ma è stata scelta ${label(target.key)}. ${tail}`);
  }
  const foreign = foreignCodesAlert(target.source, codeShares(rows.map((r) => r.codice)));
  if (foreign) alerts.push(`${foreign} ${tail}`);
  if (target.source !== 'csv' && declared.anno && declared.anno !== target.year) {
    warnings.push(`Il file dichiara l\u2019anno ${declared.anno}, ma è stato scelto il ${target.year}. ${tail}`);
  }
  return { alerts, warnings };
}

/** Italian warnings for each declaration (and the codes' source) that differs from the user's choice, loud ones first. */
export function declaredWarnings(declared: Declared, target: Target, rows: readonly PriceRow[], label: (tipologia: string) => string = (t) => t): string[] {
  const { alerts, warnings } = declaredChecks(declared, target, rows, label);
  return [...alerts, ...warnings];
}

/** "Il file dichiara: provincia FIRENZE, anno 2025." or null when it declares nothing. */
export function declaredSummary(declared: Declared, label: (tipologia: string) => string = (t) => t): string | null {
  const parts = [
    declared.provincia && `provincia ${declared.provincia}`,
    declared.tipologia && `tipologia ${label(declared.tipologia)}`,
    declared.anno && `anno ${declared.anno}`,
  ].filter(Boolean);
  return parts.length ? `Il file dichiara: ${parts.join(', ')}.` : null;
}

/** What a price file declares and what the preview says of it: the loud alerts ask for an explicit confirmation. */
export interface DeclaredCheck {
  declared: Declared;
  summary: string | null;
  alerts: string[];
  warnings: string[];
}

/** Reads what the file declares (header, columns, code prefixes) against the list it is loaded as. */
export function checkDeclared(
  head: string,
  rows: readonly PriceRow[],
  target: Target,
  tipologie: ReadonlyArray<{ value: string; description: string }> = [],
): DeclaredCheck {
  const declared = declaredBy(head, rows, tipologie);
  const label = (v: string) => tipologie.find((t) => t.value === v)?.description ?? v;
  return { declared, summary: declaredSummary(declared, label), ...declaredChecks(declared, target, rows, label) };
}

/**
 * The preview of step one with what the file declares: the summary appended to the message,
 * the warnings first among the preview's warnings, the loud ones also as `source_alerts` (the
 * confirmation must say it saw them: functions/services/price-imports.ts), and `declared` for integrators.
 */
export function withDeclared<S extends { message: string; warnings: string[] }>(stage: S, check: DeclaredCheck): S & { declared: Declared; source_alerts: string[] } {
  return {
    ...stage,
    message: check.summary ? `${stage.message} ${check.summary}` : stage.message,
    warnings: [...check.alerts, ...check.warnings, ...stage.warnings],
    source_alerts: check.alerts,
    declared: check.declared,
  };
}
