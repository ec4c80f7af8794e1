/**
 * The user's pairing choices of a comparison (issue 23), kept on the first document's item as
 * `comparison_choices` with their own counter `comparison_version`. Every write is conditional on
 * the counter read: two users choosing at once both keep their choice (the later one is applied
 * again to what the earlier one wrote), and neither overwrites the other.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PairChoice } from '../../../shared/domain/comparison.ts';
import type { AppContext } from '../../config/context.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { domainError, isConditionFailed } from './base.ts';
import { getDocument, type DocumentRecord } from './documents.ts';

export interface ChoicesRecord {
  comparison_choices?: PairChoice[];
  comparison_version?: number;
}

/** At most this many choices per document: a comparison of 5,000 voci needs far fewer. */
export const MAX_CHOICES = 2000;
const ATTEMPTS = 10;

export const choicesOf = (doc: DocumentRecord & ChoicesRecord): PairChoice[] => (Array.isArray(doc.comparison_choices) ? doc.comparison_choices : []);

/**
 * Applies `change` to the document's choices as stored now and writes the result, conditionally
 * on the counter it read; on a race it reads again and applies `change` again.
 */
export async function updateChoices(ctx: AppContext, documentId: number, change: (current: PairChoice[]) => PairChoice[]): Promise<PairChoice[]> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = (await getDocument(ctx, documentId)) as (DocumentRecord & ChoicesRecord) | undefined;
    if (!doc) throw new NotFoundError('Documento non trovato');
    const seen = doc.comparison_version ?? 0;
    const next = change(choicesOf(doc)).slice(-MAX_CHOICES);
    try {
      await ctx.db.send(
        new UpdateCommand({
          TableName: ctx.table('documents'),
          Key: { id: documentId },
          UpdateExpression: 'SET comparison_choices = :c, comparison_version = :next, #ver = if_not_exists(#ver, :zero) + :one',
          ConditionExpression: seen > 0 ? 'attribute_exists(id) AND comparison_version = :seen' : 'attribute_exists(id) AND attribute_not_exists(comparison_version)',
          ExpressionAttributeNames: { '#ver': 'version' },
          ExpressionAttributeValues: { ':c': next, ':next': seen + 1, ':zero': 0, ':one': 1, ...(seen > 0 ? { ':seen': seen } : {}) },
        }),
      );
      return next;
    } catch (err) {
      if (!isConditionFailed(err)) throw domainError(err);
    }
  }
  throw new ConflictError('Il confronto è stato modificato da troppe richieste nello stesso momento: riprova tra poco.');
}
