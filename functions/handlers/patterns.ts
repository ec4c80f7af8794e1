import { createPattern, deletePattern, listPatterns, requirePattern, savePattern, validatePattern } from '../services/patterns.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok, resource } from '../http/respond.ts';
import { TEXT_FIELDS, type TextField } from '../../shared/domain/text.ts';
import { boundedText, optionalString } from '../http/validate.ts';
import { defineRoute } from '../http/types.ts';

const text = (value: unknown, field: TextField) => {
  const t = optionalString(value);
  return t === undefined ? null : boundedText(t, field);
};
const replacementOf = (value: unknown) => (typeof value === 'string' ? boundedText(value, TEXT_FIELDS.patternReplacement) : null);

const list_ = defineRoute('GET /api/patterns', async (_req, ctx) => list('patterns', await listPatterns(ctx)));

const create = defineRoute('POST /api/patterns', async (req, ctx) => {
  const record = await createPattern(ctx, {
    pattern: validatePattern(req.body.pattern),
    replacement: replacementOf(req.body.replacement),
    notes: text(req.body.notes, TEXT_FIELDS.patternNotes),
  });
  return created(resource('patterns', record), { message: 'Pattern creato con successo' });
});

const update = defineRoute('PUT /api/patterns/{id}', async (req, ctx) => {
  const before = await requirePattern(ctx, req.params.id);
  const after = {
    ...before,
    pattern: req.body.pattern === undefined ? before.pattern : validatePattern(req.body.pattern),
    replacement: req.body.replacement === undefined ? before.replacement : replacementOf(req.body.replacement),
    notes: req.body.notes === undefined ? before.notes : text(req.body.notes, TEXT_FIELDS.patternNotes),
  };
  await savePattern(ctx, after);
  return ok(resource('patterns', after), { message: 'Pattern aggiornato con successo' });
});

const remove = defineRoute('DELETE /api/patterns/{id}', async (req, ctx) => {
  const id = req.params.id;
  await deletePattern(ctx, id);
  return ok({ id, message: 'Pattern eliminato con successo' });
});

export const actions = { list: list_, create, update, remove };
export const handler = resourceHandler(actions);
