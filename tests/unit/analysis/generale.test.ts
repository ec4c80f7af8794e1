/**
 * The traps every reader of computi must survive, on hand-built word layouts. Each case is read
 * through parseComputo (fast path or general path, whichever the dispatcher picks) and through the
 * general path alone: both must give the exact voci, or flag what they cannot confirm.
 */
import { describe, expect, it } from 'vitest';
import { parseComputo, parseGenerale, type ParsedVoce, type ParseResult } from '../../../functions/analysis/parser/index.ts';
import type { PageWords, Word } from '../../../functions/analysis/words.ts';
import { centred, P, page, PrimusPage, right, text } from './fixtures.ts';
import { R_QP } from '../../../functions/analysis/parser/order.ts';

type Row = Pick<ParsedVoce, 'n' | 'tariffa' | 'unita_di_misura' | 'quantita' | 'unitario' | 'totale'>;
const rows = (r: ParseResult): Row[] =>
  r.voci.map(v => ({ n: v.n, tariffa: v.tariffa, unita_di_misura: v.unita_di_misura, quantita: v.quantita, unitario: v.unitario, totale: v.totale }));

/** Both readers give `expected`, every voce sure (empty verifica). */
function expectBoth(pages: PageWords[], expected: Array<Partial<Row>>, total?: number): ParseResult {
  for (const r of [parseComputo(pages), parseGenerale(pages)]) {
    expect(rows(r), r.layout).toEqual(expected.map(e => expect.objectContaining(e)));
    expect(r.voci.map(v => v.verifica), r.layout).toEqual(expected.map(() => []));
    if (total !== undefined) expect(r.document_total, r.layout).toBe(total);
  }
  return parseComputo(pages);
}

// ---------------------------------------------------------------- a STR/table-like sheet builder

interface Cols {
  n?: number; // right edge of the voce number
  code?: number; // left edge of the code column
  desc: number;
  um?: number; // centre of the U.M. column
  q: number; // right edges of the number columns
  p: number;
  t: number;
}

class Sheet {
  words: Word[] = [];
  y = 100;
  constructor(readonly n: number, readonly c: Cols, readonly size = 8) {}
  put(ws: Word[]): this {
    this.words.push(...ws);
    return this;
  }
  head(labels: Partial<Record<keyof Cols, string>>): this {
    for (const [k, label] of Object.entries(labels) as Array<[keyof Cols, string]>) {
      const x = this.c[k]!;
      if (k === 'n' || k === 'q' || k === 'p' || k === 't') this.put(right(label, x, 80, this.size));
      else if (k === 'um') this.put(centred(label, x - 15, x + 15, 80, this.size));
      else this.put(text(label, x, 80, this.size));
    }
    return this;
  }
  /** One printed line; `amounts` = [um, qty, price, total] on the same line. */
  line(o: { n?: string; code?: string; desc?: string; um?: string; q?: string; p?: string; t?: string }): this {
    const { c, y, size } = this;
    if (o.n && c.n !== undefined) this.put(right(o.n, c.n, y, size));
    if (o.code && c.code !== undefined) this.put(text(o.code, c.code, y, size));
    if (o.desc) this.put(text(o.desc, c.desc, y, size));
    if (o.um && c.um !== undefined) this.put(centred(o.um, c.um - 15, c.um + 15, y, size));
    if (o.q) this.put(right(o.q, c.q, y, size));
    if (o.p) this.put(right(o.p, c.p, y, size));
    if (o.t) this.put(right(o.t, c.t, y, size));
    this.y += size * 1.4;
    return this;
  }
  gap(k = 1): this {
    this.y += this.size * k;
    return this;
  }
  build(): PageWords {
    return page(this.n, this.words);
  }
}

const STR: Cols = { n: 50, code: 56, desc: 120, um: 365, q: 430, p: 490, t: 565 };
const strHead = (s: Sheet): Sheet => s.head({ n: 'N.', code: 'CODICE', desc: 'DESCRIZIONE', um: 'U.M.', q: 'QUANTITÀ', p: 'PREZZO', t: 'IMPORTO' });

// ---------------------------------------------------------------- traps

