import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { DocumentStatus } from '../../../shared/domain/status.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/types.ts';
import { nextId, queryAll } from './base.ts';

export interface DocumentRecord {
  id: number;
  filename: string;
  upload_date: string;
  provincia: string;
  tipologia_dei: string;
  username: string;
  user_id: number;
  status: DocumentStatus | string;
  /** Italian reason when the analysis failed. */
  status_reason: string | null;
  file_key: string;
  file_size: number;
  pages_total: number | null;
  pages_done: number;
  /** The printed grand total; null when the document prints none. */
  document_total: number | null;
  document_total_db: number | null;
  sum_totale: number | null;
  row_count: number;
  layout: string | null;
  unreadable_pages: number[];
  warnings: string[];
  completed_at: string | null;
}

const KIND = 'document';
export const DOCUMENT_NOT_FOUND = 'Documento non trovato';

export async function newDocumentId(ctx: AppContext): Promise<number> {
  return nextId(ctx, 'documents');
}

export async function putDocument(ctx: AppContext, doc: DocumentRecord): Promise<void> {
  const search_text = `${doc.filename} ${doc.provincia}`.toLowerCase();
  await ctx.db.send(new PutCommand({ TableName: ctx.table('documents'), Item: { ...doc, kind: KIND, search_text } }));
}

export async function getDocument(ctx: AppContext, id: number): Promise<DocumentRecord | undefined> {
  const out = await ctx.db.send(new GetCommand({ TableName: ctx.table('documents'), Key: { id }, ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { kind: _k, search_text: _s, ...doc } = out.Item;
  return doc as DocumentRecord;
}

/** A redattore reaches only their own documents; someone else's is "not found", not "forbidden". */
export async function requireDocumentFor(ctx: AppContext, id: number, principal: Principal): Promise<DocumentRecord> {
  const doc = await getDocument(ctx, id);
  if (!doc || (principal.role !== 'amministratore' && doc.user_id !== principal.id)) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return doc;
}

export async function updateDocument(ctx: AppContext, id: number, changes: Partial<DocumentRecord>): Promise<DocumentRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes)
    .filter(([k]) => k !== 'id')
    .map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
  const out = await ctx.db.send(
    new UpdateCommand({
      TableName: ctx.table('documents'),
      Key: { id },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  ).catch((err) => {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new NotFoundError(DOCUMENT_NOT_FOUND);
    throw err;
  });
  const { kind: _k, search_text: _s, ...doc } = out.Attributes ?? {};
  return doc as DocumentRecord;
}

export async function deleteDocumentRecord(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.send(new DeleteCommand({ TableName: ctx.table('documents'), Key: { id } }));
}

/** The caller's documents, newest first; an admin sees everyone's. A Query, never a Scan. */
export async function listDocumentsFor(ctx: AppContext, principal: Principal, search?: string): Promise<DocumentRecord[]> {
  const filter = search?.trim()
    ? { FilterExpression: 'contains(search_text, :q)', ExpressionAttributeValues: { ':q': search.trim().toLowerCase() } }
    : { ExpressionAttributeValues: {} };
  const items =
    principal.role === 'amministratore'
      ? await queryAll<DocumentRecord & { kind?: string; search_text?: string }>(ctx, {
          table: 'documents',
          IndexName: 'by_kind',
          KeyConditionExpression: 'kind = :k',
          ScanIndexForward: false,
          ...filter,
          ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':k': KIND },
        })
      : await queryAll<DocumentRecord & { kind?: string; search_text?: string }>(ctx, {
          table: 'documents',
          IndexName: 'by_owner',
          KeyConditionExpression: 'username = :u',
          ScanIndexForward: false,
          ...filter,
          ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':u': principal.username },
        });
  return items
    .filter((d) => principal.role === 'amministratore' || d.user_id === principal.id)
    .map(({ kind: _k, search_text: _s, ...d }) => d as DocumentRecord);
}
