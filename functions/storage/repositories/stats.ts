import type { AppContext } from '../../config/context.ts';
import { queryAll } from './base.ts';

/** Documents and the rows they hold, for the admin home. Reads only the row_count attribute. */
export async function documentStats(ctx: AppContext): Promise<{ documents: number; rows: number }> {
  const docs = await queryAll<{ row_count?: number }>(ctx, {
    table: 'documents',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': 'document' },
    ProjectionExpression: 'row_count',
  });
  return { documents: docs.length, rows: docs.reduce((n, d) => n + (Number(d.row_count) || 0), 0) };
}
