/**
 * Limits of the texts users write, and the rule for them: a text over its limit is refused with
 * an Italian message, never cut in silence. Lengths are counted in characters as a person
 * counts them (code points), so the web's `maxLength` (UTF-16 units) is never looser.
 */
import { dec, formatItalian } from './money.ts';

/** What each limited text is called in a message ("La descrizione è troppo lunga"). */
export interface TextField {
  max: number;
  /** The subject with its article and agreement: "La descrizione è troppo lunga". */
  tooLong: string;
}

export const TEXT_FIELDS = {
  rowDescription: { max: 5000, tooLong: 'La descrizione è troppo lunga' },
  rowCode: { max: 100, tooLong: 'La tariffa è troppo lunga' },
  rowUnit: { max: 100, tooLong: 'L\u2019unità di misura è troppo lunga' },
  documentTitle: { max: 200, tooLong: 'Il titolo è troppo lungo' },
  apiKeyDescription: { max: 200, tooLong: 'La descrizione è troppo lunga' },
  tipologiaDescription: { max: 200, tooLong: 'La descrizione è troppo lunga' },
  patternReplacement: { max: 200, tooLong: 'La sostituzione è troppo lunga' },
  patternNotes: { max: 500, tooLong: 'Le note sono troppo lunghe' },
} as const satisfies Record<string, TextField>;

export const textLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const count = (n: number) => formatItalian(dec(BigInt(n)), 0);

/** null when the text fits, else the message: "La descrizione è troppo lunga: massimo 5.000 caratteri (inseriti 5.001)." */
export function textTooLong(text: string, field: TextField): string | null {
  const n = textLength(text);
  return n > field.max ? `${field.tooLong}: massimo ${count(field.max)} caratteri (inseriti ${count(n)}).` : null;
}

/**
 * A document title as typed (the duplicate dialog): trimmed, line breaks and other control
 * characters become spaces; every other character is kept, "/" included (a title is not a path).
 */
export function cleanTitle(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters in a PDF title become spaces
  return title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** The name a document's original downloads under: a duplicate's title gets its ".pdf". */
export function pdfFilename(name: string): string {
  const clean = name.trim() || 'documento';
  return /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}
