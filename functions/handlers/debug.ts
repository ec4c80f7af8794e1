import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ALL_TABLES, tableName } from '../storage/tables.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok } from '../http/respond.ts';
import type { Action } from '../http/types.ts';
import { countUsers } from '../storage/repositories/users.ts';

/** GET /test/db: the database answers, and how fast. */
const db: Action = async (_req, ctx) => {
  const started = Date.now();
  const users = await countUsers(ctx);
  return ok({ status: 'ok', message: 'Connessione al database riuscita', latency_ms: Date.now() - started, users });
};

/** GET /test/db/schema: every table of the shared definitions, with its keys and indexes. */
const schema: Action = async (_req, ctx) => {
  const tables = await Promise.all(
    ALL_TABLES.map(async (def) => {
      const name = tableName(ctx.config.tablePrefix, def);
      try {
        // The document client forwards plain DynamoDB commands as they are.
        const out = await (ctx.db as unknown as DynamoDBClient).send(new DescribeTableCommand({ TableName: name }));
        return { name, status: out.Table?.TableStatus, items: out.Table?.ItemCount ?? null, key: def.partitionKey.name, sort_key: def.sortKey?.name ?? null, indexes: (def.indexes ?? []).map((i) => i.name) };
      } catch (err) {
        return { name, status: 'MISSING', error: (err as Error).name };
      }
    }),
  );
  return ok({ tables });
};

export const actions = { db, schema };
export const handler = resourceHandler(actions);