describe('general path: traps', () => {
  it('reads the code under the progressive number (Num.Ord. without / EP) and never takes the price-list date for a code or a number', () => {
    const p = new PrimusPage(1)
      .riporto()
      .line('1', 'Scavo di sbancamento')
      .line('A01.001', 'eseguito con mezzi meccanici,')
      .line('12/03/2016', 'compreso il carico.')
      .line(null, 'Zona A', { par: '2,00', lung: '10,00', qty: '20,00' })
      .sommano('m³', '20,00', '12,50', '250,00')
      .line('2', 'Rinterro')
      .line('A01.010', 'con materiale di scavo.')
      .line('12/03/2016', null)
      .line(null, 'Zona A', { par: '1,00', lung: '8,00', qty: '8,00' })
      .sommano('m³', '8,00', '5,00', '40,00')
      .rightLabel('T O T A L E euro', { total: '290,00' })
      .build();
    const r = expectBoth([p], [
      { n: 1, tariffa: 'A01.001', unita_di_misura: 'm³', quantita: 20, unitario: 12.5, totale: 250 },
      { n: 2, tariffa: 'A01.010', unita_di_misura: 'm³', quantita: 8, unitario: 5, totale: 40 },
    ], 290);
    expect(r.voci[0].descrizione).toBe('Scavo di sbancamento eseguito con mezzi meccanici, compreso il carico.');
  });

  it('does not take Sommano positivi / Sommano negativi lines or negative measurements for voci', () => {
    const p = new PrimusPage(1)
      .line('1 / 4', 'Intonaco civile')
      .line('B02.015', 'per interni.')
      .line(null, 'Parete nord', { par: '1,00', lung: '10,00', h: '3,000', qty: '30,00' })
      .line(null, 'Parete sud', { par: '1,00', lung: '10,00', h: '3,000', qty: '30,00' })
      .line(null, 'A dedurre porta', { par: '-1,00', lung: '1,00', h: '2,100', qty: '-2,10' })
      .rightLabel('Sommano positivi m²', { qty: '60,00' })
      .rightLabel('Sommano negativi m²', { qty: '-2,10' })
      .sommano('m²', '57,90', '20,00', '1´158,00')
      .rightLabel('T O T A L E euro', { total: '1´158,00' })
      .build();
    expectBoth([p], [{ n: 1, tariffa: 'B02.015', unita_di_misura: 'm²', quantita: 57.9, unitario: 20, totale: 1158 }], 1158);
  });

  it('reads a LeenO print: SOMMANO [m²], Parziale, vedi voce, [...], numbered chapters with amounts, SOMMANO alone on the next page, repeated codes', () => {
    const C: Cols = { n: 52, code: 58, desc: 118, q: 445, p: 497, t: 557 };
    const head = (s: Sheet): Sheet => {
      s.put([...text('Num.Ord.', 56, 62), ...text('MISURAZIONI', 290, 62), ...text('IMPORTI', 483, 62)]);
      s.put([...text('DESIGNAZIONE DEI LAVORI', 125, 70), ...right('Quantità', 445, 70)]);
      s.put([...text('Articolo', 60, 78), ...right('par.ug.', 280, 78), ...right('lung.', 315, 78), ...right('larg.', 355, 78), ...right('H/peso', 392, 78), ...right('unitario', 497, 78), ...right('TOTALE', 557, 78)]);
      return s;
    };
    const dims = (s: Sheet, label: string, d: Array<string | null>, qty: string): Sheet => {
      s.put(text(label, 124, s.y));
      d.forEach((v, i) => v && s.put(right(v, [280, 315, 355, 392][i], s.y)));
      s.put(right(qty, 445, s.y));
      s.y += 11;
      return s;
    };
    const p1 = head(new Sheet(1, C));
    p1.line({ n: '1', desc: 'INTONACI E RASATURE', t: '2.944,00' });
    p1.put(right('1.1', 52, p1.y)).line({ desc: 'Aree esterne', t: '2.944,00' });
    p1.line({ n: '1', code: 'np004', desc: 'Controparete in cartongesso' });
    p1.line({ desc: 'standard [...] h. 285 cm,' });
    p1.line({ desc: 'fino a solaio.' });
    dims(p1, 'Bagno disabili', ['1,00', '10,25', '4,537', null], '46,50');
    p1.put([...text('Parziale [m²]', 200, p1.y), ...right('46,50', 445, p1.y)]);
    p1.y += 11;
    p1.put([...text('- vedi voce n.3 - art. b/12 Tinteggiatura [m² 85,00]', 124, p1.y), ...right('85,00', 445, p1.y)]);
    p1.y += 11;
    p1.put([...text('SOMMANO [m²]', 180, p1.y), ...right('131,50', 445, p1.y), ...right('20,00', 497, p1.y), ...right('2.630,00', 557, p1.y)]);
    p1.y += 14;
    p1.line({ n: '2', code: 'b/12', desc: 'Tinteggiatura con idropittura' });
    dims(p1, 'Corridoio', ['3,00', '4,000', null, null], '12,00');
    p1.put([...text('realizzato con LeenO.org', 50, 812, 6), ...text('Pg. 1 (di 2)', 520, 812, 6)]);
    const p2 = head(new Sheet(2, C));
    p2.put([...text('SOMMANO [ml.]', 180, 100), ...right('12,00', 445, 100), ...right('9,50', 497, 100), ...right('114,00', 557, 100)]);
    p2.y = 114;
    p2.line({ n: '3', code: 'np004', desc: 'Controparete in cartongesso, maggiorazione' });
    dims(p2, 'Bagno', ['2,00', null, null, null], '2,00');
    p2.put([...text('SOMMANO [cad.]', 180, p2.y), ...right('2,00', 445, p2.y), ...right('100,00', 497, p2.y), ...right('200,00', 557, p2.y)]);
    p2.y += 14;
    p2.line({ desc: 'TOTALE', t: '2.944,00' });
    p2.put([...text('realizzato con LeenO.org', 50, 812, 6), ...text('Pg. 2 (di 2)', 520, 812, 6)]);
    const r = expectBoth([p1.build(), p2.build()], [
      { n: 1, tariffa: 'np004', unita_di_misura: 'm²', quantita: 131.5, unitario: 20, totale: 2630 },
      { n: 2, tariffa: 'b/12', unita_di_misura: 'ml.', quantita: 12, unitario: 9.5, totale: 114 },
      { n: 3, tariffa: 'np004', unita_di_misura: 'cad.', quantita: 2, unitario: 100, totale: 200 },
    ], 2944);
    expect(r.layout).toBe('generale');
    expect(r.voci[0].descrizione).toBe('Controparete in cartongesso standard [...] h. 285 cm, fino a solaio.');
    expect(r.voci[1]).toMatchObject({ page: 1, page_end: 2 });
    expect(r.voci[0].capitoli).toEqual({ supercategoria: '1 INTONACI E RASATURE', categoria: '1.1 Aree esterne' });
  });

  it('joins codes wrapped in a narrow code column at a dot or mid-number, also across the page break after the carry line', () => {
    const C: Cols = { n: 44, code: 50, desc: 105, um: 365, q: 430, p: 490, t: 565 };
    const head = (s: Sheet): Sheet => s.head({ n: 'N.', code: 'Codice', desc: 'DESCRIZIONE', um: 'U.M.', q: 'Quantità', p: 'Prezzo', t: 'Importo' });
    const p1 = head(new Sheet(1, C));
    p1.line({ n: '1', code: '2B.05.030.0', desc: 'Rimozione di pavimento' });
    p1.line({ code: '020.b', desc: 'sopraelevato esistente', um: 'm²', q: '10,00', p: '8,00', t: '80,00' });
    p1.line({ n: '2', code: 'E.07.015.01', desc: 'Massetto in sabbia e cemento' });
    p1.line({ code: '0.c', desc: 'spessore 5 cm', um: 'm²', q: '20,00', p: '15,00', t: '300,00' });
    p1.y = 760;
    p1.line({ n: '3', code: 'S.22.085.', desc: 'Setto acustico verticale' });
    p1.put([...text('Totale pagina', 105, 790), ...right('380,00', 565, 790)]);
    const p2 = head(new Sheet(2, C));
    p2.put([...text('Riporto', 105, 96), ...right('380,00', 565, 96)]);
    p2.y = 110;
    p2.line({ code: '250', desc: 'in cartongesso, h. da 320 a 390 cm', um: 'm²', q: '5,00', p: '60,00', t: '300,00' });
    p2.line({ desc: 'TOTALE COMPLESSIVO', t: '680,00' });
    const r = expectBoth([p1.build(), p2.build()], [
      { n: 1, tariffa: '2B.05.030.0020.b', totale: 80 },
      { n: 2, tariffa: 'E.07.015.010.c', totale: 300 },
      { n: 3, tariffa: 'S.22.085.250', unita_di_misura: 'm²', totale: 300 },
    ], 680);
    expect(r.voci[2]).toMatchObject({ page: 1, page_end: 2 });
  });

  it('reads voci whose only label is the code column, with SOMMANO lines without a unit and a unit over two lines (cad/ + mese)', () => {
    const C: Cols = { code: 40, desc: 110, um: 380, q: 440, p: 500, t: 565 };
    const s = new Sheet(1, C);
    s.put([...text('Codice', 40, 70), ...text('Descrizione dei lavori', 200, 70), ...text('Unità di', 368, 70), ...right('Quantità', 440, 70), ...right('Prezzo', 500, 70), ...right('Importo', 565, 70)]);
    s.put([...text('misura', 368, 80), ...right('Unitario', 500, 80)]);
    s.line({ code: 'N83038', desc: 'Nolo di ponteggio', um: 'cad/' });
    s.line({ desc: 'metallico a tubi e giunti', um: 'mese' });
    s.line({ desc: 'SOMMANO', q: '15,00', p: '100,00', t: '1.500,00' });
    s.gap();
    s.line({ code: 'A004.010', desc: 'Pavimento in gres', um: 'm²' });
    s.line({ desc: 'Ufficio 1 4,00 * 5,00', q: '20,00' });
    s.line({ desc: 'SOMMANO', q: '20,00', p: '30,00', t: '600,00' });
    s.gap();
    s.line({ desc: 'IMPORTO COMPLESSIVO DEI LAVORI', t: '2.100,00' });
    expectBoth([s.build()], [
      { n: null, tariffa: 'N83038', unita_di_misura: 'cad/mese', quantita: 15, unitario: 100, totale: 1500 },
      { n: null, tariffa: 'A004.010', unita_di_misura: 'm²', quantita: 20, unitario: 30, totale: 600 },
    ], 2100);
  });

  it('reads an Excel table with the unit price BEFORE the quantity, € in cells of their own, and ignores IVA and oneri rows after the total', () => {
    const C: Cols = { code: 36, desc: 100, um: 330, q: 470, p: 410, t: 565 };
    const s = new Sheet(1, C);
    s.put([...text('Codice', 36, 80), ...text('Descrizione', 100, 80), ...centred('UM', 315, 345, 80), ...right('Prezzo unitario', 410, 80), ...right('Quantità', 470, 80), ...right('Importo', 565, 80)]);
    const row = (code: string, desc: string[], um: string, price: string, qty: string, amt: string): void => {
      s.put([...text(code, 36, s.y), ...centred(um, 315, 345, s.y), ...text('€', 365, s.y), ...right(price, 410, s.y), ...right(qty, 470, s.y), ...text('€', 500, s.y), ...right(amt, 565, s.y)]);
      for (const d of desc) s.line({ desc: d });
      s.gap(0.6);
    };
    row('A01.001', ['Scavo di sbancamento', 'con mezzi meccanici'], 'm³', '12,50', '10,00', '125,00');
    row('A02.002', ['Calcestruzzo C25/30'], 'm³', '130,00', '7,50', '975,00');
    row('A03.003', ['Ferro B450C'], 'kg', '1,20', '500,00', '600,00');
    s.put([...text('Totale', 100, s.y), ...text('€', 500, s.y), ...right('1.700,00', 565, s.y)]);
    s.y += 14;
    s.put([...text('IVA 10%', 100, s.y), ...text('€', 500, s.y), ...right('170,00', 565, s.y)]);
    s.y += 14;
    s.put([...text('Oneri della sicurezza', 100, s.y), ...centred('a corpo', 315, 345, s.y), ...right('500,00', 410, s.y), ...right('1,00', 470, s.y), ...right('500,00', 565, s.y)]);
    s.y += 14;
    s.put([...text('Totale con IVA e oneri', 100, s.y), ...right('2.370,00', 565, s.y)]);
    expectBoth([s.build()], [
      { tariffa: 'A01.001', unita_di_misura: 'm³', quantita: 10, unitario: 12.5, totale: 125 },
      { tariffa: 'A02.002', unita_di_misura: 'm³', quantita: 7.5, unitario: 130, totale: 975 },
      { tariffa: 'A03.003', unita_di_misura: 'kg', quantita: 500, unitario: 1.2, totale: 600 },
    ], 1700);
  });

  for (const sep of ['.', '´', "'", ' ', '']) {
    it(`reads thousands separated by ${JSON.stringify(sep)}, decimal comma and 3-decimal factors`, () => {
      const g = (s: string): string => s.replace(/_/g, sep);
      const s = strHead(new Sheet(1, STR));
      s.line({ n: '1', code: 'A022.030.02', desc: 'Profilo per gola tende' });
      s.line({ desc: 'Fornitura e posa.', um: 'm', q: g('1_250,50'), p: '69,00', t: g('86_284,50') });
      s.line({ desc: 'Ufficio 2,00 x 625,250 = 1250,50' });
      s.line({ n: '2', code: 'A004.010.01', desc: 'Assistenze murarie', um: 'a corpo', q: '0,40', p: g('44_100,00'), t: g('17_640,00') });
      s.line({ desc: 'TOTALE COMPLESSIVO', t: g('103_924,50') });
      expectBoth([s.build()], [
        { n: 1, tariffa: 'A022.030.02', unita_di_misura: 'm', quantita: 1250.5, unitario: 69, totale: 86284.5 },
        { n: 2, tariffa: 'A004.010.01', unita_di_misura: 'a corpo', quantita: 0.4, unitario: 44100, totale: 17640 },
      ], 103924.5);
    });
  }

  it('never reads covers, credit footers, riepilogo, libretto or registro pages as voci', () => {
    const cover = page(1, [
      ...centred('COMUNE DI PROVA', 0, 595, 200, 14), ...centred('COMPUTO METRICO ESTIMATIVO', 0, 595, 260, 12),
      ...text('Importo lavori 2,00 x 150,00 = 300,00', 100, 320), ...text('PriMus by ACCA software S.p.A.', 40, 812, 6),
    ]);
    const body = strHead(new Sheet(2, STR));
    body.line({ n: '1', code: 'A01.001', desc: 'Scavo a sezione', um: 'm³', q: '2,00', p: '150,00', t: '300,00' });
    body.line({ desc: 'TOTALE COMPLESSIVO', t: '300,00' });
    body.put([...text('PriMus by ACCA software S.p.A.', 40, 812, 6), ...text('Pg. 2 (di 5)', 520, 812, 6)]);
    const riepilogo = page(3, [...centred('RIEPILOGO CATEGORIE', 0, 595, 80, 10), ...text('001 Scavi', 60, 110), ...right('300,00', 565, 110), ...text('TOTALE', 60, 130), ...right('300,00', 565, 130)]);
    const libretto = strHead(new Sheet(4, STR)).put(centred('LIBRETTO DELLE MISURE', 0, 595, 60, 10));
    libretto.line({ n: '1', code: 'A01.001', desc: 'Scavo a sezione', um: 'm³', q: '2,00', p: '150,00', t: '300,00' });
    const registro = strHead(new Sheet(5, STR)).put(centred('REGISTRO DI CONTABILITÀ', 0, 595, 60, 10));
    registro.line({ n: '1', code: 'A01.001', desc: 'Scavo a sezione', um: 'm³', q: '2,00', p: '150,00', t: '300,00' });
    const pages = [cover, body.build(), riepilogo, libretto.build(), registro.build()];
    expectBoth(pages, [{ n: 1, tariffa: 'A01.001', totale: 300 }], 300);
  });

  it('reads a print with no column header from the numbers alone (layout generale), flagging quantity and price it cannot tell apart', () => {
    // Prepare: no header, no measurement lines, no currency sign: nothing says which factor is the quantity.
    const s = new Sheet(1, STR);
    s.line({ n: '1', code: 'X.01', desc: 'Demolizione di tramezzi' });
    s.line({ desc: 'in laterizio.', um: 'm²', q: '12,00', p: '18,00', t: '216,00' });
    s.line({ n: '2', code: 'X.02', desc: 'Trasporto a discarica', um: 'm³', q: '3,50', p: '40,00', t: '140,00' });
    s.line({ n: '3', code: 'X.03', desc: 'Oneri di discarica', um: 't', q: '5,00', p: '12,00', t: '60,00' });
    for (const r of [parseComputo([s.build()]), parseGenerale([s.build()])]) {
      // Act / Assess: every voce read, every one flagged, none silently guessed.
      expect(r.layout).toBe('generale');
      expect(rows(r)).toEqual([
        expect.objectContaining({ n: 1, tariffa: 'X.01', unita_di_misura: 'm²', totale: 216 }),
        expect.objectContaining({ n: 2, tariffa: 'X.02', unita_di_misura: 'm³', totale: 140 }),
        expect.objectContaining({ n: 3, tariffa: 'X.03', unita_di_misura: 't', totale: 60 }),
      ]);
      expect(r.voci.map(v => v.verifica)).toEqual([[R_QP], [R_QP], [R_QP]]);
      expect(r.voci[0].descrizione).toBe('Demolizione di tramezzi in laterizio.');
    }
  });

  it('reads a header whose code cell says `Elenco Prezzi` under `Codice` (not a price-list section), and left-aligned voce numbers past 9', () => {
    // Prepare: `Codice` / `Elenco Prezzi` in the header; numbers 9 and 10 left-aligned; code wrapped under the number line.
    const s = strHead(new Sheet(1, STR));
    s.put(text('Elenco Prezzi', STR.code!, 90));
    s.y = 110;
    const v = (n: string, code: string, q: string, p: string, t: string): void => {
      s.put(text(n, 40, s.y));
      s.line({ code, desc: 'Opera compiuta', um: 'm²', q, p, t });
    };
    for (let k = 1; k <= 9; k++) v(String(k), `A.0${k}`, '2,00', '10,00', '20,00');
    s.put(text('10', 40, s.y));
    s.line({ code: 'TOS25_06.F19.032.02', desc: 'Controsoffitto', um: 'mq', q: '19,96', p: '242,00', t: '4.830,32' });
    s.line({ code: '6', desc: 'in pannelli' });
    // Act
    const r = parseGenerale([s.build()]);
    // Assess
    expect(r.voci).toHaveLength(10);
    expect(r.voci[9]).toEqual(expect.objectContaining({ n: 10, tariffa: 'TOS25_06.F19.032.026', quantita: 19.96, unitario: 242, verifica: [] }));
  });

  it('reads a unit printed over two lines with its rest right-aligned (`[cad/` + `giorno]`) and a code cut mid-number', () => {
    // Prepare: `1 D.18.04` / `2.0360` in a narrow code column; `SOMMANO [cad/` with `giorno]` right-aligned below.
    const p = new PrimusPage(1);
    p.line('1 D.18.04', 'Nolo di transenna');
    p.line('2.0360', 'per delimitazione');
    p.line(null, 'Cantiere', { par: '3,00', qty: '3,00' });
    p.line(null, 'Accesso', { par: '2,00', qty: '2,00' });
    p.sommano('[cad/', '5,00', '30,00', '150,00');
    p.words.push(...right('giorno]', P.descRight, p.y - 6));
    p.y += 10;
    p.line('2 A.01.001', 'Scavo');
    p.line(null, 'Zona A', { lung: '8,00', qty: '8,00' });
    p.sommano('m³', '8,00', '5,00', '40,00');
    // Act
    const r = parseGenerale([p.build()]);
    // Assess
    expect(rows(r)).toEqual([
      expect.objectContaining({ n: 1, tariffa: 'D.18.042.0360', unita_di_misura: 'cad/giorno', quantita: 5, unitario: 30 }),
      expect.objectContaining({ n: 2, tariffa: 'A.01.001', unita_di_misura: 'm³', quantita: 8, unitario: 5 }),
    ]);
    expect(r.voci.map(v => v.verifica)).toEqual([[], []]);
  });

  it('reads a percentage voce: the base amount as quantity, the rate as the fraction it stands for', () => {
    // Prepare: `%` unit, base amount in the quantity column, `5,20%` in the price column.
    const s = strHead(new Sheet(1, STR));
    s.line({ n: '1', code: 'A.01', desc: 'Scavo', um: 'm³', q: '10,00', p: '15,00', t: '150,00' });
    s.line({ n: '2', code: 'NP.07', desc: 'Spese generali in percentuale', um: '%', q: '52.142,93', p: '14,55%', t: '7.586,80' });
    // Act
    const r = parseGenerale([s.build()]);
    // Assess
    expect(rows(r)[1]).toEqual({ n: 2, tariffa: 'NP.07', unita_di_misura: '%', quantita: 52142.93, unitario: 0.1455, totale: 7586.8 });
    expect(r.voci[1].verifica).toEqual([]);
  });

  it('reads `a corpo` written in the quantity column as quantity 1, unit a corpo', () => {
    // Prepare
    const s = strHead(new Sheet(1, STR));
    s.line({ n: '1', code: 'A.01', desc: 'Scavo', um: 'm³', q: '10,00', p: '15,00', t: '150,00' });
    s.line({ n: '2', code: 'A.02', desc: 'Pratiche catastali', p: '1.700,00', t: '1.700,00' });
    s.put(right('a corpo', STR.q, s.y - 8 * 1.4));
    // Act
    const r = parseGenerale([s.build()]);
    // Assess
    expect(rows(r)[1]).toEqual({ n: 2, tariffa: 'A.02', unita_di_misura: 'a corpo', quantita: 1, unitario: 1700, totale: 1700 });
  });

  it('takes the quantity from the measurement lines when the header has none (LeenO: P.U. is parti uguali)', () => {
    // Prepare: `P.U.` over the first measurement column, no Quantità / Prezzo words; partials under the left factor.
    const s = new Sheet(1, STR);
    s.put(text('N.', STR.n! - 10, 80)).put(text('Art.', STR.code!, 80)).put(text('DESIGNAZIONE', STR.desc, 80));
    s.put(right('P.U.', STR.q - 90, 80)).put(right('Lung.', STR.q - 50, 80)).put(right('Importo', STR.t, 80));
    s.line({ n: '1', code: 'X.01', desc: 'Demolizione di tramezzi' });
    s.put(right('2,00', STR.q - 90, s.y)).put(right('3,00', STR.q - 50, s.y)).put(right('6,00', STR.q, s.y));
    s.line({ desc: 'Locale A' });
    s.put(right('6,50', STR.q - 50, s.y)).put(right('6,50', STR.q, s.y));
    s.line({ desc: 'Locale B' });
    s.line({ desc: 'SOMMANO m²', q: '12,50', p: '18,00', t: '225,00' });
    const r = parseGenerale([s.build()]);
    // Act / Assess
    expect(rows(r)).toEqual([expect.objectContaining({ tariffa: 'X.01', quantita: 12.5, unitario: 18, totale: 225 })]);
    expect(r.voci[0].verifica).toEqual([]);
  });
});

