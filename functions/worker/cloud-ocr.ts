import { randomUUID } from 'node:crypto';
import { TextractClient } from '@aws-sdk/client-textract';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../config/context.ts';
import { MAX_TEXTRACT_PAGES, OcrError, TOO_MANY_SCANNED_PAGES, textractWords } from '../adapters/textract.ts';
import type { OcrFunction } from '../analysis/analyze.ts';
import type { PageSize } from '../analysis/words.ts';
import { BLOB_PREFIXES } from '../resource-grants.ts';
import { deleteBlob, getBlob, putBlob } from '../storage/blobs.ts';

let client: TextractClient | undefined;

/** Where the copy of a document's scanned pages waits for Textract (removed after; `tmp/` expires in a day anyway). */
export const ocrCopyKey = () => `${BLOB_PREFIXES.ocr}${randomUUID()}.pdf`;

/** A PDF of just the given 1-based pages, with their sizes in points as displayed (rotation applied). */
export async function copyPages(pdf: Uint8Array, pages: number[]): Promise<{ bytes: Uint8Array; sizes: PageSize[] }> {
  const source = await PDFDocument.load(pdf, { ignoreEncryption: true });
  const copy = await PDFDocument.create();
  const sizes: PageSize[] = [];
  for (const page of await copy.copyPages(source, pages.map((p) => p - 1))) {
    copy.addPage(page);
    const { width, height } = page.getSize();
    const turned = [90, 270].includes(((page.getRotation().angle % 360) + 360) % 360);
    sizes.push(turned ? { width: height, height: width } : { width, height });
  }
  return { bytes: await copy.save(), sizes };
}

/**
 * Textract reads (and bills) every page of the file it is given, so it gets a copy holding only
 * the pages without a text layer, at most MAX_TEXTRACT_PAGES of them; its words come back under
 * the original page numbers and sizes.
 */
export function cloudOcr(ctx: AppContext, fileKey: string): OcrFunction {
  client ??= new TextractClient({ region: ctx.config.region });
  return async (pages) => {
    if (pages.length > MAX_TEXTRACT_PAGES) throw new OcrError(TOO_MANY_SCANNED_PAGES);
    const original = await getBlob(ctx, fileKey);
    if (!original) throw new OcrError('Il file originale non è stato trovato nell\u2019archivio.');
    const { bytes, sizes } = await copyPages(original, pages);
    const key = ocrCopyKey();
    await putBlob(ctx, key, bytes, 'application/pdf');
    try {
      const read = await textractWords(client!, pages.map((_, i) => i + 1), { bucket: ctx.config.bucket, key, pageSizes: sizes });
      return read.map((p) => ({ ...p, page: pages[p.page - 1] }));
    } finally {
      await deleteBlob(ctx, key).catch(() => undefined);
    }
  };
}
