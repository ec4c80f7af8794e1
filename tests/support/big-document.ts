/**
 * A completed document of many rows written straight to the tables (no analysis): rows cycle
 * through the given article codes, unpriced, so a re-price writes every one of them.
 */
import type { AppContext } from '../../functions/config/context.ts';
import { newDocumentId, putDocument } from '../../functions/storage/repositories/documents.ts';
import { insertRows, type RowRecord } from '../../functions/storage/repositories/rows.ts';

export async function seedBigDocument(ctx: AppContext, owner: { id: number; username: string }, count: number, codes: string[]): Promise<number> {
  const id = await newDocumentId(ctx);
  const rows: Array<Omit<RowRecord, 'id'>> = Array.from({ length: count }, (_, i) => ({
    document_id: id,
    row_index: i + 1,
    tariffa: codes[i % codes.length],
    descrizione: `voce ${i + 1}`,
    codice_articolo: null,
    unita_di_misura: 'm',
    quantita: 1 + (i % 7),
    unitario: 10,
    totale: 10 * (1 + (i % 7)),
    tipologia_dei: 'nuove_costruzioni',
    prezzo_db: null,
    prezzo_totale_db: null,
    differenza_totale_db: null,
    variazione_percentuale: null,
    price_source: null,
    page: 1,
    page_end: 1,
    box: null,
  }));
  await insertRows(ctx, rows);
  await putDocument(ctx, {
    id,
    filename: `grande-${count}.pdf`,
    upload_date: ctx.now().toISOString(),
    provincia: 'LU',
    tipologia_dei: 'nuove_costruzioni',
    username: owner.username,
    user_id: owner.id,
    status: 'completed',
    status_reason: null,
    file_key: `documents/${id}/original.pdf`,
    file_size: 1,
    pages_total: 1,
    pages_done: 1,
    document_total: null,
    document_total_db: null,
    sum_totale: rows.reduce((s, r) => s + (r.totale ?? 0), 0),
    row_count: count,
    layout: null,
    unreadable_pages: [],
    warnings: [],
    completed_at: ctx.now().toISOString(),
    rows_written_at: ctx.now().toISOString(),
  });
  return id;
}
