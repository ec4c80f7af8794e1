import zlib from 'node:zlib';

/** Deflates `size` bytes of `fill` without ever holding them in memory. */
async function deflateRepeated(size: number, fill: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1 << 20, fill);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let left = size; left > 0; left -= chunk.length) {
    const ok = deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
    if (!ok) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/** A minimal, valid one-page PDF from raw objects, with a correct cross-reference table. */
export function rawPdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((obj, i) => {
    offsets.push(length);
    const body = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(obj) ? obj : Buffer.from(obj, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(body);
    length += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * An "inflate bomb": a page whose content stream is a few hundred kB compressed and
 * `inflatedBytes` once inflated (spaces: the cheapest thing a PDF reader can be asked to scan).
 */
export async function inflateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const data = await deflateRepeated(inflatedBytes, 0x20);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]),
  ]);
}
