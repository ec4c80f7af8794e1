/**
 * A DynamoDB client whose requests go straight to dynalite's request handler in this process: no
 * socket, no second signature check. For the transaction emulator's own reads and writes, which
 * run inside a request that was already verified (and that holds the store).
 */
import type http from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { StoreCredentials } from './store-auth.ts';

interface SdkRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

function call(handler: http.RequestListener, request: SdkRequest) {
  return new Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Readable } }>((resolve) => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const req = Object.assign(new PassThrough(), { headers, method: request.method, url: request.path });
    const answer: Record<string, string> = {};
    // The part of http.ServerResponse dynalite uses.
    const res = {
      statusCode: 200,
      setHeader: (name: string, value: unknown) => void (answer[name.toLowerCase()] = String(value)),
      getHeader: (name: string) => answer[name.toLowerCase()],
      end: (body?: string | Buffer) =>
        resolve({ response: { statusCode: res.statusCode, headers: answer, body: Readable.from([Buffer.from(body ?? '')]) } }),
    };
    handler(req as unknown as http.IncomingMessage, res as unknown as http.ServerResponse);
    req.end(request.body ?? '');
  });
}

export function inProcessClient(handler: http.RequestListener, credentials: StoreCredentials): DynamoDBClient {
  return new DynamoDBClient({
    region: 'eu-south-1',
    endpoint: 'http://127.0.0.1',
    credentials: { ...credentials },
    maxAttempts: 1,
    requestHandler: {
      handle: (request: SdkRequest) => call(handler, request),
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
      destroy: () => undefined,
    } as never,
  });
}
