import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLES, type KeyDef, type TableDef, type TableKey } from '../../functions/storage/tables.ts';
import { tablePrefix, type Stage } from './config.ts';
import { acknowledge } from './nag.ts';

export interface DataProps {
  stage: Stage;
}

const attr = (key: KeyDef): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

/** Construct ids from table names: `api_keys` -> `ApiKeys`. */
const pascal = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');

/**
 * Everything stateful: the DynamoDB tables (from the one definition in functions/storage/tables.ts),
 * the private data bucket, the log bucket and the session signing secret.
 */
export class Data extends Construct {
  /** One table per key of TABLES (functions/storage/tables.ts). */
  readonly tables = {} as Record<TableKey, dynamodb.Table>;
  readonly tablePrefix: string;
  readonly logBucket: s3.Bucket;
  readonly dataBucket: s3.Bucket;
  readonly signingSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.tablePrefix = tablePrefix(props.stage);

    for (const [key, def] of Object.entries(TABLES) as Array<[TableKey, TableDef]>) {
      this.tables[key] = this.table(def, removalPolicy);
    }

    // Access logs of the other buckets and of CloudFront. ACLs stay enabled (BUCKET_OWNER_PREFERRED)
    // because CloudFront standard logging writes with the awslogsdelivery ACL grant.
    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(prod ? 365 : 30) }],
      removalPolicy,
      autoDeleteObjects: !prod,
    });
    acknowledge(this.logBucket, [
      { id: 'AwsSolutions-S1', reason: 'This is the access-log destination bucket; logging it into itself would loop.' },
    ]);

    this.dataBucket = new s3.Bucket(this, 'DataBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: prod,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'data-bucket/',
      lifecycleRules: [
        // Uploads waiting for analysis, parsed price lists waiting for confirmation, large cloud exports waiting for their download.
        { id: 'expire-tmp', prefix: 'tmp/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        { id: 'abort-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(prod ? [{ id: 'expire-noncurrent', noncurrentVersionExpiration: Duration.days(30) }] : []),
      ],
      removalPolicy,
      autoDeleteObjects: !prod,
    });
    // CORS rules allowing the browser's presigned PUT and GET are added by the stack once the site origin is known.

    this.signingSecret = new secretsmanager.Secret(this, 'SigningSecret', {
      description: `Computa ${props.stage}: seed the Lambdas derive the Ed25519 session-signing key from`,
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
      removalPolicy,
    });
    acknowledge(this.signingSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the seed changes the session-signing key and invalidates every session at once; operators rotate it by hand in a maintenance window.',
      },
    ]);
  }

  allowBrowserUploads(origins: string[]): void {
    this.dataBucket.addCorsRule({
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
      allowedOrigins: origins,
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }

  private table(def: TableDef, removalPolicy: RemovalPolicy): dynamodb.Table {
    const table = new dynamodb.Table(this, `Table${pascal(def.name)}`, {
      tableName: `${this.tablePrefix}${def.name}`,
      partitionKey: attr(def.partitionKey),
      sortKey: def.sortKey ? attr(def.sortKey) : undefined,
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: def.ttlAttribute,
      removalPolicy,
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
    });
    for (const index of def.indexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attr(index.partitionKey),
        sortKey: index.sortKey ? attr(index.sortKey) : undefined,
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }
}
