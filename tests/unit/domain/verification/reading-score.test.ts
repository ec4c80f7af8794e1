import { describe, expect, it } from 'vitest';
import { lettura } from '../../../../shared/domain/verification/reading.ts';
import { punteggio, semaforo } from '../../../../shared/domain/verification/score.ts';
import { parseSoglia, verificationReport, verify, type Controllo } from '../../../../shared/domain/verification/index.ts';
import { READER_REASONS } from '../../../../shared/domain/rows.ts';
import { found, row } from './rows.ts';

describe('lettura', () => {
  it('reports reading doubts and OCR-corrected rows, not the amount checks other rules report', () => {
    const doubt = row({ verifica: ['unità di misura non trovata'] });
    const ocr = row({ da_scansione: true, correzioni_ocr: ['quantità 18,00 letta 10,00'] });
    const amountOnly = row({ verifica: [READER_REASONS.product, READER_REASONS.chapter] });
    const c = lettura([row(), doubt, ocr, amountOnly]);
    expect(c).toMatchObject({ esito: 'avviso', righe: [doubt.id, ocr.id] });
    expect(c.messaggio).toContain('unità di misura non trovata');
    expect(lettura([row(), amountOnly]).esito).toBe('superato');
  });

  it('does not say "no voce to check" when a row is flagged for its amounts (issue 40): it says which, and where they are reported', () => {
    const amountOnly = row({ verifica: [READER_REASONS.product] });
    expect(lettura([row(), amountOnly]).messaggio).toBe(
      'Nessuna delle 2 voci è segnata da verificare per un dubbio di lettura; una voce è segnata da verificare per gli importi (Aritmetica delle voci, Totali stampati).',
    );
    expect(lettura([row(), row()]).messaggio).toBe('Nessuna delle 2 voci è segnata da verificare dalla lettura.');
    expect(lettura([row()]).messaggio).toBe('La voce non è segnata da verificare dalla lettura.');
  });
});

const check = (esito: Controllo['esito'], regola: Controllo['regola'] = 'aritmetica'): Controllo => ({ regola, esito, messaggio: '', righe: [] });

describe('score', () => {
  it('weighs errors over warnings, costs a non-verifiable check, ignores the informational one, floors at 0', () => {
    expect(punteggio([check('superato'), check('superato')])).toBe(100);
    expect(punteggio([check('errore'), check('avviso'), check('non_verificabile')])).toBe(70);
    expect(punteggio([check('avviso', 'nuovi_prezzi')])).toBe(100);
    expect(punteggio(Array.from({ length: 9 }, () => check('errore')))).toBe(0);
    expect(semaforo([check('superato'), check('avviso', 'nuovi_prezzi')])).toBe('verde');
    expect(semaforo([check('superato'), check('non_verificabile')])).toBe('giallo');
    expect(semaforo([check('avviso'), check('errore')])).toBe('rosso');
  });

  it('reads a threshold', () => {
    expect(parseSoglia('12,5')).toBe(12.5);
    expect(parseSoglia(20)).toBe(20);
    for (const bad of ['0', '-3', 'abc', '', 1001, null]) expect(parseSoglia(bad)).toBeNull();
  });
});

describe('verify', () => {
  it('scores a clean computo 100 with every check passed, and reports sections with their rows', () => {
    // Prepare: three clean voci, each in the list at its own price and unit, printed total their sum
    const rows = [row({ quantita: 2, totale: 25 }), row({ quantita: 4, totale: 50 }), row({ quantita: 8, totale: 100 })].map((r) => ({ ...r, incidenza_manodopera: 30 }));
    const lists = new Map(rows.map((r) => [r.id, found('mq', 12.5)]));
    // Act
    const result = verify({ rows, documentTotal: 175, lists, soglia: 20 });
    // Assess
    expect(result.controlli.map((c) => [c.regola, c.esito])).toEqual([
      ['aritmetica', 'superato'],
      ['totale', 'superato'],
      ['duplicati', 'superato'],
      ['unita', 'superato'],
      ['scostamento_prezzo', 'superato'],
      ['codice_non_in_prezzario', 'superato'],
      ['nuovi_prezzi', 'superato'],
      ['quantita', 'superato'],
      ['lettura', 'superato'],
      ['manodopera', 'superato'],
    ]);
    expect(result).toMatchObject({ punteggio: 100, semaforo: 'verde', soglia: 20 });
    const bad = { ...rows[1], totale: 51 };
    const header = { documento: 'palestra.xlsx', provincia: 'LU', prezzari: ['Toscana LUCCA 2025'], data: '25/11/2026 19:24' };
    const report = verificationReport(verify({ rows: [rows[0], bad, rows[2]], documentTotal: 175, lists, soglia: 20 }), [rows[0], bad, rows[2]], header);
    expect(report.intestazione).toEqual(header);
    expect(report.sezioni.map((s) => s.titolo)).toHaveLength(10); // with «Costi della manodopera» (issue 39)
    expect(report.sezioni[0]).toMatchObject({ regola: 'aritmetica', titolo: 'Aritmetica delle voci', esito: 'errore', esito_label: 'Errore', righe: [{ id: bad.id, numero: 2, totale: 51 }] });
    expect(report.punteggio).toBe(60);
  });
});
