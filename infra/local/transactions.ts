import http from 'node:http';
import { PassThrough } from 'node:stream';
import { STORAGE_UNAVAILABLE_TYPE } from './data-guard.ts';
import { refuse, verifySigV4, withoutCors, type StoreCredentials } from './store-auth.ts';
import type { AddressInfo } from 'node:net';
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';

/**
 * dynalite has no TransactWriteItems. This proxy sits in front of it and emulates the call:
 * each write runs with its own condition, in order; when one is refused, the writes already
 * made are undone from the images read before, and the caller gets DynamoDB's own
 * TransactionCanceledException. All-or-nothing for one local process, which is what the
 * embedded runtime is; in the cloud DynamoDB does it natively.
 */
/** Every DynamoDB call that changes data: refused when the data folder cannot keep it. */
/** DynamoDB's own limit on a request body. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const WRITE_TARGETS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'CreateTable', 'DeleteTable', 'UpdateTable']);

export async function startTransactionProxy(
  /** Only requests signed with these reach the database. */
  credentials: StoreCredentials,
  /** The database's own request handler, in this process: it has no listening port of its own. */
  handler: http.RequestListener,
  /** Says why writes cannot be kept right now, or null when they can. */
  storageProblem: () => string | null = () => null,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  // The emulated transaction's own reads and writes come back through this proxy, signed.
  const inner: { client?: DynamoDBClient } = {};
  /** Created once the proxy listens: its calls come back through it, signed. */
  const client = { send: ((command: never) => inner.client!.send(command)) as DynamoDBClient['send'] };
  const keyNames = new Map<string, string[]>();
  const keysOf = async (table: string) => {
    let names = keyNames.get(table);
    if (!names) {
      const out = await client.send(new DescribeTableCommand({ TableName: table }));
      names = (out.Table?.KeySchema ?? []).map((k) => k.AttributeName!);
      keyNames.set(table, names);
    }
    return names;
  };
  // One transaction at a time: no other transaction sees a half-applied one.
  let chain: Promise<unknown> = Promise.resolve();

  async function transact(items: TransactWriteItem[]): Promise<{ status: number; body: unknown }> {
    const undo: Array<() => Promise<unknown>> = [];
    const reasons = items.map(() => ({ Code: 'None' }));
    for (let i = 0; i < items.length; i++) {
      const op = items[i];
      const table = (op.Put ?? op.Update ?? op.Delete ?? op.ConditionCheck)!.TableName!;
      const key: Record<string, AttributeValue> = op.Put
        ? Object.fromEntries((await keysOf(table)).map((k) => [k, op.Put!.Item![k]]))
        : (op.Update ?? op.Delete ?? op.ConditionCheck)!.Key!;
      const before = (await client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
      try {
        if (op.Put) await client.send(new PutItemCommand(op.Put));
        else if (op.Update) await client.send(new UpdateItemCommand(op.Update));
        else if (op.Delete) await client.send(new DeleteItemCommand(op.Delete));
        else if (op.ConditionCheck) {
          const { Key: _k, ...check } = op.ConditionCheck;
          if (before) await client.send(new PutItemCommand({ ...check, Item: before }));
          else {
            await client.send(new PutItemCommand({ ...check, Item: key }));
            await client.send(new DeleteItemCommand({ TableName: table, Key: key }));
          }
        }
      } catch (err) {
        reasons[i] = { Code: err instanceof ConditionalCheckFailedException ? 'ConditionalCheckFailed' : 'ValidationError' } as never;
        for (const u of undo.reverse()) await u();
        return {
          status: 400,
          body: {
            __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
            message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
            CancellationReasons: reasons,
          },
        };
      }
      undo.push(() =>
        before
          ? client.send(new PutItemCommand({ TableName: table, Item: before }))
          : client.send(new DeleteItemCommand({ TableName: table, Key: key })),
      );
    }
    return { status: 200, body: {} };
  }

  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    withoutCors(res);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('error', () => undefined);
    req.on('end', () => void answer(req, res, Buffer.concat(chunks)).catch(() => res.destroy()));
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    // Nothing is read or written for a request not signed with our key pair.
    const refusal = await verifySigV4({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, credentials, 'dynamodb');
    if (refusal) {
      refuse(res, refusal);
      return;
    }
    const operation = String(req.headers['x-amz-target'] ?? '').replace(/^DynamoDB_20120810\./, '');
    const problem = WRITE_TARGETS.has(operation) ? storageProblem() : null;
    if (problem) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: `com.computa#${STORAGE_UNAVAILABLE_TYPE}`, message: problem }));
      return;
    }
    if (operation === 'TransactWriteItems') {
      const run = chain.then(async () => {
        const input = JSON.parse(body.toString('utf8')) as { TransactItems: TransactWriteItem[] };
        const out = await transact(input.TransactItems).catch((err) => ({
          status: 500,
          body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(err) },
        }));
        res.writeHead(out.status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(out.body));
      });
      chain = run.catch(() => undefined);
      return;
    }
    // The verified request, replayed to dynalite's handler in this process (no second HTTP hop).
    // Without an Origin header dynalite adds no CORS header of its own.
    const { origin: _origin, ...headers } = req.headers;
    const replay = Object.assign(new PassThrough(), { headers, method: req.method, url: req.url });
    handler(replay as unknown as http.IncomingMessage, res);
    replay.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  inner.client = new DynamoDBClient({ region: 'eu-south-1', endpoint, credentials: { ...credentials } });
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        inner.client?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
