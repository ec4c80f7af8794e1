import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { AppContext } from '../../config/context.ts';
import { ALL_TABLES, tableName } from '../tables.ts';

/** Every table of the shared definitions as the database describes it (MISSING when it is not there). */
export function describeTables(ctx: AppContext) {
  return Promise.all(
    ALL_TABLES.map(async (def) => {
      const name = tableName(ctx.config.tablePrefix, def);
      try {
        const out = await ctx.dynamo.send(new DescribeTableCommand({ TableName: name }));
        return { name, status: out.Table?.TableStatus, items: out.Table?.ItemCount ?? null, key: def.partitionKey.name, sort_key: def.sortKey?.name ?? null, indexes: (def.indexes ?? []).map((i) => i.name) };
      } catch (err) {
        return { name, status: 'MISSING', error: (err as Error).name };
      }
    }),
  );
}
