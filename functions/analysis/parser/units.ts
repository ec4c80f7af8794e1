/**
 * Unit of measure stage: the words a reader took for a voce's unit, checked against the units
 * computi print. A description fragment caught in the unit's group (`BASE cad`, `certificati m²`,
 * `a cad`) is dropped when a known unit ends the group; a group that holds no known unit and more
 * than one word (`di a`, a cut `a corpo`) is doubtful and flagged.
 */
import { foldUpper } from '../../../shared/text.ts';

/** Units printed in computi (folded, upper case); compounds with `/` are checked part by part. */
const KNOWN = new Set([
  'M', 'M1', 'M2', 'M²', 'MQ', 'M3', 'M³', 'MC', 'ML', 'M.L.', 'KG', 'G', 'T', 'Q', 'QL', 'Q.LI', 'CAD', 'NR', 'N', 'N°', 'NUM',
  'H', 'ORA', 'ORE', 'L', 'LT', 'LITRI', '%', 'A CORPO', 'A.C.', 'CORPO', 'GG', 'GIORNO', 'GIORNI', 'MESE', 'MESI', '30GG', 'KM',
  'CM', 'MM', 'DM', 'DM3', 'KW', 'KWH', 'PZ', 'PEZZI', 'CAD.', 'NR.', 'N.', 'ML.', 'MQ.', 'MC.', 'KG.', 'ANNO', 'SETTIMANA', 'VIAGGIO',
]);

const strip = (s: string): string => foldUpper(s).replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** True when `s` is a unit computi print (`mq.`, `[m²]`, `cad/30gg`). */
export function isKnownUnit(s: string): boolean {
  const f = strip(s);
  if (KNOWN.has(f) || KNOWN.has(`${f}.`)) return true;
  const parts = f.split('/');
  return parts.length > 1 && parts.every(p => p !== '' && (KNOWN.has(p) || KNOWN.has(strip(p)) || /^\d+\s*GG$/.test(p)));
}

export interface UnitReading {
  um: string;
  /** The group holds no unit computi print and more than one word. */
  doubtful: boolean;
}

/** The unit a group of words stands for: the known unit that ends it, else the group itself. */
export function readUnit(group: string): UnitReading {
  const um = group.replace(/\s+/g, ' ').trim();
  if (!um || isKnownUnit(um)) return { um, doubtful: false };
  const words = um.split(' ');
  // A unit with its multiple (`100 kg`, `1000 l`).
  if (words.length === 2 && /^\d+([.,]\d+)?$/.test(words[0]) && isKnownUnit(words[1])) return { um, doubtful: false };
  for (const k of [2, 1]) {
    const tail = words.slice(-k).join(' ');
    if (words.length > k && isKnownUnit(tail)) return { um: tail, doubtful: false };
  }
  return { um, doubtful: words.length > 1 };
}
