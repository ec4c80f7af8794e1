import { DEFAULT_TIPOLOGIE } from '../../shared/domain/tipologie.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok, resource } from '../http/respond.ts';
import { defineRoute } from '../http/types.ts';
import {
  createTipologia,
  deleteTipologia,
  listTipologie,
  requireTipologia,
  saveTipologia,
  type TipologiaRecord,
} from '../services/tipologie.ts';

/** Both spellings the spec reads (description/descrizione, attivo/is_active). */
export function presentTipologia(t: TipologiaRecord) {
  return { id: t.id, value: t.value, description: t.description, descrizione: t.description, attivo: t.attivo, is_active: t.attivo };
}

const list_ = defineRoute('GET /api/tipologie-dei', async (req, ctx) => {
  const activeOnly = req.query.active_only;
  const stored = await listTipologie(ctx);
  if (!stored.length) {
    // Spec section 3: the default options stand in while the dynamic list is empty.
    const defaults = DEFAULT_TIPOLOGIE.map((t, i) => ({ id: -(i + 1), ...t, descrizione: t.description, attivo: true, is_active: true }));
    return list('tipologie_dei', defaults, defaults.length, { defaults: true });
  }
  const items = stored.filter((t) => !activeOnly || t.attivo).map(presentTipologia);
  return list('tipologie_dei', items);
});

const create = defineRoute('POST /api/tipologie-dei', async (req, ctx) => {
  const record = await createTipologia(ctx, req.body);
  return created(resource('tipologie_dei', presentTipologia(record)), { message: 'Tipologia creata con successo' });
});

const update = defineRoute('PUT /api/tipologie-dei/{id}', async (req, ctx) => {
  const before = await requireTipologia(ctx, req.params.id);
  const { value = before.value, description = before.description, attivo = before.attivo } = req.body;
  const after = await saveTipologia(ctx, before, { ...before, value, description, attivo });
  return ok(resource('tipologie_dei', presentTipologia(after)), { message: 'Tipologia aggiornata con successo' });
});

const remove = defineRoute('DELETE /api/tipologie-dei/{id}', async (req, ctx) => {
  const record = await requireTipologia(ctx, req.params.id);
  await deleteTipologia(ctx, record);
  return ok({ id: record.id, message: 'Tipologia eliminata con successo' });
});

const setStatus = defineRoute('PATCH /api/admin/tipologie-dei/{id}/status', async (req, ctx) => {
  const before = await requireTipologia(ctx, req.params.id);
  const after = await saveTipologia(ctx, before, { ...before, attivo: req.body.attivo });
  return ok(resource('tipologie_dei', presentTipologia(after)), { message: 'Stato tipologia aggiornato' });
});

const bulkStatus = defineRoute('PATCH /api/admin/tipologie-dei/bulk-status', async (req, ctx) => {
  const { tipologie_ids: ids, attivo } = req.body;
  const records = await Promise.all(ids.map((id) => requireTipologia(ctx, id)));
  const updated = await Promise.all(records.map((r) => saveTipologia(ctx, r, { ...r, attivo })));
  return ok(updated.map((t) => resource('tipologie_dei', presentTipologia(t))), { message: 'Stato tipologia aggiornato', updated: updated.length });
});

export const actions = { list: list_, create, update, remove, setStatus, bulkStatus };
export const handler = resourceHandler(actions);
