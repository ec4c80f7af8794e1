import { describe, expect, it } from 'vitest';
import { cleanTitle, TEXT_FIELDS, textTooLong } from '../../../shared/domain/text.ts';

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
});
