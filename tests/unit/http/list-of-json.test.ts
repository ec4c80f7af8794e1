import { describe, expect, it } from 'vitest';
import { list, listOfJson } from '../../../functions/http/respond.ts';
import { presentRow } from '../../../functions/services/rows.ts';
import { rowResourceJson } from '../../../functions/http/row-json.ts';
import type { RowRecord } from '../../../functions/storage/repositories/rows.ts';

const row = (id: number, descrizione: string): RowRecord => ({
  id, document_id: 3, row_index: id, tariffa: `A.${id}`, descrizione, codice_articolo: null, unita_di_misura: 'm²', quantita: 1.5, unitario: 10, totale: 15,
  tipologia_dei: 'nuove_costruzioni', prezzo_db: null, prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null,
  price_source: { list: 'toscana', key: 'LUCCA', year: 2025, code: `A.${id}`, patterns: ['p'] }, price_reason: null, page: 1, page_end: 2, box: { x0: 1, y0: 2, x1: 3, y1: 4 }, verifica: [],
});

describe('a list answered from rows already in JSON', () => {
  it('has exactly the body of the same list serialised at once', () => {
    // Prepare: text with quotes, accents, a line break and a code point beyond the BMP.
    const rows = [row(1, 'Scavo "a sezione" – terreno\nroccioso 𝄞'), Object.freeze(row(2, 'Demolizione è à ù'))];
    const meta = { page: 1, per_page: 50_000, totals: { sum_totale: 30, document_total: null } };
    // Act
    const fast = listOfJson(rows.map(rowResourceJson), 2, meta);
    const plain = list('rows', rows.map(presentRow), 2, meta);
    // Assess
    expect(fast).toEqual(plain);
    expect(JSON.parse(fast.body!)).toEqual(JSON.parse(plain.body!));
  });

  it('writes a frozen row once, and never serves a changed unfrozen row from before', () => {
    const frozen = Object.freeze(row(5, 'Uno'));
    expect(rowResourceJson(frozen)).toBe(rowResourceJson(frozen));
    const open = row(6, 'Prima');
    expect(rowResourceJson(open)).toContain('Prima');
    open.descrizione = 'Dopo';
    expect(rowResourceJson(open)).toContain('Dopo');
  });
});
