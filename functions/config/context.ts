import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { TABLES, tableName, type TableKey } from '../storage/tables.ts';

/**
 * A job the runtime takes from the layers above: an analysis to queue, a file to parse off the
 * request thread. This file, below every layer, names no job: the service that sends one defines
 * its type, and the entry point that builds the config provides the function that takes it
 * (infra/local/runtime.ts, an analysis thread; configFromEnv below for the Lambdas, SQS carrying
 * any job as JSON). `AppConfig<Enqueue, ParseFile, ExportFile>` ties them where all are known
 * (functions/services/runtime-ports.ts); unnamed, a port takes a job of no known type.
 */
export type JobPort<Job = never, Answer = unknown> = (job: Job) => Promise<Answer>;

/**
 * Everything a handler needs from the outside world, built once from config. Nothing here runs
 * at import time: the Lambda entry builds it from the environment on first call, the local
 * runtime and the tests build it with their own endpoints.
 */
export interface AppConfig<Enqueue extends JobPort = JobPort, ParseFile extends JobPort = JobPort, ExportFile extends JobPort = JobPort> {
  tablePrefix: string;
  bucket: string;
  region: string;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  /** The key pair the local stores require (generated in DATA_DIR); the cloud uses the role's. */
  localCredentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Local runtime: the store sends no CORS header, so the presigned URLs handed to the browser
   * are paths under this prefix of the app's own origin, which forwards them to the store.
   */
  storeProxyPath?: string;
  /** Secret material the session-signing key is derived from. */
  signingSecret: () => Promise<string>;
  /** Marks cookies Secure (cloud, behind HTTPS). */
  secureCookies: boolean;
  /**
   * Requests arrive through CloudFront, which puts the viewer's address in the
   * `cloudfront-viewer-address` header (cloud only; the local server never trusts that header).
   */
  behindCloudFront?: boolean;
  /**
   * The analysis queue (functions/services/analysis-queue.ts: from createDocument to
   * processDocument); set by the runtime (SQS in the cloud, in-process locally).
   */
  enqueue?: Enqueue;
  /**
   * Local runtime: parses an uploaded file on an analysis thread, never on the thread answering
   * requests (functions/services/parse-jobs.ts). Unset in the cloud: the Lambda parses in place.
   * A job's bytes are handed over (transferred, not copied) and come back in the answer.
   */
  parseFile?: ParseFile;
  /**
   * Local runtime: an export built on an analysis thread and streamed from it chunk by chunk
   * (infra/local/export-stream.ts); cancelling its body stops the job. Unset in the cloud: the
   * Lambda builds the file in place and answers it whole (functions/http/export-answer.ts).
   */
  exportFile?: ExportFile;
  /** Estimated bytes of price-list search indexes kept in memory (prezzari/search-index.ts; 400 MB when unset). */
  searchIndexCacheBytes?: number;
  now?: () => Date;
}

export interface AppContext {
  config: AppConfig;
  db: DynamoDBDocumentClient;
  /** The plain client under `db`, for the table commands the document client does not type (DescribeTable). */
  dynamo: DynamoDBClient;
  s3: S3Client;
  table: (key: TableKey) => string;
  now: () => Date;
}

export function createContext(config: AppConfig): AppContext {
  const local = config.localCredentials ? { credentials: { ...config.localCredentials } } : {};
  const raw = new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoEndpoint,
    maxAttempts: 3,
    ...local,
  });
  const db = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  const s3 = new S3Client({
    region: config.region,
    endpoint: config.s3Endpoint,
    forcePathStyle: Boolean(config.s3Endpoint),
    // s3rver stores streamed uploads with their chunk framing unless checksums are off.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...local,
  });
  return {
    config,
    db,
    dynamo: raw,
    s3,
    table: (key) => tableName(config.tablePrefix, TABLES[key]),
    now: config.now ?? (() => new Date()),
  };
}

let current: AppContext | undefined;

/** The context the Lambda entries use; the local runtime and tests install theirs first. */
export function setContext(ctx: AppContext): void {
  current = ctx;
}

export function getContext(): AppContext {
  if (!current) current = createContext(configFromEnv());
  return current;
}

/** Cloud configuration: read only when the first request arrives, never at import. */
function configFromEnv(): AppConfig<JobPort<unknown, void>> {
  const env = process.env;
  // Fail fast: a missing setting must not silently point the handlers at other tables.
  const missing = ['TABLE_PREFIX', 'DATA_BUCKET', 'SIGNING_SECRET_ARN'].filter((name) => !env[name]);
  if (missing.length) throw new Error(`missing configuration: ${missing.join(', ')}`);
  let cachedSecret: Promise<string> | undefined;
  return {
    tablePrefix: env.TABLE_PREFIX!,
    bucket: env.DATA_BUCKET!,
    region: env.AWS_REGION ?? 'eu-south-1',
    secureCookies: true,
    behindCloudFront: true,
    signingSecret: () => {
      cachedSecret ??= import('@aws-sdk/client-secrets-manager').then(async ({ SecretsManagerClient, GetSecretValueCommand }) => {
        const client = new SecretsManagerClient({});
        const out = await client.send(new GetSecretValueCommand({ SecretId: env.SIGNING_SECRET_ARN }));
        if (!out.SecretString) throw new Error('signing secret is empty');
        return out.SecretString;
      });
      return cachedSecret;
    },
    enqueue: env.ANALYSIS_QUEUE_URL
      ? async (job: unknown) => {
          const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
          await new SQSClient({}).send(
            new SendMessageCommand({ QueueUrl: env.ANALYSIS_QUEUE_URL, MessageBody: JSON.stringify(job) }),
          );
        }
      : undefined,
  };
}
