/**
 * The scan inside a PDF page, as grey pixels plus where it sits on the page.
 *
 * A scanned page is one image XObject (JPEG, sometimes JBIG2/CCITT/Flate) painted over the whole
 * page. pdf.js already decodes every image filter it supports when it builds the page's operator
 * list, and hands the pixels over in `page.objs`: so no canvas, no native module and no separate
 * JPEG decoder are needed. The operator list also gives the transform the image is painted with,
 * so OCR pixel boxes map back to PDF points exactly, whatever the scan's resolution or margins.
 */
import { countPages, multiply as transform } from '../analysis/pdf-text.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;

/** A 2-D affine transform [a, b, c, d, e, f], as PDF and pdf.js write them. */
export type Matrix = [number, number, number, number, number, number];

export interface PageImage {
  page: number;
  /** Page size in points (the viewport at scale 1: rotation and crop box applied). */
  pageWidth: number;
  pageHeight: number;
  width: number;
  height: number;
  /** One byte per pixel, 0 = black, row by row from the top. */
  grey: Uint8Array;
  /** Image pixel (x right, y down, origin at the image's top-left) -> page point (top-left origin). */
  toPage: Matrix;
  /** Pixels per inch along x, as placed on the page. */
  dpi: number;
}

/** Identity. */
const I: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 then m2 (PDF convention: a point p maps to p·m1·m2). */
export const multiply = (m1: readonly number[], m2: readonly number[]): Matrix => transform(m2, m1) as Matrix;

export const apply = (m: readonly number[], x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

let pdfjsPromise: Promise<PdfJs> | undefined;

/**
 * pdf.js as the text reader loaded it (DOMMatrix stub, native built-ins restored): reading the
 * page count through pdf-text.ts first makes sure that one-time set-up ran.
 */
async function pdfjs(pdf: Uint8Array): Promise<PdfJs> {
  pdfjsPromise ??= countPages(pdf).then(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
  return pdfjsPromise;
}

export interface PageImageReader {
  /** The largest image on the page, or null when the page paints none. */
  read(pageNumber: number): Promise<PageImage | null>;
  close(): Promise<void>;
}

export async function openPageImages(pdf: Uint8Array): Promise<PageImageReader> {
  const lib = await pdfjs(pdf);
  const doc = await lib.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  return {
    read: (n) => readPageImage(lib, doc, n),
    close: () => doc.destroy(),
  };
}

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

async function readPageImage(lib: PdfJs, doc: PdfDoc, pageNumber: number): Promise<PageImage | null> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    const { OPS } = lib;
    let ctm: Matrix = I;
    const stack: Matrix[] = [];
    let best: { area: number; ctm: Matrix; ref: string | DecodedImage } | null = null;
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i];
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? I;
      else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
        // The image fills the unit square of the current transform: its area there is its size on the page.
        const area = Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
        if (!best || area > best.area) best = { area, ctm, ref: args[0] as string | DecodedImage };
      }
    }
    if (!best || best.area < 100) return null;
    const img = typeof best.ref === 'string' ? await getObject(page, best.ref) : best.ref;
    if (!img?.data || !img.width || !img.height) return null;
    const grey = toGrey(img);
    if (!grey) return null;
    // pixel -> unit square (y up) -> user space (ctm) -> top-left page points (viewport).
    const pixelToUnit: Matrix = [1 / img.width, 0, 0, -1 / img.height, 0, 1];
    const toPage = multiply(multiply(pixelToUnit, best.ctm), viewport.transform as Matrix);
    const [x0, y0] = apply(toPage, 0, 0);
    const [x1, y1] = apply(toPage, img.width, 0);
    const widthPt = Math.hypot(x1 - x0, y1 - y0);
    return {
      page: pageNumber,
      pageWidth: viewport.width,
      pageHeight: viewport.height,
      width: img.width,
      height: img.height,
      grey,
      toPage,
      dpi: widthPt > 0 ? (img.width / widthPt) * 72 : 150,
    };
  } finally {
    page.cleanup();
  }
}

