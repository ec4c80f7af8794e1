/**
 * After parsing: the voci read (wholly or partly) from OCR pages get the scan mark and have their
 * numbers checked (digit-correction.ts). A corrected voce is sure: the correction is recorded
 * apart (`correzioni`), not as a doubt. A voce that does not add up is flagged with the reason.
 */
import type { ParsedVoce } from '../analysis/parser/types.ts';
import { checkAmounts, describeCorrection, REASON_AMBIGUOUS, REASON_MISMATCH, type Amounts } from './digit-correction.ts';

export interface ScanCheck {
  values: Amounts;
  /** The code with a doubled O/0 undone, when the scan read one. */
  tariffa?: string;
  /** The unit with a lost first letter put back ("ad" -> "cad"). */
  unita_di_misura?: string;
  /** Italian reasons to add to the voce's verifica. */
  verifica: string[];
  /** Italian notes of the digits (and codes) corrected by the checks (empty when read right). */
  correzioni: string[];
  /** Whether quantity × price = amount corrected a number (the document warning counts these). */
  amountsCorrected?: boolean;
}

type VoceLike = Pick<ParsedVoce, 'quantita' | 'unitario' | 'totale' | 'page' | 'page_end'> & Partial<Pick<ParsedVoce, 'tariffa' | 'unita_di_misura'>>;

/** Units printed in Italian computi; a scanned unit outside this list is not trusted. */
const KNOWN_UNITS = new Set(
  [
    'm', 'm²', 'm³', 'mq', 'mc', 'ml', 'cm', 'mm', 'km', 'dm', 'dm²', 'dm³', 'cm²', 'cm³', 'kg', 'g', 'q', 't', 'l', 'lt', 'hl',
    'cad', 'cad.', 'n', 'n.', 'nr', 'nr.', 'num', 'pz', 'paio', 'coppia', 'a corpo', 'corpo', 'ora', 'ore', 'h', 'giorno', 'giorni', 'gg',
    'mese', 'mesi', 'anno', 'settimana', '%', 'kw', 'kwh', 'kw/h', '100 kg', 'm/giorno', 'm²/mese', 'm³/km', 'mq/mese', 'a.c.', 'kg/m', 'mc/km', 'ha', 'viaggio',
  ].map((u) => u.toLowerCase()),
);

export const REASON_UNIT_UNSURE = 'Unità di misura letta dalla scansione incerta (m² o m³?)';
export const REASON_UNIT_UNKNOWN = 'Unità di misura letta dalla scansione non riconosciuta';
export const REASON_CODE_UNSURE = 'Codice letto dalla scansione incerto (lettere e cifre simili o punto mancante)';

/**
 * The line reader sometimes doubles a round glyph into O and 0 side by side: "W01" comes back as
 * "WO01", "N05" as "NO05", "TOS" as "T0OS". After a letter, "O0" before a digit is the zero;
 * "0O" before a letter is the letter O.
 */
export function undoubleCode(code: string): string {
  return code.replace(/(?<=[A-Z])O0(?=\d)/g, '0').replace(/(?<=[A-Z])0O(?=[A-Z])/g, 'O');
}

/** Doubts about what the arithmetic cannot check: the unit and the code. */
export function textDoubts(v: Partial<Pick<ParsedVoce, 'tariffa' | 'unita_di_misura'>>): string[] {
  const out: string[] = [];
  const um = (v.unita_di_misura ?? '').trim();
  if (um.includes('?')) out.push(REASON_UNIT_UNSURE);
  else if (v.unita_di_misura !== undefined && !KNOWN_UNITS.has(um.toLowerCase())) out.push(REASON_UNIT_UNKNOWN);
  const code = v.tariffa ?? '';
  // A letter O touching a zero, or an I/l touching a one, is how OCR doubles or swaps them.
  // A part of over 5 characters after the first separator is two parts whose dot was lost ("W01001").
  const parts = code.split(/[._]/).slice(1);
  // A code begins and ends with a letter or a digit: a mark at either end is a speck or a rule.
  const endsWithMark = code.trim() !== '' && (!/^[A-Za-z0-9]/.test(code.trim()) || !/[A-Za-z0-9]$/.test(code.trim()));
  // A look-alike letter between two digits ("N0S5") is a digit read twice or a digit misread.
  if (/O0|0O|[Il]1|1[Il]/.test(code) || /\d[OISBZGQD]\d/.test(code) || /[^A-Za-z0-9._\-/ ]/.test(code) || parts.some((p) => p.length > 5) || endsWithMark) out.push(REASON_CODE_UNSURE);
  return out;
}

/**
 * A scanned unit that is a known unit with its first letter lost ("ad" for "cad"): the one known
 * unit it can be. Returns null when none or several are.
 */
