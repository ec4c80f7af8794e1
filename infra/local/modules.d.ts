// The two local emulators ship no type declarations; we use a handful of their calls.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options?: Record<string, unknown>): Server;
}
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
    configureBuckets(): Promise<void>;
    callback(): import('node:http').RequestListener;
    store: { deleteSubresource(bucket: string, key: undefined, type: string): Promise<void> };
  }
}
declare module 's3rver/lib/models/account.js' {
  interface Account {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  }
  const AWSAccount: { DUMMY_ACCOUNT: Account };
  export default AWSAccount;
}
