import { TextractClient } from '@aws-sdk/client-textract';
import type { AppContext } from '../config/context.ts';
import { textractWords } from '../adapters/textract.ts';
import type { OcrFunction } from '../analysis/analyze.ts';
import { A4 } from '../analysis/words.ts';

let client: TextractClient | undefined;

/** Textract reads the original from S3; page sizes default to A4 (the parser works in points). */
export function cloudOcr(ctx: AppContext, fileKey: string): OcrFunction {
  client ??= new TextractClient({ region: ctx.config.region });
  return async (pages) => {
    const sizes = Array.from({ length: Math.max(...pages) }, () => A4);
    return textractWords(client!, pages, { bucket: ctx.config.bucket, key: fileKey, pageSizes: sizes });
  };
}
