// Entry of the page thread when running from TypeScript sources (npm start, tests): threads do not
// inherit tsx's loader, so register it, then load the TypeScript module. The cloud bundle ships a
// compiled page-reader-thread.mjs of its own beside the handler (infra/cloud/lambda.ts).
import { register } from 'tsx/esm/api';

register();
await import('./page-reader-main.ts');
