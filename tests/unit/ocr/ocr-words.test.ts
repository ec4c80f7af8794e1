import { describe, expect, it } from 'vitest';
import { estimateSkew, normaliseToken, pageWordsFromOcr } from '../../../functions/ocr/ocr-words.ts';
import { tightenTallWords, unitFromReadings, uncoveredClusters } from '../../../functions/ocr/local-ocr.ts';
import { textDoubts, undoubleCode, REASON_CODE_UNSURE, REASON_UNIT_UNKNOWN, REASON_UNIT_UNSURE } from '../../../functions/ocr/check-voci.ts';
import type { PageImage } from '../../../functions/ocr/page-image.ts';

describe('OCR tokens', () => {
  it.each([
    ["5/133,78", "5'133,78"],
    ['3´660,00', "3'660,00"],
    ['1O,5O', '10,50'],
    ['‘A016.020.02', 'A016.020.02'],
    ['m2', 'm²'],
    ['m3', 'm³'],
    ['| cad', '| cad'],
    ['cad|', 'cad'],
    ['A85004C', 'A85004c'],
    ['Sottofondo', 'Sottofondo'],
    ['Il,', 'Il,'],
    ['U.M,', 'U.M.'],
    // A speck read as a mark after or before an amount.
    ['20,00.', '20,00'],
    ["3'360,00,", "3'360,00"],
    ['.168,00', '168,00'],
    ['1.234,5.', '1.234,5.'],
    ['A016.020.02.', 'A016.020.02.'],
    // A rule or speck glued before a code; a negative amount keeps its sign.
    ['-A013.070.08', 'A013.070.08'],
    ['_TOS25_01.A03.001', 'TOS25_01.A03.001'],
    ['-12,50', '-12,50'],
    ['-', '-'],
    // A colon read for a code's dot.
    ['A014:030.01', 'A014.030.01'],
    ['ore:10,00', 'ore:10,00'],
  ])('%s -> %s', (read, clean) => expect(normaliseToken(read)).toBe(clean));
});

describe('m² or m³', () => {
  it('takes the enlarged superscript when another reading agrees', () => {
    expect(unitFromReadings('m2', 'm23', '3')).toBe('m³');
    expect(unitFromReadings('m?', 'm2', '2')).toBe('m²');
    expect(unitFromReadings('m3', 'm2', '3')).toBe('m³');
  });
  it('never guesses: disagreement is "m?", flagged on the voce', () => {
    expect(unitFromReadings('m2', 'm2', '3')).toBe('m?');
    expect(unitFromReadings('m2', 'm3', null)).toBe('m?');
    expect(textDoubts({ tariffa: 'A016.020.02', unita_di_misura: 'm?' })).toEqual([REASON_UNIT_UNSURE]);
    expect(textDoubts({ tariffa: 'A016.020.02', unita_di_misura: 'me 2' })).toEqual([REASON_UNIT_UNKNOWN]);
    expect(textDoubts({ tariffa: 'A016.020.02', unita_di_misura: 'a corpo' })).toEqual([]);
  });
});

