/**
 * Windows-1252, decoded by table. Node's `new TextDecoder('windows-1252')` (Node 20 to 22)
 * decodes as ISO-8859-1: 0x80 comes out as the control U+0080 instead of "€", and the
 * typographic quotes 0x91–0x94 as controls too. Italian price lists saved by Excel as
 * "CSV (separato da ;)" are full of both.
 */

/** 0x80–0x9F as the WHATWG Encoding standard maps them; the five holes stay their own code. */
const HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

const CHUNK = 8192;

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(CHUNK, bytes.length));
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      codes[i - start] = b >= 0x80 && b < 0xa0 ? HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode.apply(null, codes.subarray(0, end - start) as unknown as number[]));
  }
  return parts.join('');
}

/** Labels the Encoding standard maps to windows-1252 ("latin1", "iso-8859-1", "us-ascii", …). */
export function isWindows1252Label(label: string): boolean {
  try {
    return new TextDecoder(label).encoding === 'windows-1252';
  } catch {
    return false;
  }
}
