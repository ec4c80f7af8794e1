import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { BLOB_PREFIXES, type BlobPrefix, type Grants, type TableAccess } from '../../functions/resource-grants.ts';
import { TABLES, type TableKey } from '../../functions/storage/tables.ts';
import type { Data } from './data.ts';
import { findings, type Acknowledgment } from './nag.ts';

/** Exact actions, no `*` patterns: the handlers only Get/Query and Put/Update/Delete/BatchWrite. */
const TABLE_ACTIONS: Record<TableAccess, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readwrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};
const BLOB_READ = ['s3:GetObject'];
const BLOB_WRITE = ['s3:PutObject', 's3:DeleteObject'];

const entries = <K extends string, V>(record: Partial<Record<K, V>> | undefined) => Object.entries(record ?? {}) as Array<[K, V]>;

/** The table and each of its GSIs, by name (no `/index/*` wildcard). */
function tableArns(data: Data, key: TableKey): string[] {
  const arn = data.tables[key].tableArn;
  const def = TABLES[key] as { indexes?: ReadonlyArray<{ name: string }> };
  return [arn, ...(def.indexes ?? []).map((index) => `${arn}/index/${index.name}`)];
}

const objectArns = (data: Data, prefixes: BlobPrefix[]) => prefixes.map((p) => data.dataBucket.arnForObjects(`${BLOB_PREFIXES[p]}*`));

/**
 * Grants a function exactly what functions/resource-grants.ts lists for it, and returns the
 * cdk-nag acknowledgments of the one wildcard that remains: the objects under each blob prefix.
 */
export function applyGrants(fn: lambda.Function, grants: Grants, data: Data): Acknowledgment[] {
  for (const access of ['read', 'readwrite'] as const) {
    const keys = entries(grants.tables).filter(([, a]) => a === access).map(([k]) => k);
    if (keys.length) fn.addToRolePolicy(new iam.PolicyStatement({ actions: TABLE_ACTIONS[access], resources: keys.flatMap((k) => tableArns(data, k)) }));
  }
  if (grants.describeTables) {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: Object.values(data.tables).map((t) => t.tableArn) }));
  }

  const blobs = entries(grants.blobs);
  if (blobs.length) {
    const all = blobs.map(([p]) => p);
    const writable = blobs.filter(([, a]) => a === 'readwrite').map(([p]) => p);
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: BLOB_READ, resources: objectArns(data, all) }));
    if (writable.length) fn.addToRolePolicy(new iam.PolicyStatement({ actions: BLOB_WRITE, resources: objectArns(data, writable) }));
    // ListBucket (key names only): without it S3 answers 403 instead of 404 for a missing key,
    // and the handlers' "not found" answers (expired upload or staged import) would become 500s.
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [data.dataBucket.bucketArn] }));
  }
  if (grants.secret) data.signingSecret.grantRead(fn);

  const stack = Stack.of(fn);
  const bucketId = stack.getLogicalId(data.dataBucket.node.defaultChild as never);
  return findings(
    'AwsSolutions-IAM5',
    blobs.map(([p]) => `Resource::<${bucketId}.Arn>/${BLOB_PREFIXES[p]}*`),
    'Objects under the key prefixes this function owns in the data bucket (functions/resource-grants.ts); object keys carry ids, so they cannot be listed one by one.',
  );
}
