import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Repository root: entries, the lock file and web/dist are resolved from here, never from cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEFAULT_REGION = 'eu-south-1';

export function parseStage(value: unknown): Stage {
  const raw = value === undefined || value === null || value === '' ? 'dev' : String(value);
  if ((STAGES as readonly string[]).includes(raw)) return raw as Stage;
  throw new Error(`Unknown stage "${raw}": use -c stage=dev or -c stage=prod`);
}

/** Physical table names are `${TABLE_PREFIX}${def.name}`, the same rule the Lambdas apply. */
export const tablePrefix = (stage: Stage) => `computa-${stage}-`;

/**
 * Regions where CloudFront cannot deliver standard (legacy) access logs to an S3 bucket.
 * A distribution of a stack deployed there gets no access logs (see web.ts).
 */
export const CLOUDFRONT_LOG_UNSUPPORTED_REGIONS = new Set([
  'af-south-1',
  'ap-east-1',
  'ap-south-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ca-west-1',
  'eu-central-2',
  'eu-south-1',
  'eu-south-2',
  'il-central-1',
  'me-central-1',
  'me-south-1',
]);
