import { describe, expect, it } from 'vitest';
import { wordsFromTextract, type TextractBlock } from '../../../functions/analysis/words.ts';

const block = (text: string, page: number, left: number, top: number, width: number, height: number): TextractBlock => ({
  BlockType: 'WORD',
  Text: text,
  Page: page,
  Geometry: { BoundingBox: { Left: left, Top: top, Width: width, Height: height } },
});

describe('wordsFromTextract', () => {
  it('converts WORD blocks from page fractions to points, page by page', () => {
    const blocks: TextractBlock[] = [
      { BlockType: 'PAGE', Page: 1 },
      { BlockType: 'LINE', Text: 'SOMMANO m² 22,00', Page: 1, Geometry: { BoundingBox: { Left: 0.4, Top: 0.5, Width: 0.2, Height: 0.01 } } },
      block('SOMMANO', 1, 0.4, 0.5, 0.1, 0.01),
      block('22,00', 2, 0.75, 0.25, 0.05, 0.01),
    ];
    const pages = wordsFromTextract(blocks, [{ width: 600, height: 800 }, { width: 600, height: 800 }, { width: 600, height: 800 }]);
    expect(pages.map(p => [p.page, p.words.length, p.hasTextLayer])).toEqual([[1, 1, true], [2, 1, true], [3, 0, false]]);
    const w = pages[0].words[0];
    expect(w.text).toBe('SOMMANO');
    expect(w.x0).toBeCloseTo(240);
    expect(w.x1).toBeCloseTo(300);
    expect(w.y0).toBeCloseTo(400);
    expect(w.y1).toBeCloseTo(408);
    expect(pages[1].words[0]).toMatchObject({ text: '22,00' });
    expect(pages[1].words[0].x0).toBeCloseTo(450);
    expect(pages[1].words[0].y0).toBeCloseTo(200);
  });

  it('treats blocks without Page as page 1 and falls back to A4 when the size is unknown', () => {
    const pages = wordsFromTextract([{ BlockType: 'WORD', Text: 'Totale', Geometry: { BoundingBox: { Left: 0.5, Top: 0.5, Width: 0.1, Height: 0.02 } } }]);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page: 1, hasTextLayer: true });
    expect(pages[0].width).toBeCloseTo(595.28);
    expect(pages[0].words[0].y0).toBeCloseTo(841.89 / 2);
  });
});
