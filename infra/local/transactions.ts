import http from 'node:http';
import { STORAGE_UNAVAILABLE_TYPE } from './data-guard.ts';
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
const WRITE_TARGETS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'CreateTable', 'DeleteTable', 'UpdateTable']);

export async function startTransactionProxy(
  target: string,
  /** Says why writes cannot be kept right now, or null when they can. */
  storageProblem: () => string | null = () => null,
  /** The database's own request handler, when it lives in this process: calls skip a second HTTP hop. */
  passThrough?: http.RequestListener,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const client = new DynamoDBClient({ region: 'eu-south-1', endpoint: target, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
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
    const operation = String(req.headers['x-amz-target'] ?? '').replace(/^DynamoDB_20120810\./, '');
    const problem = WRITE_TARGETS.has(operation) ? storageProblem() : null;
    if (problem) {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: `com.computa#${STORAGE_UNAVAILABLE_TYPE}`, message: problem }));
      return;
    }
    if (operation !== 'TransactWriteItems' && passThrough) {
      passThrough(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
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
      const upstream = http.request(target, { method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
