import zlib from 'node:zlib';

/**
 * A PDF's Flate streams can inflate without bound (a "zip bomb": 1 MB that becomes 1 GB).
 * pdf.js would inflate them in memory, on the analysis thread, for as long as it takes. Before
 * any reading we inflate each stream natively, counting bytes and keeping none, and stop at a
 * budget far above what a computo needs (text, fonts, a scanned page at 600 dpi).
 */
export const MAX_STREAM_BYTES = 256 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

export const INFLATE_BOMB_FAILURE =
  'Il PDF contiene dati compressi che si espandono oltre il limite consentito (possibile file malevolo o danneggiato): analisi interrotta.';

export type BudgetVerdict = { ok: true; inflatedBytes: number } | { ok: false; reason: string; inflatedBytes: number };

/** Counts what `data` inflates to, stopping as soon as it passes `limit`. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    let done = false;
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 1 << 20 });
    const finish = () => {
      if (done) return;
      done = true;
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        finish();
      }
    });
    // A damaged stream is pdf.js' business (it reads what it can); here it simply ends.
    inflate.on('error', finish);
    inflate.on('end', finish);
    inflate.on('close', finish);
    inflate.end(data);
  });
}

const SMALL_STREAM_BYTES = 16 * 1024 * 1024;

function inflatedSizeSync(data: Uint8Array, limit: number): number {
  try {
    return zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: limit + 1 }).length;
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? limit + 1 : 0;
  }
}

const STREAM_KEYWORD = /stream\r?\n/g;

/** The Flate streams of a PDF, found by their dictionaries (streams are never inside object streams). */
export function* flateStreams(pdf: Uint8Array): Generator<Uint8Array> {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  STREAM_KEYWORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STREAM_KEYWORD.exec(text))) {
    if (text.startsWith('end', m.index - 3)) continue; // "endstream\n"
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(Math.max(dictStart, m.index - 4096), m.index);
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    STREAM_KEYWORD.lastIndex = end + 9;
    if (!/\/(FlateDecode|Fl)\b/.test(dict)) continue;
    yield pdf.subarray(start, end);
  }
}

/** Whether the document's compressed streams stay within the budget, checked before pdf.js reads them. */
export async function checkInflateBudget(pdf: Uint8Array, perStream = MAX_STREAM_BYTES, total = MAX_TOTAL_BYTES): Promise<BudgetVerdict> {
  let inflatedBytes = 0;
  for (const stream of flateStreams(pdf)) {
    const limit = Math.min(perStream, total - inflatedBytes);
    // Flate inflates at most ~1032:1: a small stream is counted in one synchronous call.
    const size = stream.length * 1032 <= SMALL_STREAM_BYTES ? inflatedSizeSync(stream, limit) : await inflatedSize(stream, limit);
    inflatedBytes += size;
    if (size > limit) return { ok: false, reason: INFLATE_BOMB_FAILURE, inflatedBytes };
  }
  return { ok: true, inflatedBytes };
}
