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

/** What a character that cannot stay in a name becomes: the Unicode replacement character. */
export const REPLACED_CHARACTER = '\ufffd';

/**
 * A half of a UTF-16 surrogate pair without its other half (no character: it cannot be encoded,
 * so a header or a URL built from it fails), and the bidirectional embedding, override and
 * isolate controls U+202A–U+202E, U+2066–U+2069 (they make "fdp.exe" display as "exe.pdf").
 */
const UNSAFE_IN_NAMES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\u202a-\u202e\u2066-\u2069]/g;

/** A file name or title with every lone surrogate and bidi control replaced by U+FFFD; the rest kept. */
export function safeName(name: string): string {
  return name.replace(UNSAFE_IN_NAMES, REPLACED_CHARACTER);
}

/**
 * A document title as typed (the duplicate dialog) or a file name as uploaded: trimmed, line
 * breaks and other control characters become spaces, lone surrogates and bidi controls are
 * replaced (safeName); every other character is kept, "/" included (a title is not a path).
 */
export function cleanTitle(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters in a PDF title become spaces
  return safeName(title).replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Longest stored file name, in characters (code points: a pair is never cut in half). */
export const MAX_FILENAME_LENGTH = 200;

/**
 * An uploaded file's name as stored: its last path segment, control characters and those Windows
 * forbids (<>:"|?*) as "_", lone surrogates and bidi controls replaced (safeName), at most 200
 * characters; "documento.pdf" when nothing is left.
 */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not carry
  const clean = safeName(base).replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  return [...clean].slice(0, MAX_FILENAME_LENGTH).join('').trim() || 'documento.pdf';
}

/** The name a document's original downloads under: a duplicate's title gets its ".pdf". */
export function pdfFilename(name: string): string {
  const clean = name.trim() || 'documento';
  return /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}
