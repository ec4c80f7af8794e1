/**
 * Excel-style computi (.xlsx, .xls, and .ods that are not LeenO): one table with a header row.
 * The header is found by synonyms (as the price-list reader does; the table below is our own,
 * for computo columns: Codice, Descrizione, U.M., Quantità, Prezzo unitario, Importo). Without
 * a readable header the columns are guessed from the numbers (the three columns where
 * quantità × prezzo = importo on most rows), and the mapping is "not certain": the upload
 * shows it for the user to confirm or correct. Rows without an amount are titles (chapters)
 * or notes; rows named "Totale…"/"Subtotale…" are skipped (a grand total is kept as the
 * document's total); percentage rows ("%") are voci with their amount.
 */
import { compare, dec, div, fromNumber, mul, round, sum, toNumber, ZERO, type Decimal } from '../../../shared/domain/money.ts';
import { normalizeTitle } from '../../prezzari/readers/headers.ts';
import { productHolds, R_PRODOTTO } from '../parser/checks.ts';
import type { Capitoli, ParsedVoce } from '../parser/types.ts';
import { fileNumber, finish, ImportError, makeVoce, type ImportResult } from './common.ts';
import { cellString, type Cell, type Sheet } from './workbook.ts';
import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../../../shared/api/documents.ts';

export const NO_COMPUTO_COLUMNS =
  'Nessuna tabella di computo riconosciuta nel foglio di calcolo: servono almeno le colonne Descrizione e Importo (o Quantità e Prezzo unitario).';
export const NO_VOCI = 'Nessuna voce di computo trovata nel foglio di calcolo: nessuna riga con un importo.';
export const BAD_MAPPING = 'Associazione delle colonne non valida: scegli almeno le colonne Descrizione e Importo, ciascuna una sola volta.';

/** Header synonyms, normalised (lower case, no accents, punctuation as spaces). */
const SYNONYMS: Record<MappingField, RegExp> = {
  codice: /^(?:codice(?: (?:articolo|tariffa|voce|prezzo|elenco prezzi|ep))?|cod(?: art(?:icolo)?)?|tariffa|n tariffa|art(?:icolo)?|rif(?:erimento)?|voce ep|codice e p)$/,
  descrizione: /^(?:descrizione|designazione|descrizione (?:dei )?lavori|designazione dei lavori|descrizione (?:voce|articolo|estesa|sintetica|breve)|lavorazione|lavorazioni|indicazione dei lavori|descrizione delle opere|oggetto|voce|descrizioni)$/,
  unita_di_misura: /^(?:u ?m|unita(?: di)? mis(?:ura)?|udm|u d m|u mis|unita|misura)$/,
  quantita: /^(?:quantita|q ?ta|qt|quant|q|quantita totale|quantita complessiva|totale quantita|quantita computo)$/,
  unitario: /^(?:prezzo(?: unit(?:ario)?)?|p ?u|prezzo u|(?:importo|costo|e|euro) unitario|unitario|prezzo (?:in )?euro|prezzo unitario euro|prezzo unitario in euro|prezzo applicato)(?: euro)?$/,
  totale: /^(?:importo|importi|totale|importo (?:totale|complessivo|lavori|voce)|costo totale|prezzo totale|totale (?:voce|euro|importo)|importo in euro|importo euro|importo totale euro)(?: euro)?$/,
};

/** "I M P O R T I" → "importi". */
function headerText(c: Cell | undefined): string {
  let t = normalizeTitle(cellString(c));
  if (/^(?:\w )+\w$/.test(t)) t = t.replace(/ /g, '');
  return t.replace(/ (?:euro|eur)$/, '');
}

function classify(t: string): MappingField | null {
  if (!t) return null;
  for (const f of MAPPING_FIELDS) if (SYNONYMS[f].test(t)) return f;
  return null;
}

export interface HeaderGuess {
  sheet: string;
  /** 0-based row of the header (-1 when the columns were guessed from the numbers). */
  headerRow: number;
  mapping: ColumnMapping;
  certain: boolean;
  /** Column labels as the file has them (or "Colonna C"). */
  columns: string[];
}

const emptyMapping = (): ColumnMapping => ({ codice: null, descrizione: null, unita_di_misura: null, quantita: null, unitario: null, totale: null });
export const columnLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

