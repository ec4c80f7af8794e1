import { describe, expect, it } from 'vitest';
import { duplicati } from '../../../../shared/domain/verification/duplicates.ts';
import { row } from './rows.ts';

describe('duplicati', () => {
  it('finds the same code, description and quantity twice, however spaced or cased', () => {
    const a = row({ tariffa: 'TOS25_01.A03.001', descrizione: 'Scavo a  sezione', quantita: 12 });
    const b = row({ tariffa: 'tos25_01.a03.001', descrizione: 'SCAVO A SEZIONE', quantita: 12 });
    const c = duplicati([a, row(), b, row({ tariffa: 'TOS25_01.A03.001', descrizione: 'Scavo a sezione', quantita: 13 })]);
    expect(c.esito).toBe('avviso');
    expect(c.righe).toEqual([a.id, b.id]);
    expect(c.messaggio).toContain('probabile doppio conteggio');
  });

  it('finds one code at two unit prices', () => {
    const a = row({ tariffa: 'B.01', unitario: 10, totale: 100 });
    const b = row({ tariffa: 'B.01', unitario: 11, totale: 110, quantita: 10, descrizione: 'altro' });
    const c = duplicati([a, row(), b]);
    expect(c).toMatchObject({ esito: 'avviso', righe: [a.id, b.id] });
    expect(c.messaggio).toBe('Il codice B.01 compare con prezzi unitari diversi.');
  });

  it('passes distinct voci and one code repeated at one price with other quantities', () => {
    const c = duplicati([row({ tariffa: 'B.02', quantita: 1, totale: 12.5 }), row({ tariffa: 'B.02', quantita: 2, totale: 25 }), row()]);
    expect(c).toMatchObject({ esito: 'superato', righe: [] });
  });
});
