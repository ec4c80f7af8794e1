import { describe, expect, it } from 'vitest';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';
import type { Word } from '../../../functions/analysis/words.ts';
import { centred, page, right, text } from './fixtures.ts';

// Spreadsheet-like grid (own coordinates): Codice | Descrizione | UM | Quantità | Prezzo unitario € | Importo €
const X = [36, 100, 318, 350, 405, 470, 556];
const LH = 10;
const PAD = 3;

function header(y: number): Word[] {
  return [
    ...centred('Codice', X[0], X[1], y), ...centred('Descrizione', X[1], X[2], y), ...centred('UM', X[2], X[3], y),
    ...centred('Quantità', X[3], X[4], y), ...centred('Prezzo', X[4], X[5], y - 5), ...centred('unitario €', X[4], X[5], y + 5),
    ...centred('Importo €', X[5], X[6], y),
  ];
}

/** One row: description lines from the top, code/UM/numbers vertically centred. Returns the next y. */
function row(out: Word[], y: number, code: string[], desc: string[], um: string, qty: string, price: string, amt: string): number {
  const h = Math.max(code.length, desc.length) * LH + 2 * PAD;
  desc.forEach((l, i) => out.push(...text(l, X[1] + PAD, y + PAD + (i + 0.8) * LH)));
  const mid = y + h / 2 + 3; // baseline of a centred single line
  code.forEach((c, i) => out.push(...text(c, X[0] + PAD, mid + (i - (code.length - 1) / 2) * LH)));
  out.push(...centred(um, X[2], X[3], mid), ...right(qty, X[4] - PAD, mid), ...right(price, X[5] - PAD, mid), ...right(amt, X[6] - PAD, mid));
  return y + h;
}

describe('spreadsheet table layout', () => {
  it('rebuilds rows from vertically centred numbers, codes broken inside the cell and chapter rows', () => {
    const w: Word[] = [...text('COMPUTO METRICO ESTIMATIVO', 36, 40, 12), ...text('Lavori: Scuola primaria di via Roma, lotto 1 / 2', 36, 58), ...header(90)];
    let y = 104;
    w.push(...text('DEMOLIZIONI E RIMOZIONI', X[1] + PAD, y + PAD + 8)); // chapter row
    y += LH + 2 * PAD;
    y = row(w, y, ['A005.030.06'], ['Rimozione e rimontaggio pavimento', 'sopraelevato esistente, per', 'riutilizzo a seguito di passaggi', 'impiantistici.'], 'm²', '6.140,40', '15,00', '92.106,00');
    y = row(w, y, ['TOS25_17.N05.', '002.013'], ['NOLEGGI OPERE PROVVISIONALI'], 'm', '159,99', '17,40', '2.783,83');
    y = row(w, y, ['A012.010.01'], ['Sovraporta in muratura, h. 30 cm.', 'Fornitura e posa in opera.', 'Compreso ogni onere.'], 'a corpo', '1,00', '1.000,00', '1.000,00');
    w.push(...right('Totale', X[5] - PAD, y + PAD + 8), ...right('95.889,83', X[6] - PAD, y + PAD + 8));
    w.push(...centred('Pagina 1 di 1', 0, 595, 825));
    const r = parseComputo([page(1, w)]);
    expect(r.layout).toBe('tabella');
    expect(r.voci.map(v => [v.tariffa, v.unita_di_misura, v.quantita, v.unitario, v.totale])).toEqual([
      ['A005.030.06', 'm²', 6140.4, 15, 92106],
      ['TOS25_17.N05.002.013', 'm', 159.99, 17.4, 2783.83],
      ['A012.010.01', 'a corpo', 1, 1000, 1000],
    ]);
    expect(r.voci[0].descrizione).toBe('Rimozione e rimontaggio pavimento sopraelevato esistente, per riutilizzo a seguito di passaggi impiantistici.');
    expect(r.voci[1].descrizione).toBe('NOLEGGI OPERE PROVVISIONALI');
    expect(r.voci[2].descrizione).toBe('Sovraporta in muratura, h. 30 cm. Fornitura e posa in opera. Compreso ogni onere.');
    expect(r.voci.every(v => v.n === null && v.page === 1 && v.page_end === 1)).toBe(true);
    expect(r.document_total).toBe(95889.83);
    expect(r.warnings).toEqual([]);
  });
});
