import { DEFAULT_TIPOLOGIE } from '../../shared/domain/tipologie.ts';
import { ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok, resource } from '../http/respond.ts';
import { TEXT_FIELDS } from '../../shared/domain/text.ts';
import { bool, boundedText } from '../http/validate.ts';
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

/** value and description (or descrizione) of a new or edited typology. */
function readFields(body: { value?: string; description?: string; descrizione?: string }) {
  const value = typeof body.value === 'string' ? body.value.trim() : '';
  const rawDescription = body.description ?? body.descrizione;
  const description = typeof rawDescription === 'string' ? rawDescription.trim() : '';
  if (!value || !description) throw new ValidationError('Valore e descrizione sono obbligatori');
  if (!/^[\p{L}\p{N}_.-]{1,64}$/u.test(value)) throw new ValidationError('Il valore può contenere solo lettere, numeri, _ . - (massimo 64 caratteri)');
  return { value, description: boundedText(description, TEXT_FIELDS.tipologiaDescription) };
}

const list_ = defineRoute('GET /api/tipologie-dei', async (req, ctx) => {
  const activeOnly = bool(req.query.active_only, false);
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
  const fields = readFields(req.body);
  const record = await createTipologia(ctx, { ...fields, attivo: bool(req.body.is_active ?? req.body.attivo, true) });
  return created(resource('tipologie_dei', presentTipologia(record)), { message: 'Tipologia creata con successo' });
});

const update = defineRoute('PUT /api/tipologie-dei/{id}', async (req, ctx) => {
  const before = await requireTipologia(ctx, req.params.id);
  const fields = readFields({ value: before.value, description: before.description, ...req.body });
  const after = await saveTipologia(ctx, before, { ...before, ...fields, attivo: bool(req.body.is_active ?? req.body.attivo, before.attivo) });
  return ok(resource('tipologie_dei', presentTipologia(after)), { message: 'Tipologia aggiornata con successo' });
});

const remove = defineRoute('DELETE /api/tipologie-dei/{id}', async (req, ctx) => {
  const record = await requireTipologia(ctx, req.params.id);
  await deleteTipologia(ctx, record);
  return ok({ id: record.id, message: 'Tipologia eliminata con successo' });
});

const setStatus = defineRoute('PATCH /api/admin/tipologie-dei/{id}/status', async (req, ctx) => {
  const before = await requireTipologia(ctx, req.params.id);
  if (req.body.attivo === undefined && req.body.is_active === undefined) throw new ValidationError('Indica lo stato (attivo)');
  const after = await saveTipologia(ctx, before, { ...before, attivo: bool(req.body.attivo ?? req.body.is_active, before.attivo) });
  return ok(resource('tipologie_dei', presentTipologia(after)), { message: 'Stato tipologia aggiornato' });
});

const bulkStatus = defineRoute('PATCH /api/admin/tipologie-dei/bulk-status', async (req, ctx) => {
  const ids = req.body.tipologie_ids;
  if (!Array.isArray(ids) || !ids.length || !ids.every((i) => Number.isSafeInteger(Number(i)) && Number(i) > 0)) {
    throw new ValidationError('Seleziona almeno una tipologia');
  }
  if (ids.length > 500) throw new ValidationError('Troppe tipologie in una sola richiesta (massimo 500)');
  const attivo = bool(req.body.attivo, true);
  const records = await Promise.all(ids.map((id) => requireTipologia(ctx, Number(id))));
  const updated = await Promise.all(records.map((r) => saveTipologia(ctx, r, { ...r, attivo })));
  return ok(updated.map((t) => resource('tipologie_dei', presentTipologia(t))), { message: 'Stato tipologia aggiornato', updated: updated.length });
});

export const actions = { list: list_, create, update, remove, setStatus, bulkStatus };
export const handler = resourceHandler(actions);
