import { validatePattern } from '../domain/patterns.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok, resource } from '../http/respond.ts';
import { idParam, optionalString } from '../http/validate.ts';
import type { Action } from '../http/types.ts';
import { createPattern, deletePattern, listPatterns, requirePattern, savePattern } from '../storage/repositories/patterns.ts';

const text = (value: unknown, max: number) => optionalString(value)?.slice(0, max) ?? null;

const list_: Action = async (_req, ctx) => list('patterns', await listPatterns(ctx));

const create: Action = async (req, ctx) => {
  const record = await createPattern(ctx, {
    pattern: validatePattern(req.body.pattern),
    replacement: typeof req.body.replacement === 'string' ? req.body.replacement.slice(0, 200) : null,
    notes: text(req.body.notes, 500),
  });
  return created(resource('patterns', record), { message: 'Pattern creato con successo' });
};

const update: Action = async (req, ctx) => {
  const before = await requirePattern(ctx, idParam(req.params));
  const after = {
    ...before,
    pattern: req.body.pattern === undefined ? before.pattern : validatePattern(req.body.pattern),
    replacement: req.body.replacement === undefined ? before.replacement : typeof req.body.replacement === 'string' ? req.body.replacement.slice(0, 200) : null,
    notes: req.body.notes === undefined ? before.notes : text(req.body.notes, 500),
  };
  await savePattern(ctx, after);
  return ok(resource('patterns', after), { message: 'Pattern aggiornato con successo' });
};

const remove: Action = async (req, ctx) => {
  const id = idParam(req.params);
  await deletePattern(ctx, id);
  return ok({ id, message: 'Pattern eliminato con successo' });
};

export const actions = { list: list_, create, update, remove };
export const handler = resourceHandler(actions);
