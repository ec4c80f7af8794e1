/**
 * The units of measure computi and offers print, one vocabulary for every reader (the PDF
 * reader's unit stage, the spreadsheet importer's column profile). Folded: upper case, no
 * accents; a trailing dot and enclosing brackets are ignored; compounds with `/` are checked part
 * by part (`cad/30gg`, `m²/mese`). Also the one place where two spellings of the same unit are
 * told equal (`mq` / `m²` / `m2`, `mc` / `m³`, `cad.` / `cad` / `n.`): `normalizeUnit`, `sameUnit`.
 */
import { foldUpper } from './fold.ts';

const KNOWN = new Set([
  'M', 'M1', 'M2', 'M²', 'M.²', 'MQ', 'M3', 'M³', 'M.³', 'MC', 'ML', 'M.L', 'DM', 'DM2', 'DM²', 'DM3', 'DM³', 'CM', 'CM2', 'CM²', 'CM3', 'CM³', 'MM', 'KM',
  'KG', 'G', 'T', 'TON', 'Q', 'QL', 'Q.LI', 'L', 'LT', 'LITRI',
  'CAD', 'CADAUNO', 'CD', 'NR', 'N', 'N°', 'NUM', 'PZ', 'PEZZI', '%', 'A CORPO', 'ACORPO', 'A.C', 'CORPO', 'A MISURA', 'FORFAIT', 'FORF',
  'H', 'ORA', 'ORE', 'GG', 'GIORNO', 'GIORNI', '30GG', 'SETT', 'SETTIMANA', 'SETTIMANE', 'MESE', 'MESI', 'ANNO', 'ANNI', 'VIAGGIO',
  'KW', 'KWH', 'KVA',
]);

const strip = (s: string): string => foldUpper(s).trim().replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** True when `s` is a unit computi print (`mq.`, `[m²]`, `cad/30gg`, `a corpo`). */
export function isKnownUnit(s: string): boolean {
  const f = strip(s);
  if (KNOWN.has(f)) return true;
  const parts = f.split('/');
  return parts.length > 1 && parts.every((p) => p !== '' && (KNOWN.has(strip(p)) || /^\d+\s*GG$/.test(p)));
}

/** Spellings of one unit, folded (lower case, no spaces or dots) to the canonical one. */
const ALIASES: Record<string, string> = {
  mq: 'm2', 'm²': 'm2', mc: 'm3', 'm³': 'm3', ml: 'm', mt: 'm', m1: 'm',
  cadauno: 'cad', cadauna: 'cad', cd: 'cad', n: 'cad', 'n°': 'cad', nr: 'cad', num: 'cad', pz: 'cad', pezzi: 'cad',
  corpo: 'acorpo', ac: 'acorpo', h: 'ora', ore: 'ora', t: 'ton', q: 'ql', qli: 'ql', lt: 'l', litri: 'l',
};

/** Units as printed vary: "mq", "m2", "m²", "MQ." are one unit; so are "cad", "cad.", "n.", "nr". */
export function normalizeUnit(unit: string | null | undefined): string {
  const u = (unit ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.]/g, '');
  return ALIASES[u] ?? u;
}

/** Both units known and the same unit however spelled; null when either is missing. */
export function sameUnit(a: string | null | undefined, b: string | null | undefined): boolean | null {
  const x = normalizeUnit(a);
  const y = normalizeUnit(b);
  return x && y ? x === y : null;
}
