/**
 * Zip-bomb safety for .xlsx and .ods (both zip containers), before any spreadsheet library
 * inflates them: the central directory is read, the declared sizes are summed against a budget,
 * and each deflated entry is really inflated, natively and capped (zlib's maxOutputLength), so a
 * header that lies about its size is caught too. Nothing inflated is kept.
 */
import zlib from 'node:zlib';
import { ImportError, MAX_INFLATED_BYTES } from './common.ts';

export const ZIP_BOMB = 'Il file compresso si espande oltre il limite consentito (200 MB): non può essere importato.';
export const ZIP_BROKEN = 'Il file è danneggiato: l\u2019archivio compresso non è leggibile.';
const MAX_ENTRIES = 10_000;

export function checkZipBudget(bytes: Uint8Array, budget = MAX_INFLATED_BYTES): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: the last 22 + up to 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportError(ZIP_BROKEN);
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries > MAX_ENTRIES) throw new ImportError(ZIP_BOMB);
  let declared = 0;
  let inflated = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ImportError(ZIP_BROKEN);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + nameLen + extraLen + commentLen;
    // ZIP64 markers: sizes beyond 4 GB are beyond any budget.
    if (size === 0xffffffff || compressed === 0xffffffff) throw new ImportError(ZIP_BOMB);
    declared += size;
    if (declared > budget) throw new ImportError(ZIP_BOMB);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ImportError(ZIP_BROKEN);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    if (method === 0) inflated += data.length;
    else if (method === 8) {
      try {
        inflated += zlib.inflateRawSync(data, { maxOutputLength: budget - inflated + 1 }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ImportError(ZIP_BOMB, { cause: err });
        throw new ImportError(ZIP_BROKEN, { cause: err });
      }
    } else throw new ImportError(ZIP_BROKEN);
    if (inflated > budget) throw new ImportError(ZIP_BOMB);
  }
  return inflated;
}
