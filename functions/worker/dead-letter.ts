import { logEvent } from '../config/logger.ts';
import { getContext, type AppContext } from '../config/context.ts';
import { failIfProcessing } from '../storage/repositories/documents.ts';
import { deleteDocumentRows } from '../storage/repositories/rows.ts';

export const DEAD_LETTER_FAILURE = 'L\u2019analisi del documento si è interrotta più volte e non è stata completata. Riprova il caricamento.';

export interface DeadLetterRecord {
  messageId: string;
  body: string;
}

type Log = (line: Record<string, unknown>) => void;

/**
 * An analysis message that failed twice (the worker crashed or ran out of time or memory) lands
 * in the dead-letter queue: its document, if still `processing`, ends `failed` with an Italian
 * reason instead of waiting forever. Idempotent; a message without a document id is logged and dropped.
 */
export async function handleDeadLetters(ctx: AppContext, records: DeadLetterRecord[], log: Log): Promise<{ failed: number }> {
  let failed = 0;
  let errors = 0;
  for (const record of records) {
    const documentId = documentIdOf(record.body);
    if (documentId === undefined) {
      log({ level: 'error', messageId: record.messageId, message: 'dead letter without a document id', body: record.body.slice(0, 200) });
      continue;
    }
    try {
      const marked = await failIfProcessing(ctx, documentId, DEAD_LETTER_FAILURE);
      // A failed document shows no rows: a run that died while writing them leaves none (best effort: logged).
      if (marked) await deleteDocumentRows(ctx, documentId).catch((err) => log({ level: 'error', messageId: record.messageId, documentId, message: 'could not remove the rows of a dead-lettered document', error: String(err) }));
      log({ level: marked ? 'error' : 'info', messageId: record.messageId, documentId, message: marked ? 'analysis dead-lettered: document marked failed' : 'analysis dead-lettered: document no longer processing' });
      if (marked) failed++;
    } catch (err) {
      errors++;
      log({ level: 'error', messageId: record.messageId, documentId, message: 'could not mark dead-lettered document failed', error: err instanceof Error ? err.stack : String(err) });
    }
  }
  // Throwing returns the batch to the queue for another try (marking is idempotent) and counts as a Lambda error (alarmed).
  if (errors) throw new Error(`${errors} dead-lettered document(s) could not be marked failed`);
  return { failed };
}

function documentIdOf(body: string): number | undefined {
  try {
    const id = (JSON.parse(body) as { documentId?: unknown } | null)?.documentId;
    return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined;
  } catch {
    return undefined;
  }
}

/** SQS entry in the cloud: the analysis queue's dead-letter queue. */
export async function handler(event: { Records: DeadLetterRecord[] }): Promise<void> {
  await handleDeadLetters(getContext(), event.Records, logEvent);
}
