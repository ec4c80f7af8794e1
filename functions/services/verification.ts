/**
 * "Verifica del computo" (issue 24): reads the document's rows, looks every code up in the loaded
 * price lists as pricing does (same patterns, same lists in the same order), and runs the pure
 * rules of shared/domain/verification. The threshold of the price-deviation rule is kept on the
 * document (`soglia_scostamento`), written conditionally on the version it was read at.
 */
import type { AppContext } from '../config/context.ts';
import { applyPatternsTraced, listLabel, plannedLists } from '../../shared/domain/pricing.ts';
import { DEFAULT_SOGLIA, verificationReport, verify, type RowListInfo, type Verification, type VerificationReport } from '../../shared/domain/verification/index.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import { readDocumentRows, type RowRecord } from '../storage/repositories/rows.ts';
import { loadPricing, lookupPrices, type PricingContext } from './pricing.ts';
import { writeDocumentFields } from './intestazione.ts';

export interface DocumentVerification extends Verification {
  /** The lists the codes were looked up in ("Toscana LUCCA 2025"), for the report's header. */
  prezzari: string[];
}

/** The threshold kept on the document, or the default. */
export const sogliaOf = (doc: Pick<DocumentRecord, 'soglia_scostamento'>): number => doc.soglia_scostamento ?? DEFAULT_SOGLIA;

/** What the loaded lists say of each coded row: the article found, and the lists searched. */
export async function rowListInfo(ctx: AppContext, pricing: PricingContext, doc: DocumentRecord, rows: readonly RowRecord[]): Promise<Map<number, RowListInfo>> {
  const coded = rows.filter((r) => r.tariffa?.trim());
  const inputs = coded.map((r) => ({ code: r.tariffa, provincia: doc.provincia, tipologia_dei: r.tipologia_dei || doc.tipologia_dei }));
  const lookups = await lookupPrices(ctx, pricing, inputs);
  const label = (head: Parameters<typeof listLabel>[0]) => listLabel(head, (v) => pricing.tipologie?.get(v));
  const out = new Map<number, RowListInfo>();
  coded.forEach((r, i) => {
    const plan = plannedLists({ ...inputs[i], code: applyPatternsTraced(inputs[i].code, pricing.patterns).code }, pricing.heads);
    const { match, reason } = lookups[i];
    const article = match
      ? { code: match.code, unita_di_misura: match.item.unita_di_misura ?? null, prezzo: match.item.prezzo, list: label(match.head) }
      : // In a list, without a price there: found all the same (no price to compare).
        reason.startsWith('articolo senza prezzo')
        ? { code: r.tariffa, unita_di_misura: null, prezzo: null, list: reason.replace(/^articolo senza prezzo nel prezzario /, '') }
        : null;
    out.set(r.id, { article, searched: plan.map(label) });
  });
  return out;
}

/** The review of a document with a threshold (the one kept on it unless another is given). */
export async function verifyDocument(ctx: AppContext, doc: DocumentRecord, soglia = sogliaOf(doc)): Promise<{ result: DocumentVerification; rows: RowRecord[] }> {
  const [rows, pricing] = await Promise.all([readDocumentRows(ctx, doc), loadPricing(ctx)]);
  const lists = await rowListInfo(ctx, pricing, doc, rows);
  const result = verify({ rows, documentTotal: doc.document_total, lists, soglia });
  const prezzari = [...new Set([...lists.values()].flatMap((l) => l.searched))];
  return { result: { ...result, prezzari }, rows };
}

/** The review as sections (title, outcome, sentence, rows) for the PDF report and the spreadsheet. */
export async function verificationReportOf(ctx: AppContext, doc: DocumentRecord): Promise<VerificationReport> {
  const { result, rows } = await verifyDocument(ctx, doc);
  return verificationReport(result, rows, { documento: doc.filename, provincia: doc.provincia, prezzari: result.prezzari, data: dateTime.format(ctx.now()) });
}

/** "25/11/2026 19:24" in Italian time. */
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });
const dateTime = { format: (d: Date) => dateTimeFormat.format(d).replace(', ', ' ') };

/** Keeps a new threshold on the document (written as the heading is: writeDocumentFields). */
export function setSoglia(ctx: AppContext, doc: DocumentRecord, soglia: number, expectedVersion?: number): Promise<DocumentRecord> {
  return writeDocumentFields(ctx, doc, { soglia_scostamento: soglia }, expectedVersion);
}
