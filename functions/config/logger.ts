import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs (Powertools Logger), one line per event with the request id.
 *
 * Level: `POWERTOOLS_LOG_LEVEL` when set (Lambda sets it from the stack), otherwise INFO, and
 * SILENT under vitest so test output stays quiet. In Lambda the middy chain adds the Lambda
 * context (awsRequestId as `function_request_id`) and the API Gateway request id as
 * `request_id`; the local server passes the same shape, so both write the same lines.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'computa',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL ?? (process.env.VITEST ? 'SILENT' : 'INFO')) as 'INFO',
});

/** An error as a log attribute: name, message, stack, and its cause chain. */
export function errorAttributes(err: unknown): Record<string, unknown> | string {
  if (!(err instanceof Error)) return String(err);
  const out: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack };
  if (err.cause !== undefined) out.cause = errorAttributes(err.cause);
  return out;
}

/** A `{ level, message, ...attributes }` line (the worker's and the dead-letter handler's) through the logger. */
export function logEvent(line: Record<string, unknown>): void {
  const { level, message, ...attributes } = line;
  const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : level === 'debug' ? 'debug' : 'info';
  logger[method](String(message ?? ''), attributes);
}
