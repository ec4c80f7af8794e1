import { formatEuro } from '@shared/format.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { shownTotal } from '@/features/documents/utils/totals.ts';

/** A document's total in the list: the amount, which total it is, and the voci's sum beside a printed total they do not match. */
export function TotalCell({ document }: { document: DocumentItem }) {
  const t = shownTotal(document);
  if (t.value === null) return <span className="doc-muted">—</span>;
  return (
    <span className="doc-total" data-testid="list-total">
      <span className="doc-total-value">{formatEuro(t.value)}</span>
      <span className="doc-total-note">{t.source}</span>
      {t.recomputed !== null && (
        <span className="doc-total-note doc-total-recomputed" data-testid="list-total-recomputed">
          {`somma delle voci ${formatEuro(t.recomputed)}`}
        </span>
      )}
    </span>
  );
}
