// Entry of a thread that stands for another Lambda container: its own copy of every module (and
// so of every in-memory cache), the same database. Threads do not inherit tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('./other-instance-main.ts');
