/**
 * Positioned-word model shared by the PDF text layer (pdf.js) and OCR (Textract).
 *
 * Coordinates are PDF points with the origin at the top-left corner of the page and y growing
 * downward, so both sources can feed the same layout parsers.
 */
export interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  bold?: boolean;
  italic?: boolean;
}

export interface PageWords {
  /** 1-based physical page number. */
  page: number;
  width: number;
  height: number;
  words: Word[];
  /** False for pages whose text layer is empty (scans): they need OCR. */
  hasTextLayer: boolean;
  /** A page that draws nothing to read, neither text nor an image (a blank page): no OCR, never "unreadable". */
  blank?: boolean;
}

export interface PageSize {
  width: number;
  height: number;
}

/** A4 portrait in points: the fallback when the caller does not know a page's size. */
export const A4: PageSize = { width: 595.28, height: 841.89 };

/** The subset of an AWS Textract `Block` that the adapter reads (structurally typed, no SDK import). */
export interface TextractBlock {
  BlockType?: string;
  Text?: string;
  Page?: number;
  TextType?: string;
  Geometry?: {
    BoundingBox?: { Left?: number; Top?: number; Width?: number; Height?: number };
  };
}

/**
 * Converts Textract WORD blocks (bounding boxes as page fractions) into PageWords.
 *
 * `pageSizes[i]` is the size in points of page i + 1; missing entries fall back to A4.
 * Every page listed in `pageSizes` is returned, even without words, so callers can see which
 * pages OCR found empty. Synchronous Textract responses carry no `Page`: they count as page 1.
 */
export function wordsFromTextract(
  blocks: readonly TextractBlock[],
  pageSizes: readonly PageSize[] = [],
): PageWords[] {
  const byPage = new Map<number, Word[]>();
  for (let p = 1; p <= pageSizes.length; p++) byPage.set(p, []);

  for (const b of blocks) {
    if (b.BlockType !== 'WORD' || !b.Text || !b.Geometry?.BoundingBox) continue;
    const page = b.Page ?? 1;
    const size = pageSizes[page - 1] ?? A4;
    const { Left = 0, Top = 0, Width = 0, Height = 0 } = b.Geometry.BoundingBox;
    const word: Word = {
      text: b.Text,
      x0: Left * size.width,
      y0: Top * size.height,
      x1: (Left + Width) * size.width,
      y1: (Top + Height) * size.height,
    };
    if (!byPage.has(page)) byPage.set(page, []);
    byPage.get(page)!.push(word);
  }

  return [...byPage.entries()]
    .sort(([a], [b]) => a - b)
    .map(([page, words]) => {
      const size = pageSizes[page - 1] ?? A4;
      return { page, width: size.width, height: size.height, words, hasTextLayer: words.length > 0 };
    });
}
