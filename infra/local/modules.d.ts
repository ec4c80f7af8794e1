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
  }
}
