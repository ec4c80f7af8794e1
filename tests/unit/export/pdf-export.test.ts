/**
 * The stampa of a computo (functions/export/pdf.ts on the generic table report): read back with
 * pdf.js (the analysis's own text extraction), every code and the grand total are there in
 * Italian format, the header is on every page with "Pagina N di M", pages are A4, chapters close
 * with their subtotals, and rows still to check carry the sign, their reason and the legend.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { buildComputoPdf, CHECK_SIGN, LEGEND_CHECK } from '../../../functions/export/pdf.ts';
import { printable, wrapText } from '../../../functions/export/pdf-report.ts';
import type { ExportDocument, ExportRow } from '../../../functions/export/model.ts';
import { extractPages } from '../../../functions/analysis/pdf-text.ts';
import { formatNumber } from '../../../shared/format.ts';
import { fromNumber, sum, toNumber } from '../../../shared/domain/money.ts';

const doc: ExportDocument = { id: 9, filename: 'Computo scuola Dante.pdf', provincia: 'FI', tipologia_dei: 'nuove_costruzioni', upload_date: '2026-11-20T09:00:00Z', document_total: 123456.78 };
const signed: ExportDocument = {
  ...doc,
  intestazione: { oggetto: 'Scuola primaria Dante: adeguamento sismico', committente: 'Comune di Firenze', luogo: 'Firenze', data: '28/11/2026', progettista: 'Ing. Maria Rossi' },
};

function rows(): ExportRow[] {
  const out: ExportRow[] = [];
  for (let i = 1; i <= 140; i++) {
    const q = 1 + ((i * 37) % 500) / 4;
    const p = 10 + ((i * 53) % 900) / 8;
    const t = Math.round(q * p * 100) / 100;
    out.push({
      row_index: i,
      tariffa: i === 7 ? 'TOS25_18.W01.001.002.A01-BIS.XYZ' : `TOS25_${String(i).padStart(2, '0')}.A${i % 7}.001.${String(i).padStart(3, '0')}`,
      descrizione:
        i === 5
          ? 'Calcestruzzo per strutture in elevazione '.repeat(400) // taller than a page: split
          : `Voce ${i}: fornitura e posa in opera di materiale vario, compreso ogni onere e magistero per dare il lavoro finito a regola d\u2019arte, m² e m³`,
      unita_di_misura: i % 2 ? 'm²' : 'cad',
      quantita: q,
      unitario: p,
      totale: t,
      prezzo_db: i % 3 ? p + 1 : null,
      prezzo_totale_db: i % 3 ? Math.round(q * (p + 1) * 100) / 100 : null,
      differenza_totale_db: i % 3 ? Math.round(q * (p + 1) * 100) / 100 - t : null,
      verifica: i % 25 === 0 ? ['codice non trovato'] : [],
      capitoli: { supercategoria: i <= 70 ? 'OPERE EDILI' : 'IMPIANTI', categoria: `Capitolo ${Math.ceil(i / 35)}` },
    });
  }
  return out;
}

describe('stampa PDF', () => {
  it('holds every code, the Italian grand total, chapter subtotals, the header and "Pagina N di M" on every A4 page', async () => {
    // Prepare
    const rs = rows();
    // Act
    const bytes = await buildComputoPdf(doc, rs, { now: new Date('2026-11-25T10:00:00Z'), lists: ['Toscana FI 2025', 'DEI Nuove costruzioni 2025'], tipologia: 'Nuove costruzioni' });
    // Assess
    const pdf = await PDFDocument.load(bytes);
    const pages = pdf.getPages();
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) expect([Math.round(p.getWidth()), Math.round(p.getHeight())]).toEqual([842, 595]);

    const read = await extractPages(bytes);
    const texts = read.map((p) => p.words.map((w) => w.text).join(' '));
    const words = new Set(read.flatMap((p) => p.words.map((w) => w.text)));
    for (const r of rs) expect(words, r.tariffa).toContain(r.tariffa);
    const all = texts.join(' ');
    const grand = toNumber(sum(rs.map((r) => fromNumber(r.totale!))));
    expect(all).toContain(`TOTALE ${formatNumber(grand)}`);
    expect(formatNumber(grand)).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/);
    expect(all).toContain(`Totale stampato nel documento ${formatNumber(123456.78)}`);
    const edili = toNumber(sum(rs.filter((r) => r.capitoli!.supercategoria === 'OPERE EDILI').map((r) => fromNumber(r.totale!))));
    expect(all).toContain(`Totale OPERE EDILI ${formatNumber(edili)}`);
    expect(all).toContain('Totale Capitolo 1');
    texts.forEach((t, i) => {
      expect(t).toContain('Computo metrico estimativo');
      expect(t).toContain('Oggetto: Computo scuola Dante');
      expect(t).toContain('Provincia: Firenze (FI)');
      expect(t).toContain('Prezzari: Toscana FI 2025, DEI Nuove costruzioni 2025');
      expect(t).toContain('Data: 25/11/2026');
      expect(t).toContain('N. Codice Descrizione U.M. Quantità');
      expect(t).toContain(`Pagina ${i + 1} di ${pages.length}`);
    });
    // quantities and prices in Italian format, "da verificare" rows marked, the legend
    expect(all).toContain(formatNumber(rs[0].quantita!));
    expect(all).toContain(`${CHECK_SIGN} 25`);
    expect(all).toContain('Da verificare: codice non trovato');
    expect(all).toContain(LEGEND_CHECK.split(':')[0]);
    expect(all).toContain('m²');
  });

  it('prints the heading kept on the document, carries the amount from page to page, and ends with place, date and signatures', async () => {
    // Prepare
    const rs = rows();
    // Act
    const bytes = await buildComputoPdf(signed, rs, { now: new Date('2026-11-25T10:00:00Z'), lists: [] });
    // Assess
    const texts = (await extractPages(bytes)).map((p) => p.words.map((w) => w.text).join(' '));
    for (const t of texts) {
      expect(t).toContain('Oggetto: Scuola primaria Dante: adeguamento sismico');
      expect(t).toContain('Committente: Comune di Firenze · Luogo: Firenze · Data: 28/11/2026 · Progettista: Ing. Maria Rossi');
    }
    // every page of the table but its last ends with "A riportare" and the next starts with the same "Riporto"
    const end = texts.findIndex((t) => t.includes('TOTALE'));
    expect(end).toBeGreaterThan(3);
    for (let i = 0; i < end; i++) {
      const out = /A riportare ([\d.]+,\d{2})/.exec(texts[i]);
      const into = /Riporto ([\d.]+,\d{2})/.exec(texts[i + 1]);
      expect(out?.[1], `page ${i + 1}`).toBeDefined();
      expect(into?.[1]).toBe(out?.[1]);
    }
    for (const t of texts.slice(end)) expect(t).not.toContain('A riportare');
    const last = texts.at(-1)!;
    expect(last).toContain('Firenze, 28/11/2026');
    expect(last).toContain('Il Progettista');
    expect(last).toContain('Ing. Maria Rossi');
    expect(last).toContain('Il Committente');
  });

  it('fills the list price and the difference of a priced row, and prints a chapter the document comes back to once', async () => {
    // Prepare: a priced row without its stored difference; chapter A, then B, then A again
    const base = rows().slice(0, 3);
    const rs: ExportRow[] = [
      { ...base[0], capitoli: { supercategoria: 'A' }, prezzo_db: 20, quantita: 2, unitario: 10, totale: 20, prezzo_totale_db: null, differenza_totale_db: null },
      { ...base[1], capitoli: { supercategoria: 'B' } },
      { ...base[2], capitoli: { supercategoria: 'A' } },
    ];
    // Act
    const text = (await extractPages(await buildComputoPdf(doc, rs, { now: new Date('2026-11-25T10:00:00Z'), lists: [] }))).map((p) => p.words.map((w) => w.text).join(' ')).join(' ');
    // Assess
    expect(text).toMatch(/ 20,00 20,00 20,00 /); // importo, prezzo listino, differenza (2 × 20 − 20)
    expect(text.match(/Totale A /g)).toHaveLength(1);
    expect(text.indexOf(`${rs[2].tariffa}`)).toBeLessThan(text.indexOf('Totale A '));
    expect(text.indexOf('Totale A ')).toBeLessThan(text.indexOf(`${rs[1].tariffa}`));
  });

  it('draws Greek, Cyrillic and accented text with the embedded font, a missing glyph as "?", and never leaves an empty last page', async () => {
    // Prepare
    const rs = rows().slice(0, 2);
    rs[0] = { ...rs[0], descrizione: 'Прокладка кабеля Ø 20 mm, Δp ≥ 3 bar, łódź, tubo ⌀ 12 中' };
    // Act
    const bytes = await buildComputoPdf(doc, rs, { now: new Date('2026-11-25T10:00:00Z'), lists: [] });
    // Assess
    const text = (await extractPages(bytes)).map((p) => p.words.map((w) => w.text).join(' ')).join(' ');
    expect(text).toContain('Прокладка кабеля Ø 20 mm, Δp ≥ 3 bar, łódź, tubo Ø 12 ?');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(printable('a\tb\u0007c')).toBe('a bc');
  });

  it('wraps words within the width', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont('Helvetica');
    const lines = wrapText('uno due tre quattro cinque sei sette otto nove dieci', font, 8, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 8)).toBeLessThanOrEqual(60);
    expect(lines.join(' ')).toBe('uno due tre quattro cinque sei sette otto nove dieci');
  });
});
