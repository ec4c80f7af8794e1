import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { TableKey } from '../tables.ts';
import { AppError, CHANGED_MEANWHILE_DETAIL, ConflictError, StorageBusyError, StorageUnavailableError } from '../../errors.ts';

/* ---- SDK failures → domain errors ------------------------------------------------------------ */

/** One entry of a TransactionCanceledException's CancellationReasons, in request order. */
export interface CancellationReason {
  Code?: string;
  Message?: string;
}

/** What a repository expects to go wrong, and the domain error it means there. */
export interface Expected {
  /** A ConditionExpression failed (alone, or in a transaction item): the domain meaning of that. */
  conditionFailed?: (cause: unknown) => AppError;
}

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'TooManyRequestsException',
]);
const THROTTLING_REASONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

const nameOf = (err: unknown) => (err as { name?: string } | null)?.name ?? '';

/** Whether a write failed on its ConditionExpression (a plain conditional write). */
export const isConditionFailed = (err: unknown) => nameOf(err) === 'ConditionalCheckFailedException';

/** The reasons of a cancelled transaction ([] for any other error). */
export function cancellationReasons(err: unknown): CancellationReason[] {
  return nameOf(err) === 'TransactionCanceledException' ? ((err as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? []) : [];
}

/**
 * The domain error for a DynamoDB failure, with the SDK error as `cause`: a failed condition
 * (alone or inside a transaction) is what the repository says it means, else a 409; a
 * transaction that lost a race is a 409; throttling a 503 "try again shortly"; a missing table
 * or the local store's refusal a 503. Anything else (and domain errors) passes through.
 */
export function domainError(err: unknown, expected: Expected = {}): unknown {
  if (err instanceof AppError) return err;
  const name = nameOf(err);
  const conflict = () => expected.conditionFailed?.(err) ?? new ConflictError(CHANGED_MEANWHILE_DETAIL, { cause: err });
  if (name === 'ConditionalCheckFailedException') return conflict();
  if (name === 'TransactionCanceledException') {
    const codes = cancellationReasons(err).map((r) => r.Code ?? 'None');
    if (codes.includes('ConditionalCheckFailed')) return conflict();
    if (codes.some((c) => THROTTLING_REASONS.has(c))) return new StorageBusyError({ cause: err });
    if (codes.includes('TransactionConflict')) return new ConflictError(CHANGED_MEANWHILE_DETAIL, { cause: err });
    return new StorageUnavailableError({ cause: err });
  }
  if (name === 'TransactionConflictException') return new ConflictError(CHANGED_MEANWHILE_DETAIL, { cause: err });
  if (THROTTLING.has(name)) return new StorageBusyError({ cause: err });
  if (name === 'ResourceNotFoundException' || name === 'StorageUnavailableException') return new StorageUnavailableError({ cause: err });
  return err;
}

/**
 * The repositories' way to the database: `store(ctx).send(command)` is `store(ctx).send(command)`
 * whose failures are already domain errors, so a handler never sees an SDK exception.
 */
export function store(ctx: AppContext, expected: Expected = {}): Pick<AppContext['db'], 'send'> {
  const send = async (command: Parameters<AppContext['db']['send']>[0]) => {
    try {
      return await ctx.db.send(command);
    } catch (err) {
      throw domainError(err, expected);
    }
  };
  return { send: send as AppContext['db']['send'] };
}

/* ---- Counters, unique claims, queries -------------------------------------------------------- */

/** Next value of a named counter: numeric ids people can read ("Documento 42"). */
export async function nextId(ctx: AppContext, name: string, count = 1): Promise<number> {
  const out = await store(ctx).send(
    new UpdateCommand({
      TableName: ctx.table('counters'),
      Key: { name },
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  // With count > 1 the caller owns the block (value - count + 1 .. value).
  return Number(out.Attributes?.value) - count + 1;
}

/**
 * Claims a unique value (a username, a typology value) with a conditional put. DynamoDB has no
 * unique secondary indexes, and dynalite no transactions: claim first, write the item, release
 * the claim if the write fails or the value changes.
 */
export async function claimUnique(ctx: AppContext, key: string, owner: number, conflictDetail: string): Promise<void> {
  await store(ctx, { conditionFailed: (cause) => new ConflictError(conflictDetail, { cause }) }).send(
    new PutCommand({
      TableName: ctx.table('uniques'),
      Item: { key, owner },
      ConditionExpression: 'attribute_not_exists(#k) OR #o = :owner',
      ExpressionAttributeNames: { '#k': 'key', '#o': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    }),
  );
}

export async function releaseUnique(ctx: AppContext, key: string): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('uniques'), Key: { key } }));
}

export async function ownerOfUnique(ctx: AppContext, key: string): Promise<number | undefined> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('uniques'), Key: { key }, ConsistentRead: true }));
  return out.Item ? Number(out.Item.owner) : undefined;
}

/** Runs a Query to the end, following LastEvaluatedKey. */
export async function queryAll<T>(ctx: AppContext, input: Omit<QueryCommandInput, 'TableName'> & { table: TableKey }): Promise<T[]> {
  const { table, ...rest } = input;
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await store(ctx).send(new QueryCommand({ ...rest, TableName: ctx.table(table), ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as T[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Counts what a Query matches without reading the items, following LastEvaluatedKey. */
export async function countAll(ctx: AppContext, input: Omit<QueryCommandInput, 'TableName' | 'Select' | 'ExclusiveStartKey'> & { table: TableKey }): Promise<number> {
  const { table, ...rest } = input;
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await store(ctx).send(new QueryCommand({ ...rest, TableName: ctx.table(table), Select: 'COUNT', ExclusiveStartKey }));
    total += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}

/** Counts the items of a `by_kind` index without reading them. */
export function countKind(ctx: AppContext, table: TableKey, kind: string): Promise<number> {
  return countAll(ctx, { table, IndexName: 'by_kind', KeyConditionExpression: 'kind = :k', ExpressionAttributeValues: { ':k': kind } });
}
