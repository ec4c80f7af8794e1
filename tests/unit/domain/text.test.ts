import { describe, expect, it } from 'vitest';
import { cleanFilename, cleanTitle, safeName, TEXT_FIELDS, textTooLong } from '../../../shared/domain/text.ts';

describe('texts users write', () => {
  it('are refused over their limit, counted in characters as people count them', () => {
    expect(textTooLong('é'.repeat(5000), TEXT_FIELDS.rowDescription)).toBeNull();
    expect(textTooLong('😀'.repeat(5000), TEXT_FIELDS.rowDescription)).toBeNull(); // 10,000 UTF-16 units
    expect(textTooLong('x'.repeat(5001), TEXT_FIELDS.rowDescription)).toBe('La descrizione è troppo lunga: massimo 5.000 caratteri (inseriti 5.001).');
    expect(textTooLong('t'.repeat(12345), TEXT_FIELDS.documentTitle)).toBe('Il titolo è troppo lungo: massimo 200 caratteri (inseriti 12.345).');
  });

  it('a title keeps its slashes and every visible character', () => {
    expect(cleanTitle('  Lavori 2024/2025 \\ lotto "A" <B>  ')).toBe('Lavori 2024/2025 \\ lotto "A" <B>');
    expect(cleanTitle('Riga 1\r\nRiga 2\tfine')).toBe('Riga 1 Riga 2 fine');
  });

  it('lone surrogates and bidi controls in names and titles are replaced, pairs and other characters kept', () => {
    expect(safeName('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(safeName('emoji 😀 ok')).toBe('emoji 😀 ok');
    expect(safeName('x\ud83d')).toBe('x\ufffd');
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) expect(safeName(`a${c}b`)).toBe('a\ufffdb');
    expect(safeName('\u200f\u200e')).toBe('\u200f\u200e'); // marks, not overrides: kept
    expect(cleanTitle(' fattura\u202efdp.exe ')).toBe('fattura\ufffdfdp.exe');
    // Every result encodes: a header or URL can be built from it.
    expect(() => encodeURIComponent(cleanTitle('a\udfffb'))).not.toThrow();
  });

  it('a file name keeps its last segment, at most 200 characters, never half a pair', () => {
    expect(cleanFilename('C:\\tmp\\computo\u202e.xpwe')).toBe('computo\ufffd.xpwe');
    expect(cleanFilename('a/b/<x>:"y".pdf')).toBe('_x___y_.pdf');
    const cut = cleanFilename('😀'.repeat(300));
    expect([...cut]).toHaveLength(200);
    expect(() => encodeURIComponent(cut)).not.toThrow();
    expect(cleanFilename('\u0000  ')).toBe('_');
    expect(cleanFilename('   ')).toBe('documento.pdf');
  });
});
