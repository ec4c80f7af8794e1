import type { Rng } from '../core.ts';
import type { OfficeDoc } from './xlsx.ts';
export async function calcDoc(_rng: Rng, _n: number): Promise<OfficeDoc> { throw new Error('todo'); }
