import { describe, expect, it } from 'vitest';
import { parseComputo } from '../../../functions/analysis/parser/index.ts';
import type { PageWords } from '../../../functions/analysis/words.ts';
import { centred, P, page, PrimusPage, right, text } from './fixtures.ts';

/** OCR-like input: baselines jitter by up to ±0.8 pt and letter-spaced labels come one letter per word. */
function ocrLike(p: PageWords): PageWords {
  const words = p.words.flatMap((w, i) => {
    const dy = ((i * 37) % 17) / 10 - 0.8;
    const moved = { ...w, y0: w.y0 + dy, y1: w.y1 + dy };
    if (!/^(RIPORTO|RIPORTARE)$/.test(w.text)) return [moved];
    const step = (w.x1 - w.x0) / w.text.length;
    return [...w.text].map((ch, k) => ({ ...moved, text: ch, x0: w.x0 + k * step, x1: w.x0 + (k + 0.6) * step }));
  });
  return { ...p, words };
}

const DESC1 = 'Fornitura e posa in opera di massetto di';
const DESC2 = 'sabbia e cemento, spessore circa 5 cm.';

describe('PriMus layout', () => {
  it('reads N / EP, a code wrapped at a dot, the description and the SOMMANO row', () => {
    const p = new PrimusPage(1)
      .riporto()
      .centredHeading('LAVORI A MISURA')
      .line('1 / 12', 'Massetto alleggerito', {}, { justify: false })
      .line('TOS25_01CAM.B07.042', DESC1, {}, { justify: true })
      .line('.001', DESC2)
      .line(null, 'Cat 3 - Massetti e sottofondi')
      .line(null, 'SbCat 7 - Sottofondi')
      .line(null, 'Piano terra')
      .line(null, 'Aula 1', { par: '2,00', lung: '5,00', larg: '2,200', qty: '22,00' })
      .sommano('m²', '22,00', '2´034,50', '44´759,00')
      .aRiportare({ total: '44´759,00' })
      .build();
    const r = parseComputo([p]);
    expect(r.layout).toBe('primus');
    expect(r.voci).toHaveLength(1);
    expect(r.voci[0]).toMatchObject({
      n: 1,
      tariffa: 'TOS25_01CAM.B07.042.001',
      descrizione: `Massetto alleggerito ${DESC1} ${DESC2}`,
      unita_di_misura: 'm²',
      quantita: 22,
      unitario: 2034.5,
      totale: 44759,
      page: 1,
      page_end: 1,
    });
    expect(r.warnings).toEqual([]);
  });

  it('ignores A RIPORTARE / RIPORTO rows carrying a partial quantity inside a voce', () => {
    const p1 = new PrimusPage(1)
      .riporto()
      .line('1 / 1', 'Intonaco civile', {})
      .line('A12.010', DESC1, {}, { justify: true })
      .line(null, DESC2)
      .line(null, 'Cat 1 - Intonaci')
      .line(null, 'Parete nord', { par: '1,00', lung: '10,00', h: '3,000', qty: '30,00' })
      .aRiportare({ qty: '30,00', total: '0,00' })
      .build();
    const p2 = new PrimusPage(2)
      .riporto({ qty: '30,00', total: '0,00' })
      .line(null, 'Parete sud', { par: '1,00', lung: '10,00', h: '2,000', qty: '20,00' })
      .sommano('m²', '50,00', '18,40', '920,00')
      .line(null, null)
      .rightLabel('Parziale LAVORI A MISURA euro', { total: '920,00' })
      .rightLabel('TOTALE euro', { total: '920,00' })
      .aRiportare()
      .build();
    const r = parseComputo([p1, p2]);
    expect(r.voci).toHaveLength(1);
    expect(r.voci[0]).toMatchObject({ tariffa: 'A12.010', quantita: 50, unitario: 18.4, totale: 920, page: 1, page_end: 2 });
    expect(r.voci[0].descrizione).toBe(`Intonaco civile ${DESC1} ${DESC2}`);
    expect(r.document_total).toBe(920);
  });

  it('joins a voce whose title sits at the foot of one page and whose code starts the next', () => {
    const p1 = new PrimusPage(4).riporto({ total: '1´000,00' });
    p1.y = 770;
    p1.line('7 / 48', 'Assistenze murarie agli impianti', {}, { justify: true }).aRiportare({ total: '1´000,00' });
    const p2 = new PrimusPage(5)
      .riporto({ total: '1´000,00' })
      .line('A004.010.03', 'elettrici e speciali.')
      .line(null, 'Cat 4 - Assistenze')
      .line(null, 'Intervento completo', { par: '1,00', qty: '1,00' })
      .sommano('a corpo', '1,00', '13´500,00', '13´500,00')
      .aRiportare({ total: '14´500,00' });
    const r = parseComputo([p1.build(), p2.build()]);
    expect(r.voci).toHaveLength(1);
    expect(r.voci[0]).toMatchObject({
      n: 7,
      tariffa: 'A004.010.03',
      descrizione: 'Assistenze murarie agli impianti elettrici e speciali.',
      unita_di_misura: 'a corpo',
      quantita: 1,
      unitario: 13500,
      totale: 13500,
      page: 4,
      page_end: 5,
    });
  });

  it('keeps a numeric unit of measure ("100 kg") and reads dot thousands separators', () => {
    const p = new PrimusPage(1)
      .riporto()
      .line('1 / 1', 'Acciaio in barre per c.a.')
      .line('B45165b', null)
      .line(null, 'Plinti', { par: '3,00', h: '42,000', qty: '126,00' })
      .sommano('100 kg', '126,00', '1.234,56', '155.554,56')
      .aRiportare()
      .build();
    const r = parseComputo([p]);
    expect(r.voci[0]).toMatchObject({ tariffa: 'B45165b', unita_di_misura: '100 kg', quantita: 126, unitario: 1234.56, totale: 155554.56 });
  });

  it('drops a measurement group label between description and measurements when no Cat line separates them', () => {
    const p = new PrimusPage(1)
      .riporto()
      .line('1 / 3', 'Smontaggio di lastre in cartongesso da', {}, { justify: true })
      .line('B15096b', 'pareti esistenti')
      .line(null, 'Smontaggio accurato di lastre e profili,', {}, { justify: true })
      .line(null, 'a regola d\'arte.')
      .line(null, 'Copertura')
      .line(null, 'Balcone', { lung: '11,15', h: '3,081', qty: '34,35' })
      .sommano('mq', '34,35', '14,21', '488,11')
      .aRiportare()
      .build();
    const r = parseComputo([p]);
    expect(r.voci[0].descrizione).toBe(
      "Smontaggio di lastre in cartongesso da pareti esistenti Smontaggio accurato di lastre e profili, a regola d'arte.",
    );
  });

  it('does not read Riepilogo pages or the front page as voci', () => {
    const cover = page(1, [...centred('COMPUTO METRICO ESTIMATIVO', 0, 595, 300, 18), ...text('OGGETTO: Lavori 1 / 2', 60, 380)]);
    const computo = new PrimusPage(2)
      .riporto()
      .line('1 / 1', 'Pulizia finale')
      .line('A001.040.01', null)
      .line(null, 'Locali', { par: '1,00', qty: '1,00' })
      .sommano('a corpo', '1,00', '500,00', '500,00')
      .rightLabel('T O T A L E euro', { total: '500,00' })
      .aRiportare()
      .build();
    // Riepilogo: three columns only (no Quantità), rows "001 name amount".
    const riepilogo = page(3, [
      ...text('Num.Ord.', 52, 62, 7), ...text('TARIFFA', 55, 72, 7),
      ...centred('DESIGNAZIONE DEI LAVORI', 120, 500, 67, 7), ...right('TOTALE', 565, 75, 7),
      ...centred('Riepilogo CATEGORIE', 120, 500, 120),
      ...text('001', P.code, 140), ...text('Cantierizzazioni', 105, 140), ...right('500,00', P.total, 140),
      ...text('002', P.code, 151), ...text('Demolizioni', 105, 151), ...right('0,00', P.total, 151),
      ...right('Totale CATEGORIE euro', 500, 170), ...right('500,00', P.total, 170),
    ]);
    const r = parseComputo([cover, computo, riepilogo]);
    expect(r.voci).toHaveLength(1);
    expect(r.voci[0].totale).toBe(500);
    expect(r.document_total).toBe(500);
  });

  it('tolerates OCR-like jitter and letter-by-letter carry labels', () => {
    const p1 = new PrimusPage(1)
      .riporto()
      .line('1 / 1', 'Intonaco civile', {})
      .line('A12.010', DESC1, {}, { justify: true })
      .line(null, DESC2)
      .line(null, 'Cat 1 - Intonaci')
      .line(null, 'Parete nord', { par: '1,00', lung: '10,00', h: '3,000', qty: '30,00' })
      .aRiportare({ qty: '30,00', total: '0,00' })
      .build();
    const p2 = new PrimusPage(2)
      .riporto({ qty: '30,00', total: '0,00' })
      .sommano('m²', '30,00', '18,40', '552,00')
      .aRiportare({ total: '552,00' })
      .build();
    const r = parseComputo([ocrLike(p1), ocrLike(p2)]);
    expect(r.voci.map(v => [v.tariffa, v.descrizione, v.quantita, v.totale])).toEqual([
      ['A12.010', `Intonaco civile ${DESC1} ${DESC2}`, 30, 552],
    ]);
  });

  it('returns layout unknown, with a warning and no rows, for pages without a computo header', () => {
    const r = parseComputo([page(1, text('Relazione tecnica illustrativa 1 / 2 3.000,00', 60, 100))]);
    expect(r).toMatchObject({ layout: 'unknown', voci: [], document_total: null });
    expect(r.warnings).toHaveLength(1);
  });
});
