/**
 * The printout's heading kept on the document (PUT /api/documents/{id}/intestazione), written
 * conditionally on the document's version like every write of the document item.
 */
import type { AppContext } from '../config/context.ts';
import type { Intestazione } from '../../shared/domain/intestazione.ts';
import { CHANGED_MEANWHILE_DETAIL, ConflictError, NotFoundError, PreconditionFailedError } from '../errors.ts';
import { getDocument, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';

const WRITE_ATTEMPTS = 10;

/**
 * Writes fields of the document item that do not depend on the rest of it (the printout's heading,
 * the verification threshold). With `expectedVersion` (If-Match or the form's base_version) only
 * while the document is at that version (412 otherwise); without, on the version just read, read
 * again and retried when another write came between.
 */
export async function writeDocumentFields(ctx: AppContext, doc: DocumentRecord, fields: Partial<DocumentRecord>, expectedVersion?: number): Promise<DocumentRecord> {
  let current = doc;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const written = await updateDocument(ctx, doc.id, fields, { version: expectedVersion ?? current.version ?? 0 });
    if (written) return written;
    if (expectedVersion !== undefined) throw new PreconditionFailedError(CHANGED_MEANWHILE_DETAIL);
    const fresh = await getDocument(ctx, doc.id);
    if (!fresh) throw new NotFoundError('Documento non trovato');
    current = fresh;
  }
  throw new ConflictError('Il documento è stato modificato da troppe richieste nello stesso momento: riprova tra poco.');
}

/** Keeps the printout's heading on the document (see writeDocumentFields). */
export function saveIntestazione(ctx: AppContext, doc: DocumentRecord, intestazione: Intestazione, expectedVersion?: number): Promise<DocumentRecord> {
  return writeDocumentFields(ctx, doc, { intestazione }, expectedVersion);
}