function getObject(page: PdfPage, id: string): Promise<DecodedImage | null> {
  // Images used on several pages live in commonObjs ("g_" ids), the others in the page's objs.
  const store = (id.startsWith('g_') ? page.commonObjs : page.objs) as unknown as {
    get(id: string, cb: (data: DecodedImage | null) => void): void;
  };
  return new Promise((resolve) => store.get(id, resolve));
}

/** pdf.js ImageKind: 1 = 1 bit per pixel (rows padded to bytes), 2 = RGB, 3 = RGBA. */
export function toGrey(img: DecodedImage): Uint8Array | null {
  const { width, height, kind } = img;
  const data = img.data!;
  const n = width * height;
  const out = new Uint8Array(n);
  if (kind === 2 || kind === 3) {
    const step = kind === 2 ? 3 : 4;
    if (data.length < n * step) return null;
    for (let i = 0, j = 0; i < n; i++, j += step) out[i] = (data[j] * 77 + data[j + 1] * 150 + data[j + 2] * 29) >> 8;
    return out;
  }
  if (kind === 1) {
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
        out[y * width + x] = bit ? 255 : 0;
      }
    }
    return out;
  }
  return null;
}

/** Binary PGM (P5): a format tesseract's image library reads without any codec. */
export function toPgm(width: number, height: number, grey: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), Buffer.from(grey.buffer, grey.byteOffset, grey.byteLength)]);
}

/** A rectangle of a grey image (clamped to it), as its own grey image. */
export function crop(grey: Uint8Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number): { grey: Uint8Array; width: number; height: number } {
  const a = Math.max(0, Math.floor(x0));
  const b = Math.max(0, Math.floor(y0));
  const w = Math.max(1, Math.min(width, Math.ceil(x1)) - a);
  const h = Math.max(1, Math.min(height, Math.ceil(y1)) - b);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) out.set(grey.subarray((b + y) * width + a, (b + y) * width + a + w), y * w);
  return { grey: out, width: w, height: h };
}

/** Bilinear enlargement by an integer factor, with a white margin: small glyphs read better big. */
export function enlarge(img: { grey: Uint8Array; width: number; height: number }, factor: number, margin = 0): { grey: Uint8Array; width: number; height: number } {
  const W = img.width * factor + 2 * margin;
  const H = img.height * factor + 2 * margin;
  const out = new Uint8Array(W * H).fill(255);
  for (let y = 0; y < img.height * factor; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < img.width * factor; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const fx = sx - x0;
      const g = img.grey;
      const top = g[y0 * img.width + x0] * (1 - fx) + g[y0 * img.width + x1] * fx;
      const bottom = g[y1 * img.width + x0] * (1 - fx) + g[y1 * img.width + x1] * fx;
      out[(y + margin) * W + x + margin] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { grey: out, width: W, height: H };
}

/** Shrinks a grey image to `factor` (0 < factor < 1) of its size, averaging the source pixels each target pixel covers. */
export function shrink(img: { grey: Uint8Array; width: number; height: number }, factor: number): { grey: Uint8Array; width: number; height: number } {
  const W = Math.max(1, Math.round(img.width * factor));
  const H = Math.max(1, Math.round(img.height * factor));
  const out = new Uint8Array(W * H);
  const sx = img.width / W;
  const sy = img.height / H;
  for (let y = 0; y < H; y++) {
    const ya = Math.floor(y * sy);
    const yb = Math.min(img.height, Math.max(ya + 1, Math.floor((y + 1) * sy)));
    for (let x = 0; x < W; x++) {
      const xa = Math.floor(x * sx);
      const xb = Math.min(img.width, Math.max(xa + 1, Math.floor((x + 1) * sx)));
      let sum = 0;
      for (let yy = ya; yy < yb; yy++) for (let xx = xa; xx < xb; xx++) sum += img.grey[yy * img.width + xx];
      out[y * W + x] = Math.round(sum / ((yb - ya) * (xb - xa)));
    }
  }
  return { grey: out, width: W, height: H };
}
