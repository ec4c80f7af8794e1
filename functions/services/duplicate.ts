import type { AppContext } from '../config/context.ts';
import { formatInteger } from '../../shared/format.ts';
import { documentTotals } from '../../shared/domain/totals.ts';
import type { Principal } from '../auth/principal.ts';
import { copyBlob } from '../storage/blobs.ts';
import { getDocument, newDocumentId, putDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import type { ChoicesRecord } from '../storage/repositories/comparison-choices.ts';
import { insertRows, type RowRecord } from '../storage/repositories/rows.ts';
import { originalKey } from './documents.ts';
import { journalDuplicate } from './journal.ts';

/**
 * `title` is the user's title as checked by the handler (shared/domain/text.ts): it is stored
 * as typed, "/" included; it is not a file path, so it does not go through safeFilename.
 *
 * A new document holding copies of the chosen rows, renumbered in their original order, with the
 * original file copied along (deleting the source later must not break the copy's download).
 * The copy is written before the document record, so it never appears half-made. The duplication
 * is recorded in the source's journal: "Annulla" deletes the copy while nothing was written to it.
 */
export async function duplicateDocument(ctx: AppContext, principal: Principal, source: DocumentRecord, title: string, rows: RowRecord[]): Promise<DocumentRecord> {
  const id = await newDocumentId(ctx);
  const ordered = [...rows].sort((a, b) => a.row_index - b.row_index);
  const copies = ordered.map(({ id: _id, ...r }, i) => ({ ...r, document_id: id, row_index: i + 1 }));
  // A structured computo (xlsx, xpwe, …) keeps its extension, so its type is known on download.
  const key = originalKey(id, /\.([a-z]+)$/i.exec(source.file_key)?.[1] ?? 'pdf');
  await copyBlob(ctx, source.file_key, key);
  const written = await insertRows(ctx, copies);
  const totals = documentTotals(written, null);
  // The source's pairing choices name the source's rows: the copy starts without any.
  const { comparison_choices: _choices, comparison_version: _choicesVersion, ...fields } = source as DocumentRecord & ChoicesRecord;
  const doc: DocumentRecord = {
    ...fields,
    id,
    filename: title,
    upload_date: ctx.now().toISOString(),
    username: principal.username,
    user_id: principal.id,
    status: 'completed',
    status_reason: null,
    file_key: key,
    // The printed total belonged to the whole original: the copy has none, its total is the sum of its voci.
    document_total: null,
    sum_totale: totals.sum_totale,
    document_total_db: totals.document_total_db,
    row_count: written.length,
    warnings: [`Copia di ${formatInteger(written.length)} righe dal documento "${source.filename}" (n. ${source.id}).`],
    completed_at: ctx.now().toISOString(),
  };
  await putDocument(ctx, doc);
  const stored = (await getDocument(ctx, id)) ?? doc;
  await journalDuplicate(ctx, principal, source, stored);
  return stored;
}
