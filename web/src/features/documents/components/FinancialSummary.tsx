import { formatEuro, formatPercent } from '../../../../../shared/format.ts';
import type { DocumentItem, RowsTotals } from '../types.ts';

interface Props {
  document: DocumentItem;
  totals: RowsTotals | null;
}

const dash = (text: string) => text || '—';

/**
 * Original total, database total, difference with percentage, and the verification badge
 * (congruence is computed by the server with the spec's 0.01 tolerance).
 */
export function FinancialSummary({ document, totals }: Props) {
  const documentTotal = totals?.document_total ?? document.document_total;
  const totalDb = totals?.document_total_db ?? document.document_total_db;
  const sum = totals?.sum_totale ?? document.sum_totale;
  const congruent = totals?.congruent ?? document.congruent;
  const diff = totals?.difference_db ?? null;
  const diffPercent = totals?.difference_db_percent ?? null;
  const diffClass = diff === null ? '' : diff > 0 ? 'doc-amount-up' : diff < 0 ? 'doc-amount-down' : '';

  return (
    <section aria-label="Riepilogo economico">
      <div className="doc-summary-grid">
        <div className="doc-summary-card">
          <span className="doc-summary-label">Totale originale</span>
          <span className="doc-summary-value" data-testid="total-original">{dash(formatEuro(documentTotal))}</span>
        </div>
        <div className="doc-summary-card">
          <span className="doc-summary-label">Totale database</span>
          <span className="doc-summary-value" data-testid="total-db">{dash(formatEuro(totalDb))}</span>
        </div>
        <div className="doc-summary-card">
          <span className="doc-summary-label">Differenza</span>
          <span className={`doc-summary-value ${diffClass}`} data-testid="total-difference">
            {diff === null ? '—' : formatEuro(diff)}
            {diff !== null && diffPercent !== null && <span className="doc-summary-percent"> ({formatPercent(diffPercent)})</span>}
          </span>
          {totals?.priced_rows !== undefined && totals.priced_rows > 0 && (
            <span className="hint" data-testid="difference-basis">
              su {totals.priced_rows} {totals.priced_rows === 1 ? 'riga' : 'righe'} con prezzo di riferimento ({formatEuro(totals.priced_totale ?? null)} nel documento)
            </span>
          )}
        </div>
      </div>
      {congruent === true && (
        <div className="doc-verify doc-verify-ok" role="status" data-testid="verification">
          <i className="pi pi-check-circle" aria-hidden /> Totale verificato: la somma delle righe corrisponde al totale del documento
        </div>
      )}
      {congruent === false && (
        <div className="doc-verify doc-verify-ko" role="status" data-testid="verification">
          <i className="pi pi-exclamation-triangle" aria-hidden /> Totale non congruente: somma righe {formatEuro(sum)} ≠ totale documento{' '}
          {formatEuro(documentTotal)}
        </div>
      )}
      {congruent == null && document.status === 'completed' && (
        <div className="doc-verify doc-verify-na" role="status" data-testid="verification">
          <i className="pi pi-info-circle" aria-hidden /> Verifica non disponibile: totale del documento non rilevato
        </div>
      )}
    </section>
  );
}
