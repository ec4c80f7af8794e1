import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { createDocument } from '../../functions/services/documents.ts';
import { getDocument, updateDocument } from '../../functions/storage/repositories/documents.ts';
import { DEAD_LETTER_FAILURE, handleDeadLetters } from '../../functions/worker/dead-letter.ts';
import { corpusFile } from '../support/corpus.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
const principal = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };
const logs: Array<Record<string, unknown>> = [];
const log = (line: Record<string, unknown>) => void logs.push(line);

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => rt?.close());

/** A document whose analysis message went to the dead-letter queue (never analysed here). */
async function processingDocument() {
  const ctx = { ...rt.ctx, config: { ...rt.ctx.config, enqueue: async () => undefined } };
  return createDocument(ctx, principal, { bytes: corpusFile('primus_small.pdf'), filename: 'x.pdf', pages: 3, provincia: 'LU', tipologia_dei: 'nuove_costruzioni' });
}
const message = (documentId: unknown, messageId = `m-${String(documentId)}`) => ({ messageId, body: JSON.stringify({ documentId }) });

describe('dead-letter handler', () => {
  it('marks a still-processing document failed with an Italian reason', async () => {
    // Prepare
    const doc = await processingDocument();

    // Act
    const out = await handleDeadLetters(rt.ctx, [message(doc.id)], log);

    // Assess
    expect(out).toEqual({ failed: 1 });
    const after = await getDocument(rt.ctx, doc.id);
    expect(after).toMatchObject({ status: 'failed', status_reason: DEAD_LETTER_FAILURE });
    expect(after!.completed_at).toEqual(expect.any(String));
    expect(DEAD_LETTER_FAILURE).toMatch(/^L’analisi del documento/);
  });

  it('leaves a document alone once its analysis has ended (completed or failed)', async () => {
    // Prepare
    const done = await processingDocument();
    await updateDocument(rt.ctx, done.id, { status: 'completed', row_count: 3 });
    const failed = await processingDocument();
    await updateDocument(rt.ctx, failed.id, { status: 'failed', status_reason: 'Nessuna voce di computo riconosciuta nel documento.' });
    const before = [await getDocument(rt.ctx, done.id), await getDocument(rt.ctx, failed.id)];

    // Act
    const out = await handleDeadLetters(rt.ctx, [message(done.id), message(failed.id)], log);

    // Assess
    expect(out).toEqual({ failed: 0 });
    expect([await getDocument(rt.ctx, done.id), await getDocument(rt.ctx, failed.id)]).toEqual(before);
  });

  it('drops messages without a document and documents that no longer exist', async () => {
    // Prepare
    logs.length = 0;
    const doc = await processingDocument();

    // Act
    const out = await handleDeadLetters(rt.ctx, [{ messageId: 'junk', body: 'not json' }, message('7'), message(999_999), message(doc.id)], log);

    // Assess
    expect(out).toEqual({ failed: 1 });
    expect(logs.filter((l) => l.message === 'dead letter without a document id').map((l) => l.messageId)).toEqual(['junk', 'm-7']);
    expect(await getDocument(rt.ctx, 999_999)).toBeUndefined();
  });

  it('throws (so SQS retries the batch) when DynamoDB fails, after marking what it could', async () => {
    // Prepare: the first update fails (an AWS fault, injected), the second goes through.
    const [a, b] = [await processingDocument(), await processingDocument()];
    const db = mockClient(rt.ctx.db);
    const realSend = db.send.wrappedMethod.bind(rt.ctx.db) as (command: UpdateCommand) => Promise<unknown>;
    db.on(UpdateCommand)
      .rejectsOnce(new Error('ProvisionedThroughputExceededException'))
      .callsFake((input) => realSend(new UpdateCommand(input)));
    try {
      // Act / Assess
      await expect(handleDeadLetters(rt.ctx, [message(a.id), message(b.id)], log)).rejects.toThrow('1 dead-lettered document(s) could not be marked failed');
    } finally {
      db.restore();
    }
    expect((await getDocument(rt.ctx, a.id))!.status).toBe('processing');
    expect((await getDocument(rt.ctx, b.id))!.status).toBe('failed');
  });
});
