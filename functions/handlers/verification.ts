/** "Verifica del computo" (issue 24; part of the `documents` resource: functions/handlers/documents.ts serves these actions). */
import { requireDocumentFor } from '../services/documents.ts';
import { setSoglia, verifyDocument } from '../services/verification.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal } from '../http/types.ts';
import { exportAnswer } from '../http/export-answer.ts';
import { withEtag } from './answers.ts';

/** GET /api/documents/{id}/verification[?soglia=20]: the review, with the document's threshold unless one is given. */
const verification = defineRoute('GET /api/documents/{id}/verification', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { result } = await verifyDocument(ctx, doc, req.query.soglia);
  return withEtag(ok(result), doc.version);
});

/** PUT /api/documents/{id}/verification {soglia}: keeps the threshold on the document (If-Match honoured), answers the review. */
const setVerificationThreshold = defineRoute('PUT /api/documents/{id}/verification', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  const { soglia } = req.body;
  const updated = await setSoglia(ctx, doc, soglia, req.headers['if-match']);
  const { result } = await verifyDocument(ctx, updated);
  return withEtag(ok(result), updated.version);
});

/** GET /api/documents/{id}/verification/export: the review as a printable PDF report, verifica_{id}.pdf. */
const verificationExport = defineRoute('GET /api/documents/{id}/verification/export', async (req, ctx) => {
  const doc = await requireDocumentFor(ctx, req.params.id, requirePrincipal(req));
  return exportAnswer(ctx, { kind: 'verification-export', documentId: doc.id, now: ctx.now().toISOString() });
});

export const actions = { verification, setVerificationThreshold, verificationExport };