export function unitWithLostLetter(um: string): string | null {
  const u = um.trim().toLowerCase();
  if (u.length < 2 || KNOWN_UNITS.has(u) || !/^[a-z]+\.?$/.test(u)) return null;
  const hits = [...KNOWN_UNITS].filter((k) => k.length === u.length + 1 && k.endsWith(u) && /^[a-z]/.test(k));
  return hits.length === 1 ? hits[0] : null;
}

/** A code's shape: letters as A, digits as 9, separators kept ("TOS25_18.W01.006.001" → "AAA99_99.A99.999.999"). */
export const codeShape = (code: string): string => code.replace(/[A-Za-z]/g, 'A').replace(/\d/g, '9');

/**
 * A doubtful scanned code read again by the document's own codes: a comma or colon read for a dot,
 * or one lost dot, put back when exactly one such reading has the shape of at least two codes of
 * the same document that were read without doubt. Returns null when none or several do.
 */
export function codeByDocumentShape(code: string, shapes: ReadonlyMap<string, number>): string | null {
  const candidates = new Set<string>();
  const swapped = code.replace(/[,:;]/g, '.');
  if (swapped !== code) candidates.add(swapped);
  for (const base of [code, swapped]) {
    for (let i = 1; i < base.length; i++) {
      if (/[A-Za-z0-9]/.test(base[i - 1]) && /[A-Za-z0-9]/.test(base[i])) candidates.add(`${base.slice(0, i)}.${base.slice(i)}`);
    }
  }
  const fits = [...candidates].filter((c) => (shapes.get(codeShape(c)) ?? 0) >= 2 && !textDoubts({ tariffa: c }).length);
  return fits.length === 1 ? fits[0] : null;
}

export function checkScannedVoci<V extends VoceLike>(voci: readonly V[], ocrPages: readonly number[]): Map<V, ScanCheck> {
  const out = new Map<V, ScanCheck>();
  if (!ocrPages.length) return out;
  const scanned = new Set(ocrPages);
  for (const v of voci) {
    if (!scanned.has(v.page) && !scanned.has(v.page_end)) continue;
    const check = checkAmounts({ quantita: v.quantita, unitario: v.unitario, totale: v.totale });
    const code = v.tariffa === undefined ? undefined : undoubleCode(v.tariffa);
    const codeNote = code !== undefined && code !== v.tariffa ? [`codice letto ${v.tariffa} dalla scansione, corretto in ${code} (O/0 doppio)`] : [];
    const unit = v.unita_di_misura === undefined ? null : unitWithLostLetter(v.unita_di_misura);
    const unitNote = unit ? [`unità di misura letta ${v.unita_di_misura} dalla scansione, corretta in ${unit} (lettera iniziale persa)`] : [];
    out.set(v, {
      values: check.values,
      ...(codeNote.length ? { tariffa: code } : {}),
      ...(unit ? { unita_di_misura: unit } : {}),
      verifica: [...(check.status === 'mismatch' ? [REASON_MISMATCH] : check.status === 'ambiguous' ? [REASON_AMBIGUOUS] : []), ...textDoubts({ ...v, tariffa: code, ...(unit ? { unita_di_misura: unit } : {}) })],
      correzioni: [...check.corrections.map(describeCorrection), ...codeNote, ...unitNote],
      amountsCorrected: check.corrections.length > 0,
    });
  }
  reshapeDoubtfulCodes(out);
  return out;
}

/** Doubtful codes read again by the shape of the document's sure codes (codeByDocumentShape). */
function reshapeDoubtfulCodes<V extends VoceLike>(checks: Map<V, ScanCheck>): void {
  const shapes = new Map<string, number>();
  for (const [v, c] of checks) {
    const code = c.tariffa ?? v.tariffa;
    if (code && !c.verifica.includes(REASON_CODE_UNSURE)) shapes.set(codeShape(code), (shapes.get(codeShape(code)) ?? 0) + 1);
  }
  for (const [v, c] of checks) {
    const code = c.tariffa ?? v.tariffa;
    if (!code || !c.verifica.includes(REASON_CODE_UNSURE)) continue;
    const fixed = codeByDocumentShape(code, shapes);
    if (!fixed) continue;
    c.tariffa = fixed;
    c.verifica = c.verifica.filter((r) => r !== REASON_CODE_UNSURE);
    c.correzioni = [...c.correzioni, `codice letto ${code} dalla scansione, corretto in ${fixed} (come gli altri codici del documento)`];
  }
}

/** Document warnings about the scan: how many voci were corrected. */
export function scanWarnings(checks: ReadonlyMap<unknown, ScanCheck>): string[] {
  const corrected = [...checks.values()].filter((c) => c.amountsCorrected).length;
  if (!corrected) return [];
  return [
    corrected === 1
      ? '1 voce letta dalla scansione ha un numero corretto con il controllo quantità × prezzo = importo.'
      : `${corrected} voci lette dalla scansione hanno numeri corretti con il controllo quantità × prezzo = importo.`,
  ];
}
