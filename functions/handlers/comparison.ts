/** Comparison of computi (issue 23; part of the `documents` resource: functions/handlers/documents.ts serves these actions). */
import { comparedDocuments, loadComparison, presentComparison, recordChoice } from '../services/comparison.ts';
import { requireDocumentFor } from '../services/documents.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { exportAnswer } from '../http/export-answer.ts';


/** GET /api/documents/{id}/comparison?with=2,3: the document against one to five others, voce by voce. */
const comparison = defineRoute('GET /api/documents/{id}/comparison', async (req, ctx) => {
  const loaded = await loadComparison(ctx, requirePrincipal(req), req.params.id, req.query.with);
  return ok(presentComparison(loaded));
});

/** GET /api/documents/{id}/comparison/export?with=2,3: the comparison as confronto_{id}.xlsx. */
const comparisonExport = defineRoute('GET /api/documents/{id}/comparison/export', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const [firstId, ...withIds] = comparedDocuments(req.params.id, req.query.with);
  // Access checked here (404 for a document the caller may not read); the comparison and its workbook are built off the thread that answers requests.
  await Promise.all([firstId, ...withIds].map((d) => requireDocumentFor(ctx, d, principal)));
  return exportAnswer(ctx, { kind: 'comparison-export', principal, firstId, withIds, now: ctx.now().toISOString() });
});

const CHOICE_MESSAGE = { abbina: 'Voci abbinate', separa: 'Voci separate', ripristina: 'Abbinamento automatico ripristinato' } as const;

/** PUT /api/documents/{id}/comparison/pairs {azione, righe: [a, b]}: a pairing choice, kept on the document. */
const comparisonPairs = defineRoute('PUT /api/documents/{id}/comparison/pairs', async (req, ctx) => {
  const principal = requirePrincipal(req);
  const doc = await requireDocumentFor(ctx, req.params.id, principal);
  const { azione, righe } = req.body;
  const scelte = await recordChoice(ctx, principal, doc, azione, righe);
  return ok({ scelte, message: CHOICE_MESSAGE[azione] });
});

export const actions = { comparison, comparisonExport, comparisonPairs };
