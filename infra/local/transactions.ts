import http from 'node:http';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { STORAGE_UNAVAILABLE_TYPE } from './data-guard.ts';
import { refuse, verifySigV4, withoutCors, type StoreCredentials } from './store-auth.ts';
import { inProcessClient } from './in-process-dynamo.ts';
import type { AddressInfo } from 'node:net';
import {
  BatchGetItemCommand,
  type BatchGetItemCommandOutput,
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';

/**
 * dynalite has no TransactWriteItems. This proxy sits in front of it and emulates the call,
 * all-or-nothing for one local process (what the embedded runtime is; in the cloud DynamoDB
 * does it natively). Every write passes through here, so a transaction holds the store alone:
 * it waits for the plain writes in flight, and new ones wait for it. Holding it, a transaction
 * of Puts, Deletes and ConditionChecks (the rows' bulk writes, merges) reads every item's image
 * in one BatchGetItem, checks every condition with dynalite's own evaluator, and then either
 * writes everything in 25-item BatchWriteItems or writes nothing and answers DynamoDB's
 * TransactionCanceledException, with a reason for each item. So a 100-row chunk costs about
 * five calls instead of two per row. Anything else (Updates, a condition the evaluator cannot
 * read) runs item by item with its own condition, undone from the images on a refusal.
 */
// dynalite's own expression parser and condition check (it runs in this process).
const dynaliteModule = createRequire(import.meta.url);
const validations = dynaliteModule('dynalite/validations') as {
  checkTypes: (data: unknown, types: unknown) => Record<string, unknown>;
  checkValidations: (data: unknown, types: unknown, custom: unknown, store: unknown) => void;
};
const RULES = {
  Put: dynaliteModule('dynalite/validations/putItem') as { types: unknown; custom: unknown },
  Delete: dynaliteModule('dynalite/validations/deleteItem') as { types: unknown; custom: unknown },
  ConditionCheck: dynaliteModule('dynalite/validations/deleteItem') as { types: unknown; custom: unknown },
};
const checkConditional = (dynaliteModule('dynalite/db') as { checkConditional: (data: unknown, item: unknown) => unknown }).checkConditional;
/** What dynalite's validations read of the store: the item size limit. */
const VALIDATION_STORE = { options: { maxItemSize: 400 * 1024 } };
/** Items per BatchGetItem and per BatchWriteItem. */
const GET_BATCH = 100;
const WRITE_BATCH = 25;

/** Whether `op`'s condition holds on `image` (the stored item, or undefined); undefined when it cannot be read here. */
function conditionHolds(kind: keyof typeof RULES, op: Record<string, unknown>, image: Record<string, AttributeValue> | undefined): boolean | undefined {
  if (!op.ConditionExpression) return true;
  try {
    const rules = RULES[kind];
    const data = validations.checkTypes(structuredClone(op), rules.types);
    validations.checkValidations(data, rules.types, rules.custom, VALIDATION_STORE);
    return checkConditional(data, image) == null;
  } catch {
    return undefined;
  }
}

/** A key as a string, numbers compared by value. */
const keyId = (table: string, names: string[], key: Record<string, AttributeValue>) =>
  table + '\u0000' + names.map((n) => (key[n]?.N !== undefined ? `N${Number(key[n].N)}` : JSON.stringify(key[n]))).join('\u0000');

/** Every DynamoDB call that changes data: refused when the data folder cannot keep it. */
/** DynamoDB's own limit on a request body. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const WRITE_TARGETS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'CreateTable', 'DeleteTable', 'UpdateTable']);

type Client = ReturnType<typeof inProcessClient>;
type KeysOf = (table: string) => Promise<string[]>;
type Answer = { status: number; body: unknown };

/** The key attribute names of each table, read once (DescribeTable). */
function tableKeys(client: Client): KeysOf {
  const keyNames = new Map<string, string[]>();
  return async (table) => {
    let names = keyNames.get(table);
    if (!names) {
      const out = await client.send(new DescribeTableCommand({ TableName: table }));
      names = (out.Table?.KeySchema ?? []).map((k) => k.AttributeName!);
      keyNames.set(table, names);
    }
    return names;
  };
}

/** One transaction at a time, and none while plain writes are in flight (nor these during one). */
function storeLock() {
  let holding: Promise<void> | null = null;
  let writesInFlight = 0;
  let drained: (() => void) | null = null;
  return {
    beginWrite: async () => {
      while (holding) await holding;
      writesInFlight++;
    },
    endWrite: () => {
      if (--writesInFlight === 0 && drained) {
        drained();
        drained = null;
      }
    },
    async alone<T>(run: () => Promise<T>): Promise<T> {
      let release!: () => void;
      holding = new Promise<void>((r) => (release = r));
      try {
        if (writesInFlight) await new Promise<void>((r) => (drained = r));
        return await run();
      } finally {
        holding = null;
        release();
      }
    },
  };
}

const cancelled = (codes: string[]): Answer => ({
  status: 400,
  body: {
    __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) => ({ Code })),
  },
});

