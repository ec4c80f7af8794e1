import { describe, expect, it } from 'vitest';
import { canSumQuantities, isCompleteVoce, type MergeableRow } from '../../../shared/domain/rows.ts';
import { mergedValues } from '../../../shared/domain/row-merge.ts';
import { formProblem, fromRow, EMPTY_PRICE, EMPTY_QUANTITY } from '../../../web/src/features/documents/utils/edit-row-form.ts';
import type { DocumentRow } from '../../../web/src/features/documents/types.ts';

const voce = (over: Partial<MergeableRow>): MergeableRow & { unita_di_misura: string } => ({
  unita_di_misura: 'm²',
  id: 1,
  row_index: 1,
  tariffa: 'TOS25_03.B01.002.001',
  descrizione: 'Intonaco',
  quantita: 31.5,
  unitario: 23.15,
  totale: 729.23,
  prezzo_db: 20,
  prezzo_totale_db: 630,
  ...over,
});

describe('merging two complete voci', () => {
  it('knows a complete voce and when two may add their quantities', () => {
    expect(isCompleteVoce(voce({}))).toBe(true);
    expect(isCompleteVoce(voce({ tariffa: ' ' }))).toBe(false);
    expect(isCompleteVoce(voce({ totale: null }))).toBe(false);
    expect(canSumQuantities(voce({}), voce({ id: 2, tariffa: 'tos25_03.b01.002.001 ', quantita: 40 }))).toBe(true);
    expect(canSumQuantities(voce({}), voce({ id: 2, unitario: 23.16 }))).toBe(false);
    expect(canSumQuantities(voce({}), voce({ id: 2, tariffa: 'ALTRA' }))).toBe(false);
    expect(canSumQuantities(voce({}), voce({ id: 2, quantita: null }))).toBe(false);
  });

  it('adds the quantities exactly and rounds the amount half-up, or takes the second row as before', () => {
    // Prepare
    const first = voce({});
    const second = voce({ id: 2, row_index: 2, quantita: 40, totale: 926, descrizione: 'seconda' });
    // Act
    const summed = mergedValues(first, second, { sumQuantities: true });
    const plain = mergedValues(first, second);
    // Assess: 71,50 × 23,15 = 1.655,225 → 1.655,23
    expect(summed).toMatchObject({ id: 1, descrizione: 'Intonaco', quantita: 71.5, unitario: 23.15, totale: 1655.23 });
    expect(plain).toMatchObject({ id: 1, quantita: 40, totale: 926 });
    // 0,1 + 0,2 is 0,3 here, not 0.30000000000000004.
    expect(mergedValues(voce({ quantita: 0.1, unitario: 10 }), voce({ quantita: 0.2, unitario: 10 }), { sumQuantities: true })).toMatchObject({ quantita: 0.3, totale: 3 });
  });
});

describe('the edit form', () => {
  it('refuses a quantity or unit price the row had and the user emptied; an empty one left as it was is fine', () => {
    const row = { ...voce({}), unita_di_misura: 'm²', tipologia_dei: null } as unknown as DocumentRow;
    const form = fromRow(row);
    expect(formProblem(row, form)).toBeNull();
    expect(formProblem(row, { ...form, quantita: null })).toBe(EMPTY_QUANTITY);
    expect(formProblem(row, { ...form, unitario: null })).toBe(EMPTY_PRICE);
    const empty = { ...row, quantita: null } as DocumentRow;
    expect(formProblem(empty, { ...fromRow(empty), descrizione: 'nuova' })).toBeNull();
  });
});
