/**
 * The one definition of every DynamoDB table, read by the CDK stack (infra/cloud) and by the
 * local bootstrap (infra/local), so the two cannot drift.
 */
export type AttributeType = 'S' | 'N';

export interface KeyDef {
  name: string;
  type: AttributeType;
}

export interface IndexDef {
  name: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
}

export interface TableDef {
  /** Logical name; the physical name is `${prefix}${name}`. */
  name: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes?: IndexDef[];
  /** Epoch-seconds attribute DynamoDB expires items by (swept by hand locally). */
  ttlAttribute?: string;
}

/** Every list that a screen shows is a Query on `by_kind` (a constant partition), never a Scan. */
const byKind = (sortKey: KeyDef = { name: 'id', type: 'N' }): IndexDef => ({
  name: 'by_kind',
  partitionKey: { name: 'kind', type: 'S' },
  sortKey,
});

export const TABLES = {
  // Id sequences never expire; login attempt records carry expires_at.
  counters: { name: 'counters', partitionKey: { name: 'name', type: 'S' }, ttlAttribute: 'expires_at' },
  uniques: { name: 'uniques', partitionKey: { name: 'key', type: 'S' } },
  users: {
    name: 'users',
    partitionKey: { name: 'id', type: 'N' },
    indexes: [byKind()],
  },
  sessions: {
    name: 'sessions',
    partitionKey: { name: 'jti', type: 'S' },
    indexes: [{ name: 'by_user', partitionKey: { name: 'user_id', type: 'N' } }],
    ttlAttribute: 'expires_at',
  },
  apiKeys: {
    name: 'api_keys',
    partitionKey: { name: 'id', type: 'N' },
    indexes: [
      byKind(),
      { name: 'by_hash', partitionKey: { name: 'key_hash', type: 'S' } },
      { name: 'by_user', partitionKey: { name: 'user_id', type: 'N' } },
    ],
  },
  tipologie: {
    name: 'tipologie_dei',
    partitionKey: { name: 'id', type: 'N' },
    indexes: [byKind()],
  },
  patterns: {
    name: 'patterns',
    partitionKey: { name: 'id', type: 'N' },
    indexes: [byKind()],
  },
  documents: {
    name: 'documents',
    partitionKey: { name: 'id', type: 'N' },
    indexes: [
      byKind(),
      { name: 'by_owner', partitionKey: { name: 'username', type: 'S' }, sortKey: { name: 'id', type: 'N' } },
    ],
  },
  /**
   * A document's rows under `document_id = <id>`; its undo journal ("Annulla", issue 26) under
   * `document_id = -<id>` (repositories/journal.ts), which no query of its rows reaches.
   */
  rows: {
    name: 'rows',
    partitionKey: { name: 'document_id', type: 'N' },
    sortKey: { name: 'row_index', type: 'N' },
    indexes: [{ name: 'by_id', partitionKey: { name: 'id', type: 'N' } }],
  },
  /** One head per price list (source#key#year): the pointer to its current version (a blob). */
  priceLists: {
    name: 'price_lists',
    partitionKey: { name: 'list_id', type: 'S' },
    indexes: [byKind({ name: 'list_id', type: 'S' })],
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof TABLES;

export const ALL_TABLES: TableDef[] = Object.values(TABLES);

export function tableName(prefix: string, def: TableDef): string {
  return `${prefix}${def.name}`;
}