const HEADER_ROWS = 40;

function headerAt(rows: Cell[][], r: number): ColumnMapping | null {
  const m = emptyMapping();
  const row = rows[r] ?? [];
  const next = rows[r + 1] ?? [];
  const width = Math.max(row.length, next.length);
  // The header row names at least one column itself (the next row only completes it).
  if (!row.some((c) => classify(headerText(c)) !== null)) return null;
  for (let c = 0; c < width; c++) {
    let f = classify(headerText(row[c]));
    // Two-row headers ("IMPORTI" over "unitario | TOTALE"): the second row names the column.
    const below = classify(headerText(next[c]));
    if (below && (!f || f === 'totale')) f = below;
    if (f && m[f] === null) m[f] = c;
  }
  // "Prezzo … Importo" where only "importo" matched twice: the first is the unit price.
  return m.descrizione !== null && (m.totale !== null || (m.quantita !== null && m.unitario !== null)) ? m : null;
}

function labels(rows: Cell[][], headerRow: number): string[] {
  const width = Math.min(200, Math.max(0, ...rows.slice(Math.max(0, headerRow), headerRow + 200).map((r) => r?.length ?? 0)));
  return Array.from({ length: width }, (_, c) => {
    const two = headerRow >= 0 && rowIsHeaderish(rows[headerRow + 1]);
    const t = headerRow >= 0 ? [cellString(rows[headerRow]?.[c]), two ? cellString(rows[headerRow + 1]?.[c]) : ''].filter(Boolean).join(' ') : '';
    return t && t.length <= 60 ? t : `Colonna ${columnLetter(c)}`;
  });
}

const num = (c: Cell | undefined): Decimal | null => (typeof c === 'number' ? (Number.isFinite(c) ? fromNumber(c) : null) : typeof c === 'string' ? fileNumber(c) : null);

/** Share of numeric rows where q × p = t with this mapping, and how many such rows. */
function productScore(rows: Cell[][], from: number, m: ColumnMapping): { rows: number; holds: number } {
  if (m.quantita === null || m.unitario === null || m.totale === null) return { rows: 0, holds: 0 };
  let n = 0;
  let holds = 0;
  for (let r = from; r < rows.length && n < 500; r++) {
    const q = num(rows[r]?.[m.quantita]);
    const p = num(rows[r]?.[m.unitario]);
    const t = num(rows[r]?.[m.totale]);
    if (!q || !p || !t || t.units === 0n) continue;
    n++;
    // A percentage row: the % of a base amount.
    if (productHolds(q, p, t) || productHolds(div(mul(q, p), dec(100n), 6), dec(1n), t)) holds++;
  }
  return { rows: n, holds };
}

/** Columns guessed from the data: the (q, p, t) triple that satisfies the product most often, text columns around it. */
function guessFromNumbers(rows: Cell[][]): ColumnMapping | null {
  const width = Math.min(60, Math.max(0, ...rows.slice(0, 500).map((r) => r?.length ?? 0)));
  let best: { m: ColumnMapping; holds: number } | null = null;
  for (let t = 0; t < width; t++) {
    for (let q = 0; q < t; q++) {
      for (let p = 0; p < t; p++) {
        if (p === q) continue;
        const m = { ...emptyMapping(), quantita: q, unitario: p, totale: t };
        const s = productScore(rows, 0, m);
        if (s.holds >= 2 && (!best || s.holds > best.holds)) best = { m, holds: s.holds };
      }
    }
  }
  if (!best) return null;
  const m = best.m;
  // Text columns left of the numbers: the longest average text is the description, a short one before it the code, a short one after it the unit.
  const textLen = (c: number) => rows.slice(0, 500).reduce((s, r) => s + (typeof r?.[c] === 'string' ? cellString(r[c]).length : 0), 0);
  const used = new Set([m.quantita, m.unitario, m.totale]);
  const candidates = Array.from({ length: width }, (_, c) => c).filter((c) => !used.has(c) && textLen(c) > 0);
  if (!candidates.length) return null;
  m.descrizione = candidates.reduce((a, b) => (textLen(b) > textLen(a) ? b : a));
  const before = candidates.filter((c) => c < m.descrizione!);
  if (before.length) m.codice = before[before.length - 1];
  const after = candidates.filter((c) => c > m.descrizione! && c < Math.min(m.quantita!, m.unitario!));
  if (after.length) m.unita_di_misura = after[0];
  return m;
}