async function batchWrite(client: Client, table: string, requests: Array<Record<string, unknown>>): Promise<void> {
  await Promise.all(
    Array.from({ length: Math.ceil(requests.length / WRITE_BATCH) }, async (_, b) => {
      let pending: unknown[] | undefined = requests.slice(b * WRITE_BATCH, (b + 1) * WRITE_BATCH);
      for (let attempt = 0; pending?.length; attempt++) {
        if (attempt > 8) throw new Error('dynalite did not take the transaction\'s writes');
        const out: BatchWriteItemCommandOutput = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending as never } }));
        pending = out.UnprocessedItems?.[table];
      }
    }),
  );
}

interface Target {
  kind: keyof typeof RULES;
  body: Record<string, unknown> & { TableName: string };
  table: string;
  key: Record<string, AttributeValue>;
  id: string;
}

/** The items of a transaction of Puts, Deletes and ConditionChecks on distinct keys; null for any other. */
async function targetsOf(keysOf: KeysOf, items: TransactWriteItem[]): Promise<Target[] | null> {
  const ops = items.map((op) => {
    const kind = op.Put ? 'Put' : op.Delete ? 'Delete' : op.ConditionCheck ? 'ConditionCheck' : null;
    return kind && { kind, body: (op.Put ?? op.Delete ?? op.ConditionCheck)! as unknown as Target['body'] };
  });
  if (ops.some((o) => !o)) return null;
  const targets = await Promise.all(
    ops.map(async (o) => {
      const { kind, body } = o!;
      const names = await keysOf(body.TableName);
      const key: Record<string, AttributeValue> =
        kind === 'Put' ? Object.fromEntries(names.map((k) => [k, (body.Item as Record<string, AttributeValue>)[k]])) : (body.Key as Record<string, AttributeValue>);
      return { kind: kind as Target['kind'], body, table: body.TableName, key, id: keyId(body.TableName, names, key) };
    }),
  );
  return new Set(targets.map((t) => t.id)).size === targets.length ? targets : null;
}

/** Every target's stored item, in one read per table (per 100 keys), by key id. */
async function readImages(client: Client, keysOf: KeysOf, targets: Target[]): Promise<Map<string, Record<string, AttributeValue>>> {
  const images = new Map<string, Record<string, AttributeValue>>();
  for (const table of new Set(targets.map((t) => t.table))) {
    const names = await keysOf(table);
    const keys = targets.filter((t) => t.table === table).map((t) => t.key);
    for (let i = 0; i < keys.length; i += GET_BATCH) {
      let pending: Array<Record<string, AttributeValue>> | undefined = keys.slice(i, i + GET_BATCH);
      for (let attempt = 0; pending?.length; attempt++) {
        if (attempt > 8) throw new Error('dynalite did not read the transaction\'s items');
        const out: BatchGetItemCommandOutput = await client.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }));
        for (const item of out.Responses?.[table] ?? []) images.set(keyId(table, names, item), item);
        pending = out.UnprocessedKeys?.[table]?.Keys;
      }
    }
  }
  return images;
}

/** Writes every Put and Delete; on a failure puts back what was there (and removes what was not). */
async function writeAllOrNone(client: Client, targets: Target[], images: Map<string, Record<string, AttributeValue>>): Promise<void> {
  const writes = targets.filter((t) => t.kind !== 'ConditionCheck');
  const byTable = (request: (t: Target) => Record<string, unknown> | null) =>
    Promise.all(
      [...new Set(writes.map((t) => t.table))].map((table) =>
        batchWrite(client, table, writes.filter((t) => t.table === table).map(request).filter((r): r is Record<string, unknown> => r !== null)),
      ),
    );
  try {
    await byTable((t) => (t.kind === 'Put' ? { PutRequest: { Item: t.body.Item } } : { DeleteRequest: { Key: t.key } }));
  } catch (err) {
    await byTable((t) => {
      const image = images.get(t.id);
      return image ? { PutRequest: { Item: image } } : { DeleteRequest: { Key: t.key } };
    });
    throw err;
  }
}

/** Puts, Deletes and ConditionChecks: every condition checked on one read, then all written or none. Null when it cannot. */
async function transactAtOnce(client: Client, keysOf: KeysOf, items: TransactWriteItem[]): Promise<Answer | null> {
  const targets = await targetsOf(keysOf, items);
  if (!targets) return null;
  const images = await readImages(client, keysOf, targets);
  const verdicts = targets.map((t) => conditionHolds(t.kind, t.body, images.get(t.id)));
  if (verdicts.some((v) => v === undefined)) return null;
  if (verdicts.some((v) => !v)) return cancelled(verdicts.map((v) => (v ? 'None' : 'ConditionalCheckFailed')));
  await writeAllOrNone(client, targets, images);
  return { status: 200, body: {} };
}

