/**
 * A document's sums after its rows change: the rule is documentTotals (shared/domain/totals.ts);
 * this is its I/O, one re-total per document at a time in this process, written only while the
 * rows are still those summed. Every service that changes rows calls it, so it sits apart from
 * any of them (rows.ts, pricing.ts, operations.ts...), which then need not import one another.
 */
import type { AppContext } from '../config/context.ts';
import { documentTotals } from '../../shared/domain/totals.ts';
import { NotFoundError } from '../errors.ts';
import { getDocument, updateDocument, type DocumentRecord } from '../storage/repositories/documents.ts';
import { listRowAmounts } from '../storage/repositories/rows.ts';

/**
 * Attempts of a re-total whose rows changed under it. Few: whoever changed them re-totals after
 * its own change, from rows that include ours, so the last writer's re-total is the one that stays.
 */
const RETOTAL_ATTEMPTS = 2;

export type Retotalled = { document: DocumentRecord; totals: ReturnType<typeof documentTotals> };

/**
 * After any change to rows: the document's sums and row count follow, from the rows themselves.
 * Written only while the rows are still those summed (the document's rows token): a re-total
 * computed from older rows never overwrites one computed from newer rows.
 *
 * One re-total of a document runs at a time in this process; callers arriving while one runs
 * share the next one, which starts after it ends, so it reads rows that include every write
 * done before it was asked for. Six editors of a 5,000-row document read its amounts about
 * twice per round instead of six times.
 */
export function retotal(ctx: AppContext, doc: Pick<DocumentRecord, 'id'>): Promise<Retotalled> {
  let byDocument = retotals.get(ctx);
  if (!byDocument) retotals.set(ctx, (byDocument = new Map()));
  const queue = byDocument;
  const start = (): Promise<Retotalled> => {
    const entry: RetotalQueue = { running: retotalNow(ctx, doc.id) };
    queue.set(doc.id, entry);
    entry.running
      .finally(() => {
        if (queue.get(doc.id) === entry && !entry.next) queue.delete(doc.id);
      })
      .catch(() => undefined);
    return entry.running;
  };
  const busy = queue.get(doc.id);
  if (!busy) return start();
  busy.next ??= busy.running.catch(() => undefined).then(start);
  return busy.next;
}

/** The re-total of a document running in this process, and the one its late callers wait for. */
interface RetotalQueue {
  running: Promise<Retotalled>;
  next?: Promise<Retotalled>;
}
const retotals = new WeakMap<AppContext, Map<number, RetotalQueue>>();

async function retotalNow(ctx: AppContext, documentId: number): Promise<Retotalled> {
  let last: Retotalled | undefined;
  for (let attempt = 0; attempt < RETOTAL_ATTEMPTS; attempt++) {
    const current = await getDocument(ctx, documentId);
    if (!current) throw new NotFoundError('Documento non trovato');
    const rows = await listRowAmounts(ctx, documentId);
    const totals = documentTotals(rows, current.document_total);
    const changes = { sum_totale: totals.sum_totale, document_total_db: totals.document_total_db, row_count: rows.length, rows_to_check: totals.rows_to_check };
    const document = current.rows_version === undefined ? await updateDocument(ctx, documentId, changes) : await updateDocument(ctx, documentId, changes, { rowsVersion: current.rows_version });
    if (document) return { document, totals };
    last = { document: { ...current, ...changes }, totals };
  }
  // Rows changed on every attempt: whoever changed them last re-totals after its change.
  return last!;
}
