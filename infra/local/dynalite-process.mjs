// Entry of the local database process: register tsx's loader, then run the TypeScript main.
import { register } from 'tsx/esm/api';

register();
await import('./dynalite-main.ts');
