import { describe, expect, it } from 'vitest';
import { decodeText, ENCODING_GUESSED, readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { cp1252, utf8 } from './fixtures.ts';

const ALL_HIGH = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);

describe('Windows-1252 text (Excel "CSV separato da ;" on Italian Windows)', () => {
  it('decodes 0x80–0x9F as Windows-1252, not as Latin-1 controls', () => {
    const text = decodeText(ALL_HIGH);
    expect(text).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
    expect(decodeText(Uint8Array.from([0xe8, 0x20, 0xe0, 0x20, 0xf9]))).toBe('è à ù');
  });

  it('keeps €, typographic quotes and dashes of a price list, and warns that the encoding was guessed', async () => {
    const text =
      'Codice;Descrizione;U.M.;Prezzo\r\n' +
      'A.01;Porta \u201cREI 60\u201d \u2013 anta singola, prezzo in \u20ac;cad;\u20ac 1.234,50\r\n' +
      'A.02;Davanzale \u2018in pietra\u2019 \u2014 spessore 3 cm;m;45,00\r\n';
    const res = await readPriceFile(cp1252(text), 'prezzi.csv');
    expect(res.rows.map((r) => [r.codice, r.descrizione, r.prezzo])).toEqual([
      ['A.01', 'Porta \u201cREI 60\u201d \u2013 anta singola, prezzo in \u20ac', 1234.5],
      ['A.02', 'Davanzale \u2018in pietra\u2019 \u2014 spessore 3 cm', 45],
    ]);
    expect(res.warnings).toContain(ENCODING_GUESSED);
    expect(ENCODING_GUESSED).toBe('Codifica del file non dichiarata: letto come Windows-1252. Controlla che i caratteri accentati e il simbolo € siano corretti.');
  });

  it('does not warn for UTF-8 (with or without BOM) nor for a declared encoding', async () => {
    const text = 'Codice;Descrizione;Prezzo\nA.01;Porta \u201cREI\u201d in \u20ac;12,00\n';
    expect((await readPriceFile(utf8(text), 'a.csv')).warnings).not.toContain(ENCODING_GUESSED);
    expect((await readPriceFile(utf8('\uFEFF' + text), 'a.csv')).warnings).not.toContain(ENCODING_GUESSED);
    const warnings: string[] = [];
    const xml = Uint8Array.from([...new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), 0x80, 0x93, 0x94, ...new TextEncoder().encode('</a>')]);
    expect(decodeText(xml, warnings)).toContain('<a>€\u201c\u201d</a>');
    expect(warnings).toEqual([]);
  });
});