/** Where the table is and how sure we are of its columns. */
export function guessMapping(sheets: Sheet[]): HeaderGuess {
  const ordered = [...sheets].sort((a, b) => Number(/computo/i.test(b.name)) - Number(/computo/i.test(a.name)));
  for (const s of ordered) {
    for (let r = 0; r < Math.min(HEADER_ROWS, s.rows.length); r++) {
      const m = headerAt(s.rows, r);
      if (!m) continue;
      const score = productScore(s.rows, r + 1, m);
      const certain = m.quantita !== null && m.unitario !== null && m.totale !== null && m.unita_di_misura !== null && score.rows > 0 && score.holds * 10 >= score.rows * 8;
      return { sheet: s.name, headerRow: r, mapping: m, certain, columns: labels(s.rows, r) };
    }
  }
  for (const s of ordered) {
    const m = guessFromNumbers(s.rows);
    if (!m) continue;
    // A first row of text only is a header we could not read: its labels name the columns.
    const top = s.rows.findIndex((r) => r?.some((c) => c !== null && c !== ''));
    const textOnly = top >= 0 && top < HEADER_ROWS && s.rows[top].every((c) => c === null || typeof c === 'string') && s.rows[top].filter(Boolean).length >= 3;
    return { sheet: s.name, headerRow: textOnly ? top : -1, mapping: m, certain: false, columns: labels(s.rows, textOnly ? top : -1) };
  }
  // Nothing recognised: the user chooses every column.
  const s = ordered.find((x) => x.rows.some((r) => r?.some((c) => c !== null && c !== ''))) ?? ordered[0];
  return { sheet: s.name, headerRow: -1, mapping: emptyMapping(), certain: false, columns: labels(s.rows, -1) };
}

/** A mapping sent by the user: known fields, distinct columns, Descrizione and Importo present. */
export function validMapping(value: unknown): ColumnMapping {
  if (!value || typeof value !== 'object') throw new ImportError(BAD_MAPPING);
  const m = emptyMapping();
  const seen = new Set<number>();
  for (const f of MAPPING_FIELDS) {
    const v = (value as Record<string, unknown>)[f];
    if (v === null || v === undefined || v === '') continue;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n >= 200 || seen.has(n)) throw new ImportError(BAD_MAPPING);
    seen.add(n);
    m[f] = n;
  }
  if (m.descrizione === null || m.totale === null) throw new ImportError(BAD_MAPPING);
  return m;
}

const SUBTOTAL = /^(?:sub ?totale|totale|tot\b|sommano|importo (?:complessivo|totale)|riporto|a riportare|riepilogo)/i;
const GRAND_TOTAL = /^(?:t ?o ?t ?a ?l ?e)(?:\s+(?:complessivo|generale|lavori|computo|opere|progetto|importo lavori|dei lavori|a base d.asta))?\s*[:.]?\s*(?:euro|€)?$|^importo (?:complessivo|totale)(?: (?:dei )?lavori)?\s*[:.]?$/i;

function chapterLevel(code: string, text: string): keyof Capitoli {
  if (/^(?:super ?categoria|super ?capitolo|lotto|parte|opere)\b/i.test(text)) return 'supercategoria';
  if (/^(?:sotto ?categoria|sotto ?capitolo|sub ?categoria|sub ?capitolo)\b/i.test(text)) return 'sottocategoria';
  const depth = /^\d+(?:[.]\d+)*\.?$/.test(code) ? code.replace(/\.$/, '').split('.').length : 0;
  if (depth === 1) return 'supercategoria';
  if (depth >= 3) return 'sottocategoria';
  return 'categoria';
}

const LEVELS: Array<keyof Capitoli> = ['supercategoria', 'categoria', 'sottocategoria'];

