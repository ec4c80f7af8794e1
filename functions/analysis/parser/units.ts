/**
 * Unit of measure stage: the words a reader took for a voce's unit, checked against the units
 * computi print. A description fragment caught in the unit's group (`BASE cad`, `certificati m²`,
 * `a cad`) is dropped when a known unit ends the group; a group that holds no known unit and more
 * than one word (`di a`, a cut `a corpo`) is doubtful and flagged.
 */
import { isKnownUnit } from '../../../shared/domain/units.ts';

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
  // A unit names something: letters or `%` (a lone dash or a bracket is a piece of the description).
  // (nor is an unknown word of one or two small letters: `i`, `e`, `di` end descriptions)
  return { um, doubtful: words.length > 1 || !/[\p{L}%]/u.test(um) || /^\p{Ll}{1,2}$/u.test(um) };
}
