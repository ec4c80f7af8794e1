/**
 * Property on real office prints (tests/fixtures/office: LeenO-like workbooks and spreadsheets
 * printed by LibreOffice Calc, Word-table templates printed by Writer; see its README): every truth
 * voce is read exactly or flagged (non-empty `verifica`), none is missing, no extra voce is
 * unflagged. Plus the office generator's own invariants (exact amounts, half-up rounding), which
 * need no LibreOffice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../functions/analysis/pdf-text.ts';
import { parseComputo, type ParsedVoce } from '../../../functions/analysis/parser/index.ts';
import { sum2 } from '../../generator/core.ts';
import { FAMILY_NAMES, buildOffice } from '../../generator/office/generate.ts';
import { checkOffice, mulExact } from '../../generator/office/model.ts';
import { ConversionError, convert, sofficeVersion } from '../../generator/office/soffice.ts';
import type { OfficeTruth } from '../../generator/office/truth.ts';
import { repoRoot } from './corpus-paths.ts';

const dir = path.join(repoRoot, 'tests/fixtures/office');
const truths = fs.readdirSync(dir).filter(f => f.endsWith('.truth.json')).sort();

/** Print-order alignment (as the bench does); returns the reader's silent errors, one line each. */
function silentErrors(t: OfficeTruth, voci: ParsedVoce[]): string[] {
  const errors: string[] = [];
  const matched = new Set<number>();
  let j = 0;
  for (const it of t.items) {
    let k = -1;
    for (let i = j; i < Math.min(voci.length, j + 6); i++) {
      if (voci[i].tariffa === it.tariffa || voci[i].totale === it.totale) {
        k = i;
        break;
      }
    }
    if (k < 0) {
      errors.push(`n.${it.n} ${it.tariffa || it.descrizione.slice(0, 30)}: missing`);
      continue;
    }
    const v = voci[k];
    matched.add(k);
    j = k + 1;
    const exact = v.tariffa === it.tariffa && v.unita_di_misura === it.um && v.quantita === it.quantita && v.unitario === it.unitario && v.totale === it.totale;
    if (!exact && v.verifica.length === 0)
      errors.push(`n.${it.n}: expected ${it.tariffa} ${it.um} ${it.quantita} × ${it.unitario} = ${it.totale}, read ${v.tariffa} ${v.unita_di_misura} ${v.quantita} × ${v.unitario} = ${v.totale} without a flag`);
  }
  voci.forEach((v, i) => {
    if (!matched.has(i) && v.verifica.length === 0) errors.push(`extra voce without a flag: ${v.tariffa} ${v.quantita} × ${v.unitario} = ${v.totale}`);
  });
  return errors;
}


describe('office prints (LibreOffice): every voce exact or flagged', () => {
  it('has committed prints of every family', () => {
    const layouts = new Set(truths.map(f => (JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficeTruth).layout));
    // Every family printed by LibreOffice; the Word-table HTML also printed by Chromium (a web tool's print).
    expect([...layouts].sort()).toEqual([...FAMILY_NAMES.map(f => `office_${f}`), 'office_word_chromium'].sort());
  });

  for (const f of truths) {
    it(f.replace('.truth.json', '.pdf'), async () => {
      // Prepare
      const truth = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficeTruth;
      const pdf = new Uint8Array(fs.readFileSync(path.join(dir, truth.file)));
      // Act
      const result = parseComputo(await extractDocument(pdf));
      // Assess
      expect(silentErrors(truth, result.voci)).toEqual([]);
    });
  }
});

describe('Word table template: a code wrapped out of its row', () => {
  const read = async (file: string) => parseComputo(await extractDocument(new Uint8Array(fs.readFileSync(path.join(dir, file)))));

  it('joins the tail of a centred code cell printed on the next page, and flags the join', async () => {
    // Act
    const { voci } = await read('office_word_s1_2.pdf');
    // Assess: `TOS25_15.C` on page 1, `16.050.004` mid-way down the row's rest on page 2
    const v = voci.find(x => x.n === 7)!;
    expect(v.tariffa).toBe('TOS25_15.C16.050.004');
    expect(v.verifica).toContain('voce spezzata tra due pagine');
    expect(voci.find(x => x.n === 15)!.tariffa).toBe('TOS25_13.B22.035.005');
  });

  it('flags a voce whose code may go on in a short piece on the line under it', async () => {
    // Act
    const { voci } = await read('office_word_s2_4.pdf');
    // Assess: `25.A23.A37.04` + `0` on the next line
    const v = voci.find(x => x.n === 9)!;
    expect(v.tariffa).toBe('25.A23.A37.04');
    expect(v.verifica).toContain('codice forse incompleto: la riga sotto la voce ne porta un pezzo');
  });
});

