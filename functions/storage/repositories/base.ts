import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { TableKey } from '../tables.ts';
import { ConflictError } from '../../errors.ts';

/** Next value of a named counter: numeric ids people can read ("Documento 42"). */
export async function nextId(ctx: AppContext, name: string, count = 1): Promise<number> {
  const out = await ctx.db.send(
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
  try {
    await ctx.db.send(
      new PutCommand({
        TableName: ctx.table('uniques'),
        Item: { key, owner },
        ConditionExpression: 'attribute_not_exists(#k) OR #o = :owner',
        ExpressionAttributeNames: { '#k': 'key', '#o': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw new ConflictError(conflictDetail);
    throw err;
  }
}

export async function releaseUnique(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.send(new DeleteCommand({ TableName: ctx.table('uniques'), Key: { key } }));
}

export async function ownerOfUnique(ctx: AppContext, key: string): Promise<number | undefined> {
  const out = await ctx.db.send(new GetCommand({ TableName: ctx.table('uniques'), Key: { key }, ConsistentRead: true }));
  return out.Item ? Number(out.Item.owner) : undefined;
}

/** Runs a Query to the end, following LastEvaluatedKey. */
export async function queryAll<T>(ctx: AppContext, input: Omit<QueryCommandInput, 'TableName'> & { table: TableKey }): Promise<T[]> {
  const { table, ...rest } = input;
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ctx.db.send(new QueryCommand({ ...rest, TableName: ctx.table(table), ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as T[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Counts the items of a `by_kind` index without reading them. */
export async function countKind(ctx: AppContext, table: TableKey, kind: string): Promise<number> {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.table(table),
        IndexName: 'by_kind',
        KeyConditionExpression: 'kind = :k',
        ExpressionAttributeValues: { ':k': kind },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    total += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}