/** Reads the voci of `sheet` with `mapping`, from the row after `headerRow`. */
export function readTable(sheet: Sheet, headerRow: number, mapping: ColumnMapping, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const m = mapping;
  if (m.descrizione === null || m.totale === null) throw new ImportError(NO_COMPUTO_COLUMNS);
  const voci: ParsedVoce[] = [];
  const warnings: string[] = [];
  const chapters: Capitoli = {};
  const totals: Array<{ label: string; amount: Decimal }> = [];
  const first = headerRow >= 0 ? headerRow + (headerAt(sheet.rows, headerRow) && rowIsHeaderish(sheet.rows[headerRow + 1]) ? 2 : 1) : 0;
  let pending: { code: string; text: string } | null = null;
  let percentRows = 0;
  for (let r = first; r < sheet.rows.length; r++) {
    const row = sheet.rows[r] ?? [];
    const get = (f: MappingField) => (m[f] === null ? undefined : row[m[f]!]);
    const code = cellString(get('codice'));
    const text = cellString(get('descrizione'));
    const unit = cellString(get('unita_di_misura'));
    const t = num(get('totale'));
    const q = num(get('quantita'));
    const p = num(get('unitario'));
    if (!code && !text && !t && !q && !p) continue;
    const label = text || code;
    if (t === null) {
      // A title: a chapter when it has no numbers at all; otherwise a note.
      if (!q && !p && label && !SUBTOTAL.test(label)) {
        if (code && !/^\d+(?:\.\d+)*\.?$/.test(code) && text) pending = { code, text };
        // More lines of the description of a voce whose numbers come later.
        else if (pending && !code && text) pending.text = `${pending.text} ${text}`;
        else {
          const level = chapterLevel(code, label);
          chapters[level] = text || code;
          for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete chapters[lower];
          pending = null;
        }
      }
      continue;
    }
    // A total row: no code, no quantity, no price, labelled Totale/Subtotale/Sommano…
    if (!q && !p && (!code || SUBTOTAL.test(code)) && (SUBTOTAL.test(label) || !label)) {
      if (GRAND_TOTAL.test(label)) totals.push({ label, amount: t });
      continue;
    }
    const isPercent = unit === '%' || /%\s*$/.test(unit) || (!unit && /\d\s*%/.test(label) && !q);
    let quantita = q ?? ZERO;
    let unitario = p ?? ZERO;
    const verifica: string[] = [];
    if (isPercent) {
      percentRows++;
      if (!q && !p) {
        quantita = dec(1n);
        unitario = t;
      }
    }
    const descr = pending && !code ? `${pending.text}${text ? ` ${text}` : ''}` : text;
    const tariffa = pending && !code ? pending.code : code;
    pending = null;
    const voce = makeVoce({ tariffa, descrizione: descr, unita_di_misura: unit, quantita, unitario, totale: t, capitoli: { ...chapters }, verifica }, voci.length + 1);
    // A percentage applies to an amount: quantity (the %) × base / 100 = amount.
    if (isPercent && q && p && productHolds(div(mul(q, p), dec(100n), 6), dec(1n), t)) voce.verifica = voce.verifica.filter((v) => v !== R_PRODOTTO);
    voci.push(voce);
  }
  if (!voci.length) throw new ImportError(NO_VOCI);
  const got = round(sum(voci.map((v) => fromNumber(v.totale))), 2);
  // The grand total: the last total row; one that equals the sum is preferred.
  const matching = totals.filter((x) => compare(round(x.amount, 2), got) === 0);
  const grand = matching.length ? matching[matching.length - 1] : totals[totals.length - 1];
  if (percentRows) warnings.push(`${percentRows} ${percentRows === 1 ? 'riga in percentuale importata' : 'righe in percentuale importate'} come voci con il loro importo.`);
  return finish({ layout, voci, document_total: grand ? toNumber(round(grand.amount, 2)) : null, warnings });
}

function rowIsHeaderish(row: Cell[] | undefined): boolean {
  if (!row) return false;
  const cells = row.map((c) => headerText(c)).filter(Boolean);
  return cells.length > 0 && cells.every((c) => classify(c) !== null || /^[a-z ]+$/.test(c)) && !row.some((c) => typeof c === 'number');
}

export function importTable(sheets: Sheet[], mapping: ColumnMapping | null, layout: ImportResult['layout'] = 'excel'): ImportResult {
  const guess = guessMapping(sheets);
  const sheet = sheets.find((s) => s.name === guess.sheet)!;
  return readTable(sheet, guess.headerRow, mapping ?? guess.mapping, layout);
}