describe('general path: checks', () => {
  it('flags a voce whose amount is not quantity × price, and every voce when the grand total does not add up', () => {
    const s = strHead(new Sheet(1, STR));
    s.line({ n: '1', code: 'A01.001', desc: 'Scavo', um: 'm³', q: '2,00', p: '150,00', t: '300,00' });
    s.line({ n: '2', code: 'A01.002', desc: 'Rinterro', um: 'm³', q: '2,00', p: '10,00', t: '25,00' });
    s.line({ n: '3', code: 'A01.003', desc: 'Trasporto', um: 'm³', q: '1,00', p: '10,00', t: '10,00' });
    s.line({ desc: 'TOTALE COMPLESSIVO', t: '999,00' });
    for (const r of [parseComputo([s.build()]), parseGenerale([s.build()])]) {
      expect(r.voci).toHaveLength(3);
      expect(r.voci[1].verifica).toContain('quantità × prezzo ≠ importo stampato');
      expect(r.voci.every(v => v.verifica.includes('la somma delle voci non corrisponde al totale stampato'))).toBe(true);
    }
  });

  it('checks chapter voci against their printed subtotal (Totale <chapter>) and names the chapters', () => {
    const s = strHead(new Sheet(1, STR));
    s.line({ desc: 'EDIFICIO A' });
    s.line({ desc: 'P01 - Piano primo' }).gap();
    s.line({ n: '1', code: 'A01.001', desc: 'Scavo', um: 'm³', q: '2,00', p: '150,00', t: '300,00' });
    s.line({ n: '2', code: 'A01.002', desc: 'Rinterro', um: 'm³', q: '2,00', p: '10,00', t: '20,00' });
    s.line({ desc: 'Totale P01 - Piano primo', t: '330,00' }).gap();
    s.line({ desc: 'P02 - Piano secondo' }).gap();
    s.line({ n: '3', code: 'A01.003', desc: 'Trasporto', um: 'm³', q: '1,00', p: '10,00', t: '10,00' });
    s.line({ desc: 'Totale P02 - Piano secondo', t: '10,00' });
    const r = parseGenerale([s.build()]);
    expect(r.voci.map(v => v.capitoli)).toEqual([
      { supercategoria: 'EDIFICIO A', categoria: 'P01 - Piano primo' },
      { supercategoria: 'EDIFICIO A', categoria: 'P01 - Piano primo' },
      { supercategoria: 'EDIFICIO A', categoria: 'P02 - Piano secondo' },
    ]);
    expect(r.voci.map(v => v.verifica)).toEqual([
      ['le voci del capitolo non sommano al subtotale stampato'],
      ['le voci del capitolo non sommano al subtotale stampato'],
      [],
    ]);
  });
});

