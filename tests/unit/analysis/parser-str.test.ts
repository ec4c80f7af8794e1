import { describe, expect, it } from 'vitest';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';
import type { Word } from '../../../functions/analysis/words.ts';
import { centred, page, right, text } from './fixtures.ts';

// STR Vision-like columns (own coordinates).
const C = { n: 48, code: 52, desc: 112, umL: 346, umR: 380, qty: 435, price: 490, amt: 560 };

function header(): Word[] {
  return [
    ...right('N.', C.n, 62), ...text('CODICE', C.code, 62), ...text('DESCRIZIONE', C.desc, 62),
    ...centred('U.M.', C.umL, C.umR, 62), ...right('QUANTITÀ', C.qty, 62), ...right('PREZZO', C.price, 62), ...right('IMPORTO', C.amt, 62),
  ];
}

function amounts(y: number, um: string, qty: string, price: string, amt: string): Word[] {
  return [...centred(um, C.umL, C.umR, y), ...right(qty, C.qty, y), ...right(price, C.price, y), ...right(amt, C.amt, y)];
}

describe('STR Vision layout', () => {
  it('reads U.M., quantity, price and amount on the last description line and skips carry rows', () => {
    const p1 = page(1, [
      ...text('COMPUTO METRICO ESTIMATIVO', 28, 30, 10),
      ...header(),
      ...text('EDIFICIO A', C.desc, 85),
      ...text('P01 - Piano primo', C.desc, 97),
      ...right('1', C.n, 110), ...text('A022.030.02', C.code, 110), ...text('Nuovo profilo per gola tende', C.desc, 110),
      ...text('Fornitura e posa di profilo metallico.', C.desc, 120),
      ...text("Compreso ogni onere, a regola d'arte.", C.desc, 130), ...amounts(130, 'm', '300,00', '69,00', '20.700,00'),
      // italic measurement line (smaller), not part of the description
      ...text('Ufficio', C.desc + 10, 139, 6.8), ...right('100,00 x 3,00 = 300,00', 342, 139, 6.8),
      ...right('Totale P01 - Piano primo', 342, 155), ...right('20.700,00', C.amt, 155),
      ...right('2', C.n, 175), ...text('A004.010.01', C.code, 175), ...text('Assistenze murarie', C.desc, 175),
      ...text('Assistenze murarie per la realizzazione', C.desc, 185),
      ...text('Totale pagina', C.desc, 790), ...right('20.700,00', C.amt, 790),
    ]);
    const p2 = page(2, [
      ...header(),
      ...text('Riporto', C.desc, 80), ...right('20.700,00', C.amt, 80),
      ...text('degli impianti meccanici.', C.desc, 95), ...amounts(95, 'a corpo', '0,40', '44.100,00', '17.640,00'),
      ...text('TOTALE COMPLESSIVO', C.desc, 120), ...right('38.340,00', C.amt, 120),
      ...text('Totale pagina', C.desc, 790), ...right('17.640,00', C.amt, 790),
    ]);
    const r = parseComputo([p1, p2]);
    expect(r.layout).toBe('str');
    expect(r.voci).toEqual([
      expect.objectContaining({
        n: 1, tariffa: 'A022.030.02', unita_di_misura: 'm', quantita: 300, unitario: 69, totale: 20700, page: 1, page_end: 1,
        descrizione: "Nuovo profilo per gola tende Fornitura e posa di profilo metallico. Compreso ogni onere, a regola d'arte.",
      }),
      expect.objectContaining({
        n: 2, tariffa: 'A004.010.01', unita_di_misura: 'a corpo', quantita: 0.4, unitario: 44100, totale: 17640, page: 1, page_end: 2,
        descrizione: 'Assistenze murarie Assistenze murarie per la realizzazione degli impianti meccanici.',
      }),
    ]);
    expect(r.document_total).toBe(38340);
    expect(r.warnings).toEqual([]);
  });

  it('reads a one-line voce whose start line also carries the amounts', () => {
    const r = parseComputo([
      page(1, [
        ...header(),
        ...right('12', C.n, 100), ...text('A019.090.01', C.code, 100), ...text('Soglia in acciaio inox', C.desc, 100),
        ...amounts(100, 'm', '2,00', '30,00', '60,00'),
        ...text('TOTALE COMPLESSIVO', C.desc, 120), ...right('60,00', C.amt, 120),
      ]),
    ]);
    expect(r.voci).toEqual([expect.objectContaining({ n: 12, tariffa: 'A019.090.01', descrizione: 'Soglia in acciaio inox', unita_di_misura: 'm', quantita: 2, unitario: 30, totale: 60 })]);
    expect(r.document_total).toBe(60);
  });
});
