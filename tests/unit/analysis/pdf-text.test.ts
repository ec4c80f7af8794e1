import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  extractDocument,
  extractPages,
  pageRanges,
  PdfReadError,
  splitItem,
  splitPdf,
} from '../../../functions/analysis/pdf-text.ts';
import { corpusDir } from './corpus-paths.ts';

const load = (name: string) => new Uint8Array(fs.readFileSync(path.join(corpusDir, name)));

describe('splitItem', () => {
  it('splits justified text and gives the surplus width to the spaces', () => {
    const ws = splitItem('di  lavoro in', 100, 8);
    expect(ws.map(w => w.text)).toEqual(['di', 'lavoro', 'in']);
    expect(ws[0].start).toBe(0);
    expect(ws[2].end).toBeCloseTo(100);
    expect(ws[1].start).toBeGreaterThan(ws[0].end);
  });

  it('joins letter-spaced labels into words', () => {
    expect(splitItem('R I P O R T O', 43, 8.5).map(w => w.text)).toEqual(['RIPORTO']);
    expect(splitItem('A   R I P O R T A R E', 66, 8.5).map(w => w.text)).toEqual(['A', 'RIPORTARE']);
    expect(splitItem('T O T A L E   euro', 58, 8.5).map(w => w.text)).toEqual(['TOTALE', 'euro']);
    expect(splitItem('1 / 12', 20, 8.5).map(w => w.text)).toEqual(['1', '/', '12']);
    expect(splitItem('classi A B C e D', 60, 8).map(w => w.text)).toEqual(['classi', 'A', 'B', 'C', 'e', 'D']);
  });
});

describe('extractPages', () => {
  it('returns positioned words with a top-left origin', async () => {
    const pages = await extractPages(load('primus_small.pdf'));
    expect(pages.map(p => [p.page, p.hasTextLayer])).toEqual([[1, true], [2, true], [3, true]]);
    expect(pages[0].width).toBeCloseTo(595.28);
    const texts = pages[0].words.map(w => w.text);
    expect(texts).toContain('RIPORTO');
    expect(texts).toContain('SOMMANO');
    const pag = pages[0].words.find(w => w.text === 'pag.')!;
    expect(pag.y0).toBeLessThan(60); // printed at the top of the page
    for (const w of pages[0].words) expect(w.x1).toBeGreaterThanOrEqual(w.x0);
  });

  it('honours firstPage/lastPage', async () => {
    const pages = await extractPages(load('primus_small.pdf'), { firstPage: 2, lastPage: 3 });
    expect(pages.map(p => p.page)).toEqual([2, 3]);
  });

  it('flags bold words when font styles are requested', async () => {
    const [p] = await extractPages(load('primus_small.pdf'), { firstPage: 1, lastPage: 1, fontStyles: true });
    expect(p.words.find(w => w.text === 'SOMMANO')?.bold).toBeFalsy();
    expect(p.words.find(w => w.text === 'Sottofondo')?.bold).toBe(true);
  });

  it('marks scanned pages as having no text layer', async () => {
    const pages = await extractPages(load('primus_small_scanned.pdf'));
    expect(pages).toHaveLength(3);
    expect(pages.every(p => !p.hasTextLayer && p.words.length === 0)).toBe(true);
  });

  it('throws PdfReadError with an Italian reason for a file that is not a PDF', async () => {
    const err = await extractPages(new TextEncoder().encode('not a pdf at all')).catch(e => e);
    expect(err).toBeInstanceOf(PdfReadError);
    expect(err.reason).toBe('Il file non è un PDF valido o è danneggiato.');
  });

  it('throws PdfReadError for a truncated PDF', async () => {
    const bytes = load('primus_small.pdf').slice(0, 2000);
    const err = await extractDocument(bytes).catch(e => e);
    expect(err).toBeInstanceOf(PdfReadError);
  });

  it('throws PdfReadError (password) for an encrypted PDF', async () => {
    const err = await extractPages(encryptedPdf()).catch(e => e);
    expect(err).toBeInstanceOf(PdfReadError);
    expect(err.reason).toBe('Il PDF è protetto da password.');
    const err2 = await splitPdf(encryptedPdf()).catch(e => e);
    expect(err2).toBeInstanceOf(PdfReadError);
    expect(err2.reason).toBe('Il PDF è protetto da password.');
  });
});

describe('chunks', () => {
  it('computes 15-page ranges', () => {
    expect(pageRanges(47)).toEqual([[1, 15], [16, 30], [31, 45], [46, 47]]);
    expect(pageRanges(15)).toEqual([[1, 15]]);
    expect(pageRanges(0)).toEqual([]);
  });

  it('splits a PDF into standalone 15-page documents', async () => {
    const chunks = await splitPdf(load('primus_medium.pdf'));
    expect(chunks.map(c => [c.firstPage, c.lastPage])).toEqual([[1, 15], [16, 30], [31, 45], [46, 47]]);
    const counts = await Promise.all(chunks.map(async c => (await PDFDocument.load(c.bytes)).getPageCount()));
    expect(counts).toEqual([15, 15, 15, 2]);
  });

  it('extractDocument reads chunks in parallel and keeps page order', async () => {
    const pdf = load('primus_medium.pdf');
    const all = await extractDocument(pdf);
    expect(all.map(p => p.page)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const part = await extractPages(pdf, { firstPage: 16, lastPage: 16 });
    expect(all[15].words).toEqual(part[0].words);
  });
});

// ---------------------------------------------------------------- an RC4 40-bit (R2) encrypted PDF

function encryptedPdf(): Uint8Array {
  const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
  const padded = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32);
  const md5 = (b: Buffer) => createHash('md5').update(b).digest();
  const rc4 = (key: Buffer, data: Buffer) => {
    const s = Array.from({ length: 256 }, (_, i) => i);
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i] + key[i % key.length]) & 255;
      [s[i], s[j]] = [s[j], s[i]];
    }
    const out = Buffer.alloc(data.length);
    for (let k = 0, i = 0, j = 0; k < data.length; k++) {
      i = (i + 1) & 255;
      j = (j + s[i]) & 255;
      [s[i], s[j]] = [s[j], s[i]];
      out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
    }
    return out;
  };
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const O = rc4(md5(padded('owner')).subarray(0, 5), padded('secret'));
  const P = -44;
  const p = Buffer.alloc(4);
  p.writeInt32LE(P);
  const key = md5(Buffer.concat([padded('secret'), O, p, id])).subarray(0, 5);
  const U = rc4(key, PAD);
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /P ${P} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map(o => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