/** One item of an in-order transaction, with its own condition (a ConditionCheck rewrites the item as it is). */
async function writeOne(client: Client, op: TransactWriteItem, table: string, key: Record<string, AttributeValue>, before: Record<string, AttributeValue> | undefined): Promise<void> {
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
}

/** Item by item, each with its own condition; the writes made are undone when one is refused. */
async function transactInOrder(client: Client, keysOf: KeysOf, items: TransactWriteItem[]): Promise<Answer> {
  const undo: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < items.length; i++) {
    const op = items[i];
    const table = (op.Put ?? op.Update ?? op.Delete ?? op.ConditionCheck)!.TableName!;
    const key: Record<string, AttributeValue> = op.Put
      ? Object.fromEntries((await keysOf(table)).map((k) => [k, op.Put!.Item![k]]))
      : (op.Update ?? op.Delete ?? op.ConditionCheck)!.Key!;
    const before = (await client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
    try {
      await writeOne(client, op, table, key, before);
    } catch (err) {
      for (const u of undo.reverse()) await u();
      return cancelled(items.map((_, j) => (j !== i ? 'None' : err instanceof ConditionalCheckFailedException ? 'ConditionalCheckFailed' : 'ValidationError')));
    }
    undo.push(() =>
      before
        ? client.send(new PutItemCommand({ TableName: table, Item: before }))
        : client.send(new DeleteItemCommand({ TableName: table, Key: key })),
    );
  }
  return { status: 200, body: {} };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
};

/** The proxy's parts that answer a request. */
interface Proxy {
  credentials: StoreCredentials;
  handler: http.RequestListener;
  storageProblem: () => string | null;
  lock: ReturnType<typeof storeLock>;
  transact: (items: TransactWriteItem[]) => Promise<Answer>;
  /** Transactions are answered one after the other, in arrival order. */
  chain: Promise<unknown>;
}

/** A verified plain request, replayed to dynalite's handler in this process (no second HTTP hop). */
async function replay(proxy: Proxy, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, operation: string): Promise<void> {
  // Without an Origin header dynalite adds no CORS header of its own.
  const { origin: _origin, ...headers } = req.headers;
  const request = Object.assign(new PassThrough(), { headers, method: req.method, url: req.url });
  // A plain write waits for a transaction that holds the store, and holds it off until answered.
  if (WRITE_TARGETS.has(operation)) {
    let done = false;
    const finished = () => {
      if (!done) {
        done = true;
        proxy.lock.endWrite();
      }
    };
    res.on('finish', finished);
    res.on('close', finished);
    await proxy.lock.beginWrite();
  }
  proxy.handler(request as unknown as http.IncomingMessage, res);
  request.end(body);
}

async function answer(proxy: Proxy, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
  // Nothing is read or written for a request not signed with our key pair.
  const refusal = await verifySigV4({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, proxy.credentials, 'dynamodb');
  if (refusal) {
    refuse(res, refusal);
    return;
  }
  const operation = String(req.headers['x-amz-target'] ?? '').replace(/^DynamoDB_20120810\./, '');
  const problem = WRITE_TARGETS.has(operation) ? proxy.storageProblem() : null;
  if (problem) return json(res, 400, { __type: `com.computa#${STORAGE_UNAVAILABLE_TYPE}`, message: problem });
  if (operation !== 'TransactWriteItems') return replay(proxy, req, res, body, operation);
  const run = proxy.chain.then(async () => {
    const input = JSON.parse(body.toString('utf8')) as { TransactItems: TransactWriteItem[] };
    const out = await proxy.transact(input.TransactItems).catch((err) => ({
      status: 500,
      body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(err) },
    }));
    json(res, out.status, out.body);
  });
  proxy.chain = run.catch(() => undefined);
}

/** Reads a request's body (at most MAX_REQUEST_BYTES), then answers it. */
function onRequest(proxy: Proxy): http.RequestListener {
  return (req, res) => {
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
    req.on('end', () => void answer(proxy, req, res, Buffer.concat(chunks)).catch(() => res.destroy()));
  };
}

export async function startTransactionProxy(
  /** Only requests signed with these reach the database. */
  credentials: StoreCredentials,
  /** The database's own request handler, in this process: it has no listening port of its own. */
  handler: http.RequestListener,
  /** Says why writes cannot be kept right now, or null when they can. */
  storageProblem: () => string | null = () => null,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  // The emulated transaction's own reads and writes go straight to dynalite's handler: the
  // request they serve was verified, and holds the store (they must not wait for it).
  const client = inProcessClient(handler, credentials);
  const keysOf = tableKeys(client);
  const lock = storeLock();
  const transact = (items: TransactWriteItem[]) => lock.alone(async () => (await transactAtOnce(client, keysOf, items)) ?? transactInOrder(client, keysOf, items));
  const proxy: Proxy = { credentials, handler, storageProblem, lock, transact, chain: Promise.resolve() };
  const server = http.createServer(onRequest(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