describe('codes', () => {
  it('undoes a doubled O/0 and flags what stays doubtful', () => {
    expect(undoubleCode('TOS25_18.WO01.002.001')).toBe('TOS25_18.W01.002.001');
    expect(undoubleCode('TOS25_17.NO05.002.012')).toBe('TOS25_17.N05.002.012');
    expect(undoubleCode('T0OS25_17.N05.002.013')).toBe('TOS25_17.N05.002.013');
    expect(undoubleCode('A016.020.02')).toBe('A016.020.02');
    expect(textDoubts({ tariffa: 'TOS25_01.AI1.001', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    // A lost dot: two parts read as one.
    expect(textDoubts({ tariffa: 'TOS25_18.W01001.002', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    expect(textDoubts({ tariffa: 'TOS25_01CAMB07.042.001', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    // A mark at either end of a code is a speck or a table rule.
    expect(textDoubts({ tariffa: '-A013.070.08', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    expect(textDoubts({ tariffa: 'A013.070.08.', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    expect(textDoubts({ tariffa: 'A013.070.08', unita_di_misura: 'm' })).toEqual([]);
    // A look-alike letter between digits.
    expect(textDoubts({ tariffa: 'TOS25_17.N0S5.002.012', unita_di_misura: 'm' })).toEqual([REASON_CODE_UNSURE]);
    expect(textDoubts({ tariffa: 'TOS25_01CAM.B07.042.001', unita_di_misura: 'm²' })).toEqual([]);
    expect(textDoubts({ tariffa: 'A85004c', unita_di_misura: 'mq' })).toEqual([]);
  });
});

/** A white page with horizontal black lines, rotated by `angle` radians (y down). */
function ruledPage(width: number, height: number, angle: number) {
  const grey = new Uint8Array(width * height).fill(240);
  for (let row = 40; row < height - 40; row += 24) {
    for (let x = 20; x < width - 20; x++) {
      const y = Math.round(row + (x - width / 2) * Math.tan(angle));
      // 2 px thick, like a printed rule or a text stroke at 150 dpi.
      for (const dy of [0, 1]) if (y + dy >= 0 && y + dy < height) grey[(y + dy) * width + x] = 20;
    }
  }
  return grey;
}

describe('skew', () => {
  it.each([0.35, -0.3, 0.1, 0])('finds a %s° rotation within 0.05° (under a pixel across the page)', (deg) => {
    const angle = (deg * Math.PI) / 180;
    const found = estimateSkew(ruledPage(1600, 600, angle), 1600, 600);
    expect(Math.abs(found - angle)).toBeLessThan((0.05 * Math.PI) / 180);
  });

  it('puts words on one baseline after turning them back, in page points', () => {
    const angle = (0.4 * Math.PI) / 180;
    const image: PageImage & { skew: number } = {
      page: 1, pageWidth: 595.28, pageHeight: 841.89, width: 1240, height: 1754, grey: new Uint8Array(0), dpi: 150, skew: angle,
      // 150 dpi: 72/150 points per pixel, top-left origin.
      toPage: [72 / 150, 0, 0, 72 / 150, 0, 0],
    };
    // Two words of one printed line, 1000 px apart: the right one sits 1000·tan(0.4°) ≈ 7 px lower.
    const drop = 1000 * Math.tan(angle);
    const words = [
      { text: 'SOMMANO', confidence: 95, bbox: { x0: 100, y0: 500, x1: 200, y1: 520 } },
      { text: '1473,78', confidence: 95, bbox: { x0: 1100, y0: 500 + drop, x1: 1180, y1: 520 + drop } },
    ];
    const page = pageWordsFromOcr(image, [{ paragraphs: [{ lines: [{ words, bbox: words[0].bbox }] }] }]);
    expect(page.width).toBe(595.28);
    expect(Math.abs(page.words[0].y0 - page.words[1].y0)).toBeLessThan(0.2);
    // 100 px at 150 dpi = 48 pt, moved by about a point by the turn around the page centre.
    expect(Math.abs(page.words[0].x0 - 48)).toBeLessThan(2);
  });
});

describe('lone words the page layout drops', () => {
  it('groups uncovered letter-sized ink, and ignores specks, rules and covered words', () => {
    const width = 200;
    const height = 60;
    const grey = new Uint8Array(width * height).fill(240);
    const ink = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * width + x] = 10;
    };
    ink(20, 20, 30, 32); // a lone "m"-sized glyph
    ink(100, 20, 110, 32); // a glyph inside a recognised word
    ink(0, 50, 200, 52); // a table rule
    ink(60, 5, 61, 6); // a speck
    const clusters = uncoveredClusters({ grey, width, height }, [{ x0: 95, y0: 15, x1: 130, y1: 35 }], 12);
    expect(clusters).toEqual([{ x0: 20, y0: 20, x1: 30, y1: 32 }]);
  });
});

describe('word boxes taller than the page\u2019s words', () => {
  it('are cut to the band holding the word\u2019s ink, so the word stays on its row', () => {
    // Prepare: a 200×100 white image; five words 10 px tall on the row y 60-70, one of which
    // (the amount) was boxed from y 40 because of a speck at y 42-43 above it.
    const width = 200;
    const height = 100;
    const grey = new Uint8Array(width * height).fill(255);
    const ink = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * width + x] = 20;
    };
    const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, confidence: 90, bbox: { x0, y0, x1, y1 } });
    const words = [word('A', 0, 60, 20, 70), word('cad', 30, 60, 50, 70), word('3,00', 60, 60, 80, 70), word('3.809,78', 90, 60, 120, 70), word('11.429,34', 130, 40, 180, 70)];
    for (const w of words.slice(0, 4)) ink(w.bbox.x0, 61, w.bbox.x1, 69);
    ink(130, 61, 180, 69);
    ink(150, 42, 152, 44);
    const blocks = [{ paragraphs: [{ lines: [{ words, bbox: { x0: 0, y0: 40, x1: 180, y1: 70 } }] }] }];
    // Act
    const cut = tightenTallWords({ grey, width, height }, blocks);
    // Assess
    expect(cut).toBe(1);
    expect(words[4].bbox).toEqual({ x0: 130, y0: 61, x1: 180, y1: 69 });
    expect(words[0].bbox).toEqual({ x0: 0, y0: 60, x1: 20, y1: 70 });
  });
});
