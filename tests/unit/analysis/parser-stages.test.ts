/** Stage modules of the reader, on small hand-built inputs. */
import { describe, expect, it } from 'vitest';
import { fromNumber, toNumber } from '../../../shared/domain/money.ts';
import type { Word } from '../../../functions/analysis/words.ts';
import { amountOf, cleanWords, clusters, rateOf, tripleBefore } from '../../../functions/analysis/parser/numbers.ts';
import type { Tok } from '../../../functions/analysis/parser/reading.ts';
import { pageModel } from '../../../functions/analysis/parser/page.ts';

const word = (text: string, x0: number, x1: number): Word => ({ text, x0, x1, y0: 100, y1: 108 });
const tok = (text: string, x0: number): Tok => {
  const v = amountOf(text)!;
  return { w: word(text, x0, x0 + 30), v, f: toNumber(v) };
};

describe('numbers stage', () => {
  it('reads amounts with any thousands separator, never dates or words', () => {
    // Act / Assess
    expect(toNumber(amountOf('1.234,56')!)).toBe(1234.56);
    expect(toNumber(amountOf('2´034,50')!)).toBe(2034.5);
    expect(toNumber(amountOf('-12,50')!)).toBe(-12.5);
    expect(amountOf('12/03/2016')).toBeNull();
    expect(amountOf('Scavo')).toBeNull();
  });

  it('reads a printed rate as the fraction it stands for', () => {
    // Act / Assess
    expect(toNumber(rateOf('19,23%')!)).toBe(0.1923);
    expect(rateOf('19,23')).toBeNull();
  });

  it('joins a number split by a space thousands separator and marks numbers signed with €', () => {
    // Prepare
    const ws = [word('€', 10, 16), word('1', 20, 25), word('234,56', 27, 55), word('17,74', 100, 125), word('€', 127, 133), word('3,00', 200, 220)];
    // Act
    const { words, euro } = cleanWords(ws, 8, 0.45);
    // Assess
    expect(words.map(w => w.text)).toEqual(['1 234,56', '17,74', '3,00']);
    expect(words.map(w => euro.has(w))).toEqual([true, true, false]);
  });

  it('finds the two factors left of an amount whose product it is, within a cent', () => {
    // Prepare
    const before = [tok('3,00', 100), tok('12,50', 200), tok('7,20', 300)];
    // Act
    const pair = tripleBefore(before, tok('90,00', 400));
    // Assess
    expect(pair?.map(t => t.w.text)).toEqual(['12,50', '7,20']);
    expect(tripleBefore(before, { ...tok('91,00', 400), v: fromNumber(91) })).toBeNull();
  });

  it('clusters positions within a tolerance', () => {
    // Act / Assess
    expect(clusters([100, 101, 102, 300, 301], 3)).toEqual([
      { x: 101, n: 3 },
      { x: 300.5, n: 2 },
    ]);
  });
});

describe('page and header stages', () => {
  const at = (text: string, x0: number, y0: number): Word => ({ text, x0, x1: x0 + 6 * text.length, y0, y1: y0 + 8 });
  it('reads a header over three lines with its meanings: P.U. beside Lung. is parti uguali, not the price', () => {
    // Prepare
    const words = [
      at('Prezzo', 400, 50),
      at('Codice', 20, 60), at('Descrizione', 100, 60), at('P.U.', 250, 60), at('Lung.', 290, 60), at('Quantità', 340, 60), at('Importo', 480, 60),
      at('unitario', 400, 70),
      at('A.01', 20, 100), at('Scavo', 100, 100), at('2,00', 340, 100), at('10,00', 400, 100), at('20,00', 480, 100),
    ];
    // Act
    const pm = pageModel({ page: 1, width: 595, height: 842, words, hasTextLayer: true }, 0.45);
    // Assess
    expect(pm.header?.roles.price).toMatchObject({ x0: 400 });
    expect(pm.header?.roles.dim?.x0).toBe(250);
    expect(pm.header?.roles.qty).toMatchObject({ x0: 340 });
    expect(pm.lines[pm.bodyFrom].all).toBe('A.01 SCAVO 2,00 10,00 20,00');
  });
});
