import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRows, insertRows, listRows } from '../../functions/storage/repositories/rows.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt.close());

const row = (documentId: number, i: number) => ({
  document_id: documentId, row_index: i, tariffa: `A.${i}`, descrizione: `voce ${i}`, codice_articolo: null, unita_di_misura: 'm', quantita: 1, unitario: i, totale: i,
  tipologia_dei: 'nuove_costruzioni', prezzo_db: null, prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null, price_source: null, page: 1, page_end: 1, box: null,
});

describe('reading a large document as parallel row ranges', () => {
  it('returns every row once, in order, whatever count it is told, with gaps left by deletions', async () => {
    // Prepare: 2,600 rows, then 40 removed here and there (a merge or a delete leaves gaps).
    const documentId = 900_001;
    await insertRows(rt.ctx, Array.from({ length: 2600 }, (_, i) => row(documentId, i + 1)));
    const gone = Array.from({ length: 40 }, (_, k) => 1 + k * 61);
    await deleteRows(rt.ctx, gone.map((row_index) => ({ document_id: documentId, row_index })));
    const expected = Array.from({ length: 2600 }, (_, i) => i + 1).filter((i) => !gone.includes(i));

    // Act: the true count, a stale lower count, a stale higher count, and none.
    const reads = await Promise.all([2560, 1200, 5000, 0].map((n) => listRows(rt.ctx, documentId, n)));

    // Assess
    for (const rows of reads) {
      expect(rows.map((r) => r.row_index)).toEqual(expected);
      expect(rows.every((r) => r.descrizione === `voce ${r.row_index}`)).toBe(true);
    }
  });
});
