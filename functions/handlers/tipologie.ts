import { resourceHandler } from '../http/resource.ts';
import { list } from '../http/respond.ts';
import { bool } from '../http/validate.ts';
import type { Action } from '../http/types.ts';
import { listTipologie, type TipologiaRecord } from '../storage/repositories/tipologie.ts';

/** Both spellings the spec reads (description/descrizione, attivo/is_active). */
export function presentTipologia(t: TipologiaRecord) {
  return { id: t.id, value: t.value, description: t.description, descrizione: t.description, attivo: t.attivo, is_active: t.attivo };
}

const list_: Action = async (req, ctx) => {
  const activeOnly = bool(req.query.active_only, false);
  const items = (await listTipologie(ctx)).filter((t) => !activeOnly || t.attivo).map(presentTipologia);
  return list('tipologie_dei', items);
};

export const actions = { list: list_ };
export const handler = resourceHandler(actions);
