import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { extractDocument, SPLIT_FROM_PAGES } from '../../../functions/analysis/pdf-text.ts';
import { stopPageReader, threadPageReader, type PageReader } from '../../../functions/analysis/page-reader.ts';
import { CORPUS_PDF } from '../../support/corpus.ts';

const medium = () => new Uint8Array(fs.readFileSync(path.join(CORPUS_PDF, 'str_medium.pdf')));

afterAll(() => stopPageReader());

describe('reading one PDF on two threads', () => {
  it('gives the same pages, in order, as reading it on one thread, and reports every page', async () => {
    // Prepare
    const pdf = medium();
    const alone = await extractDocument(pdf);
    expect(alone.length).toBeGreaterThanOrEqual(SPLIT_FROM_PAGES);
    const progress: number[] = [];
    let asked: [number, number] | undefined;
    const watching: PageReader = {
      read: (bytes, first, last) => {
        asked = [first, last];
        return threadPageReader.read(bytes, first, last);
      },
    };

    // Act
    const split = await extractDocument(pdf, { pageReader: watching, onProgress: (done) => progress.push(done) });

    // Assess: the other thread read the second half, and nothing differs from the one-thread reading.
    expect(asked).toEqual([Math.ceil(alone.length / 2) + 1, alone.length]);
    expect(split.map((p) => p.page)).toEqual(alone.map((p) => p.page));
    expect(split).toEqual(alone);
    expect(progress.at(-1)).toBe(alone.length);
    expect(progress).toHaveLength(alone.length);
  });

  it('reads the pages itself when the other thread fails', async () => {
    const pdf = medium();
    const broken: PageReader = { read: () => Promise.reject(new Error('thread gone')) };
    const pages = await extractDocument(pdf, { pageReader: broken });
    expect(pages).toEqual(await extractDocument(pdf));
  });

  it('does not hand off a short document', async () => {
    const pdf = new Uint8Array(fs.readFileSync(path.join(CORPUS_PDF, 'primus_small.pdf')));
    let called = false;
    const reader: PageReader = { read: (...a) => ((called = true), threadPageReader.read(...a)) };
    const pages = await extractDocument(pdf, { pageReader: reader });
    expect(called).toBe(false);
    expect(pages.length).toBeLessThan(SPLIT_FROM_PAGES);
  });

  it('a stopped page thread is started again by the next read', async () => {
    const pdf = medium();
    await stopPageReader();
    const again = await threadPageReader.read(pdf, 2, 3);
    expect(again.map((p) => p.page)).toEqual([2, 3]);
  });
});