describe('general path: category numbers and glued voce numbers in the code column (LeenO)', () => {
  const C: Cols = { n: 48, code: 50, desc: 130, q: 430, p: 490, t: 565 };
  const head = (s: Sheet): Sheet => s.head({ n: 'N.', code: 'Articolo', desc: 'DESIGNAZIONE DEI LAVORI', q: 'Quantità', p: 'Prezzo', t: 'Importo' });

  it('never glues a category number, a sub-category number and a voce number to the code: each voce exact or flagged', () => {
    const p1 = head(new Sheet(1, C));
    // Category and sub-category rows: their number in the code column, no amount.
    p1.line({ code: '1.1', desc: 'SCAVI E DEMOLIZIONI' });
    p1.line({ code: '0.1.1', desc: 'Piano terra' });
    // The voce number right-aligned against the code: the text layer gives one word.
    p1.put(text('11C.01.060.0010.a', 44, p1.y)).line({ desc: 'Scavo di sbancamento eseguito con mezzi meccanici' });
    p1.line({ desc: 'SOMMANO m³', q: '10,00', p: '5,00', t: '50,00' });
    p1.line({ code: '0.1.2', desc: 'Piano primo' });
    p1.put(text('2np011', 44, p1.y)).line({ desc: 'Rimozione di pavimento in ceramica' });
    p1.line({ desc: 'SOMMANO m²', q: '4,00', p: '12,50', t: '50,00' });
    p1.gap().line({ desc: 'T O T A L E euro', t: '100,00' });
    for (const r of [parseComputo([p1.build()]), parseGenerale([p1.build()])]) {
      expect(r.voci.length, r.layout).toBe(2);
      const [a, b] = r.voci;
      for (const [v, code] of [[a, '1C.01.060.0010.a'], [b, 'np011']] as const) {
        if (v.tariffa !== code) expect(v.verifica.length, `${v.tariffa} read without a flag`).toBeGreaterThan(0);
        expect(v.tariffa).not.toMatch(/^(1\.1|0\.1)/);
        expect(v.descrizione).not.toMatch(/SCAVI E DEMOLIZIONI|Piano/);
      }
      expect(r.document_total).toBe(100);
    }
  });
});
