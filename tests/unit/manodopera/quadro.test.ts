import { describe, expect, it } from 'vitest';
import { costoManodopera, isSafety, labourFields, quadroManodopera } from '../../../shared/domain/manodopera.ts';
import { manodopera } from '../../../shared/domain/verification/labour.ts';
import { punteggio } from '../../../shared/domain/verification/score.ts';

describe('labour cost of a voce', () => {
  it('is amount × incidence / 100, half-up to the cent, exactly', () => {
    // Prepare / Act / Assess
    expect(costoManodopera(1363, 40.36)).toBe(550.11); // 550.1068
    expect(costoManodopera(0.1, 5)).toBe(0.01); // 0.005 rounds up, no float drift
    expect(costoManodopera(1.005, 100)).toBe(1.01);
    expect(costoManodopera(-200, 12.5)).toBe(-25);
    expect(costoManodopera(100, null)).toBeNull();
    expect(costoManodopera(null, 10)).toBeNull();
  });

  it('marks a voce as safety by the estimator, else by a chapter named sicurezza', () => {
    // Prepare
    const chapter = { capitoli: { categoria: 'ONERI DELLA SICUREZZA' }, totale: 10 };
    // Act / Assess
    expect(isSafety(chapter)).toBe(true);
    expect(isSafety({ ...chapter, sicurezza: false })).toBe(false);
    expect(isSafety({ capitoli: { categoria: 'Scavi' }, totale: 10, sicurezza: true })).toBe(true);
    expect(isSafety({ capitoli: { supercategoria: 'Costi della Sicurezza' }, totale: 1 })).toBe(true);
    expect(isSafety({ capitoli: { categoria: 'Opere edili' }, totale: 1 })).toBe(false);
    expect(labourFields({ totale: 200, incidenza_manodopera: 26.86 })).toEqual({ incidenza_manodopera: 26.86, costo_manodopera: 53.72, fonte_manodopera: 'prezzario', sicurezza: false });
  });
});

describe('quadroManodopera', () => {
  it('sums labour, lists voci without incidence, keeps safety apart', () => {
    // Prepare
    const rows = [
      { id: 1, totale: 1363, incidenza_manodopera: 40.36 }, // 550.11
      { id: 2, totale: 351, incidenza_manodopera: 41.76 }, // 146.5776 -> 146.58
      { id: 3, totale: 500, incidenza_manodopera: null },
      { id: 4, totale: 800, incidenza_manodopera: 50, sicurezza: true }, // safety: not labour
      { id: 5, totale: null, incidenza_manodopera: null }, // no amount: ignored
    ];
    // Act
    const q = quadroManodopera(rows);
    // Assess
    expect(q).toEqual({
      importo_totale: 3014,
      costo_manodopera: 696.69,
      incidenza_manodopera: 23.12, // 696.69 / 3014 = 23.1151...
      voci_senza_manodopera: { count: 1, row_ids: [3] },
      oneri_sicurezza: 800,
      voci_sicurezza: 1,
      importo_soggetto_a_ribasso: 1517.31,
    });
  });

  it('gives zeros and no share for an empty document', () => {
    // Act
    const q = quadroManodopera([]);
    // Assess
    expect(q.incidenza_manodopera).toBeNull();
    expect(q.importo_soggetto_a_ribasso).toBe(0);
  });
});

describe('verification rule manodopera', () => {
  const row = (id: number, totale: number | null, incidenza_manodopera: number | null, sicurezza = false) => ({
    id,
    row_index: id,
    tariffa: `A.${id}`,
    descrizione: 'voce',
    unita_di_misura: 'mq',
    quantita: 1,
    unitario: totale,
    totale,
    incidenza_manodopera,
    sicurezza,
  });

  it('warns of the voci without incidence, states the labour cost, never lowers the score', () => {
    // Act
    const some = manodopera([row(1, 1000, 40), row(2, 500, null), row(3, 200, null, true)]);
    const all = manodopera([row(1, 1000, 40), row(3, 200, null, true)]);
    const none = manodopera([row(1, 1000, null)]);
    // Assess
    expect(some).toEqual({ regola: 'manodopera', esito: 'avviso', messaggio: '1 voce senza incidenza della manodopera: il costo della manodopera è stimato per difetto in 400,00 € (23,53% dell’importo); oneri della sicurezza 200,00 €.', righe: [2] });
    expect(all.esito).toBe('superato');
    expect(all.messaggio).toContain('costo della manodopera 400,00 €');
    expect(none).toMatchObject({ esito: 'non_verificabile', righe: [1] });
    expect(punteggio([some, none])).toBe(100);
  });
});
