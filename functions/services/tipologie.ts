/** DEI typologies: the admin's list and edits, and the check of a typology a client names. */
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { listTipologie } from '../storage/repositories/tipologie.ts';

export { createTipologia, deleteTipologia, listTipologie, requireTipologia, saveTipologia, type TipologiaRecord } from '../storage/repositories/tipologie.ts';

/** `value` trimmed, if it names a stored typology (any, while none is stored); else 400 "Tipologia DEI non valida". */
export async function knownTipologia(ctx: AppContext, value: string): Promise<string> {
  const known = await listTipologie(ctx);
  if (known.length && !known.some((t) => t.value === value)) throw new ValidationError('Tipologia DEI non valida');
  return value;
}
