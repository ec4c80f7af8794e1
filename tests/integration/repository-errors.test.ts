import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProvisionedThroughputExceededException, ResourceNotFoundException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CHANGED_MEANWHILE_DETAIL, ConflictError, NotFoundError, StorageBusyError, StorageUnavailableError } from '../../functions/errors.ts';
import { claimUnique, store } from '../../functions/storage/repositories/base.ts';
import { getDocument, listDocumentsFor, updateDocument } from '../../functions/storage/repositories/documents.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/**
 * Repositories turn SDK failures into domain errors (functions/errors.ts) with the SDK error as
 * `cause`: real conditional failures from dynalite, and AWS faults injected in front of it.
 */
let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => rt?.close());

/** Makes the database client fail for the commands `fails` picks (an injected AWS fault); the rest go through. */
async function withFault<T>(fails: (command: unknown) => Error | undefined, act: () => Promise<T>): Promise<T> {
  const db = rt.ctx.db as unknown as { send: (command: unknown) => Promise<unknown> };
  const realSend = db.send.bind(db);
  db.send = async (command) => {
    const err = fails(command);
    if (err) throw err;
    return realSend(command);
  };
  try {
    return await act();
  } finally {
    db.send = realSend;
  }
}

const sdkMeta = { $metadata: {} };
const rejection = async (promise: Promise<unknown>) => promise.then(() => undefined, (err: unknown) => err);

describe('conditional failures in dynalite', () => {
  it('a unique value claimed by someone else is a ConflictError with the repository\u2019s message and the SDK error as cause', async () => {
    // Prepare
    await claimUnique(rt.ctx, 'test:valore', 1, 'Valore già preso');
    // Act
    const err = await rejection(claimUnique(rt.ctx, 'test:valore', 2, 'Valore già preso'));
    // Assess
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, detail: 'Valore già preso' });
    expect(((err as Error).cause as Error).name).toBe('ConditionalCheckFailedException');
  });

  it('an update of a document that does not exist is a NotFoundError, not an SDK exception', async () => {
    // Act
    const err = await rejection(updateDocument(rt.ctx, 987_654, { status: 'failed' }));
    // Assess
    expect(err).toBeInstanceOf(NotFoundError);
    expect(((err as Error).cause as Error).name).toBe('ConditionalCheckFailedException');
  });

  it('a cancelled transaction is the repository\u2019s conflict, with its cancellation reasons in the cause', async () => {
    // Prepare: one row whose id is not the one the transaction expects.
    const table = rt.ctx.table('rows');
    await rt.ctx.db.send(new PutCommand({ TableName: table, Item: { document_id: 987_654, row_index: 0, id: 1 } }));
    const changed = new ConflictError('Cambiato');
    // Act
    const err = await rejection(
      store(rt.ctx, { conditionFailed: () => changed }).send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: { document_id: 987_654, row_index: 1, id: 2 } } },
            { Delete: { TableName: table, Key: { document_id: 987_654, row_index: 0 }, ConditionExpression: 'id = :x', ExpressionAttributeValues: { ':x': -1 } } },
          ],
        }),
      ),
    );
    // Assess: the repository's error, and nothing half-written.
    expect(err).toBe(changed);
    const untouched = await rt.ctx.db.send(new GetCommand({ TableName: table, Key: { document_id: 987_654, row_index: 1 } }));
    expect(untouched.Item).toBeUndefined();
  });
});

describe('AWS faults (injected)', () => {
  it('throttling is a 503 with Retry-After and an Italian message, and the SDK error stays in the cause', async () => {
    // Prepare
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', ...sdkMeta });
    const principal = { id: 1, username: 'admin', role: 'amministratore' as const, via: 'session' as const };
    // Act
    const err = await withFault((c) => (c instanceof QueryCommand ? throttled : undefined), () => rejection(listDocumentsFor(rt.ctx, principal)));
    // Assess
    expect(err).toBeInstanceOf(StorageBusyError);
    expect(err).toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
    expect((err as Error).cause).toBe(throttled);
  });

  it('a handler answers throttling with the 503 JSON:API error, not a 500', async () => {
    // Prepare
    const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const call = apiClient(rt.url);
    const throttled = new ThrottlingException({ message: 'Rate exceeded', ...sdkMeta });
    // Act
    const res = await withFault(
      (c) => (c instanceof QueryCommand && (c as QueryCommand).input.TableName === rt.ctx.table('documents') ? throttled : undefined),
      () => call('GET', '/api/documents', { token: admin }),
    );
    // Assess
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.json.errors[0]).toEqual({
      status: '503',
      code: 'storage_busy',
      title: 'Archivio occupato',
      detail: 'L\u2019archivio è momentaneamente sovraccarico: la richiesta non è stata eseguita. Riprova tra qualche secondo.',
    });
  });

  it('a missing table is StorageUnavailableError', async () => {
    // Prepare
    const missing = new ResourceNotFoundException({ message: 'Requested resource not found', ...sdkMeta });
    // Act
    const err = await withFault((c) => (c instanceof GetCommand ? missing : undefined), () => rejection(getDocument(rt.ctx, 1)));
    // Assess
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).cause).toBe(missing);
  });

  it('a transaction cancelled by throttling or by a race is told apart by its reasons', async () => {
    // Prepare
    const cancelled = (codes: string[]) =>
      new TransactionCanceledException({ message: 'Transaction cancelled', CancellationReasons: codes.map((Code) => ({ Code })), ...sdkMeta });
    const transaction = () => store(rt.ctx).send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: rt.ctx.table('rows'), Item: { document_id: 987_655, row_index: 0, id: 3 } } }] }));
    // Act
    const throttled = await withFault((c) => (c instanceof TransactWriteCommand ? cancelled(['None', 'ThrottlingError']) : undefined), () => rejection(transaction()));
    const raced = await withFault((c) => (c instanceof TransactWriteCommand ? cancelled(['TransactionConflict', 'None']) : undefined), () => rejection(transaction()));
    const condition = await withFault((c) => (c instanceof TransactWriteCommand ? cancelled(['None', 'ConditionalCheckFailed']) : undefined), () => rejection(transaction()));
    // Assess
    expect(throttled).toBeInstanceOf(StorageBusyError);
    expect(raced).toBeInstanceOf(ConflictError);
    expect(raced).toMatchObject({ detail: CHANGED_MEANWHILE_DETAIL });
    expect(condition).toBeInstanceOf(ConflictError);
    expect(((condition as Error).cause as TransactionCanceledException).CancellationReasons).toEqual([{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }]);
  });
});