describe('Word table template: chapter names are the chapter rows\u2019 own titles', () => {
  // The template prints each chapter as a row merged across the table: `CAPITOLO n - NAME`. Header
  // cells wrapped onto a second line (`e delle forniture`, `unitario`, `(euro)`) and description
  // fragments cut off their row by a gap are neither chapters nor a piece of one.
  const wordPrints = truths.filter(f => /word/.test(f));

  it.each(wordPrints)('%s', async f => {
    // Prepare
    const truth = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficeTruth;
    // Act
    const { voci } = parseComputo(await extractDocument(new Uint8Array(fs.readFileSync(path.join(dir, truth.file)))));
    // Assess: every voce read as sure sits in a chapter the print names as such.
    const names = voci.filter(v => v.verifica.length === 0).map(v => Object.values(v.capitoli ?? {}).join(' / '));
    for (const name of names) expect(name).toMatch(/^CAPITOLO \d+ - [A-ZÀ-Ù' -]+$/);
  });
});

describe('spreadsheet prints: the title above the table is the document\u2019s, not a chapter', () => {
  it.each(truths.filter(f => /calc/.test(f)))('%s', async f => {
    // Prepare
    const truth = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficeTruth;
    // Act
    const { voci } = parseComputo(await extractDocument(new Uint8Array(fs.readFileSync(path.join(dir, truth.file)))));
    // Assess: `STIMA DEI LAVORI - …` and `Comune di … - 23/04/2024` head the sheet, not its voci.
    for (const v of voci) for (const name of Object.values(v.capitoli ?? {})) expect(name).not.toMatch(/^(STIMA DEI LAVORI|OFFERTA ECONOMICA)|\d{2}\/\d{2}\/\d{4}/);
  });
});

describe('office generator invariants', () => {
  it('rounds products half-up to the cent, exactly, whatever the decimals', () => {
    expect(mulExact([0.125, 1])).toBe(0.13);
    expect(mulExact([0.115, 1])).toBe(0.12);
    expect(mulExact([12345.67, 0.1923])).toBe(2374.07); // 2374.072341
    expect(mulExact([1000, 0.00005])).toBe(0.05);
    expect(mulExact([2.5, 0.001])).toBe(0.0); // 0.0025
    expect(mulExact([3, 0.005])).toBe(0.02); // 0.015
    expect(mulExact([-2, 1.05, 1.682])).toBe(-3.53); // -3.5322
  });

  for (const family of FAMILY_NAMES) {
    it(`${family}: voci amounts, chapter subtotals and the total add up`, async () => {
      for (const index of [0, 1]) {
        // Prepare / Act
        const { doc } = await buildOffice(family, 11, index);
        const m = doc.model;
        // Assess
        expect(() => checkOffice(m)).not.toThrow();
        for (const v of m.voci) expect(v.totale, `voce ${v.n}`).toBe(mulExact([v.quantita, v.unitario]));
        expect(sum2(m.chapters.map(c => c.total))).toBe(m.total);
        expect(doc.printed.map(p => p.voce.n)).toEqual(m.voci.map(v => v.n));
        if (doc.printedTotal !== m.total) expect(doc.variant.printed_total_is_sum).toBe(false);
      }
    });
  }

  it('a percentage voce stores its rate as a fraction: base × rate = amount', async () => {
    let seen = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { doc } = await buildOffice('calc', seed, 0);
      for (const v of doc.model.voci.filter(x => x.kind === 'percent')) {
        seen++;
        expect(v.um).toBe('%');
        expect(v.unitario).toBeLessThan(1);
        expect(v.totale).toBe(mulExact([v.quantita, v.unitario]));
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('every committed truth adds up and numbers its voci in print order', () => {
    for (const f of truths) {
      const t = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OfficeTruth;
      expect(t.document_total, f).toBe(sum2(t.items.map(i => i.totale)));
      t.items.forEach((it, i) => {
        expect(it.n).toBe(i + 1);
        expect(it.totale, `${f} n.${it.n}`).toBe(mulExact([it.quantita, it.unitario]));
        expect(it.page_end).toBeGreaterThanOrEqual(it.page);
        expect(it.page_end).toBeLessThanOrEqual(t.pages);
        if (it.misure?.length) expect(sum2(it.misure.map(m => m.parziale))).toBe(it.quantita);
      });
    }
  });
});

describe('LibreOffice conversions: failures are reported, a hung soffice is killed', () => {
  /** A stand-in for soffice: a shell script with the given body. */
  function fakeSoffice(body: string): { bin: string; dir: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-soffice-'));
    const bin = path.join(dir, 'soffice');
    fs.writeFileSync(bin, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return { bin, dir };
  }

  it('kills a conversion that does not end in time and says which files it was converting', async () => {
    // Prepare
    const { bin, dir } = fakeSoffice('sleep 30');
    const t0 = Date.now();
    // Act
    const run = convert([path.join(dir, 'a.xlsx')], 'pdf', dir, 300, bin);
    // Assess
    await expect(run).rejects.toThrow(/soffice hung: no answer after 0.3 s converting a\.xlsx to pdf \(killed\)/);
    expect(Date.now() - t0).toBeLessThan(5000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports a failed exit, a missing output and a missing program', async () => {
    // Prepare
    const failing = fakeSoffice('echo "Error: source file could not be loaded" >&2; exit 1');
    const silent = fakeSoffice('exit 0');
    // Act / Assess
    await expect(convert([path.join(failing.dir, 'b.xlsx')], 'pdf', failing.dir, 10_000, failing.bin)).rejects.toThrow(/exited with 1 converting b\.xlsx: Error: source file could not be loaded/);
    await expect(convert([path.join(silent.dir, 'c.html')], 'pdf', silent.dir, 10_000, silent.bin)).rejects.toThrow(/soffice wrote no pdf for c\.html/);
    await expect(convert(['d.xlsx'], 'pdf', silent.dir, 10_000, path.join(silent.dir, 'absent'))).rejects.toBeInstanceOf(ConversionError);
    expect(sofficeVersion(path.join(silent.dir, 'absent'))).toBeNull();
    for (const d of [failing.dir, silent.dir]) fs.rmSync(d, { recursive: true, force: true });
  });
});
