/** Undo of row edits, merges, deletes and bulk changes (issue 26; part of the `documents` resource: functions/handlers/documents.ts serves these actions). */
import { presentDocument } from '../services/documents.ts';
import { undoableOperations, undoLatest } from '../services/undo.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';

/** GET /api/documents/{id}/operations: what "Annulla" can undo, newest first. */
const operations = defineRoute('GET /api/documents/{id}/operations', async (req, ctx) => {
  const entries = await undoableOperations(ctx, requirePrincipal(req), req.params.id);
  return ok(entries.map(({ id, tipo, descrizione, data, utente }) => ({ id, tipo, descrizione, data, utente })));
});

/** POST /api/documents/{id}/undo {operation_id?}: the most recent operation undone (409 when it cannot be). */
const undo = defineRoute('POST /api/documents/{id}/undo', async (req, ctx) => {
  const result = await undoLatest(ctx, requirePrincipal(req), req.params.id, req.body.operation_id);
  const { id, tipo, descrizione, data, utente } = result.operation;
  return ok(
    { success: true, operation: { id, tipo, descrizione, data, utente }, message: result.message },
    { document: presentDocument(result.document), totals: result.totals },
  );
});

export const actions = { operations, undo };
