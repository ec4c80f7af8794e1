import { formatEuro, formatInteger, formatPercent } from '@shared/format.ts';
import type { DocumentItem, RowsTotals } from '@/features/documents/types.ts';
import { differenceClass } from '@/features/documents/utils/rows.ts';
import { shownTotal, TOTAL_PRINTED, TOTAL_SUM } from '@/features/documents/utils/totals.ts';

interface Props {
  document: DocumentItem;
  totals: RowsTotals | null;
  /** All rows of the document (for the coverage). */
  rowCount: number;
  /** Some row's code was looked for in the loaded price lists and is in none of them. */
  notInLists?: boolean;
}

const dash = (text: string) => text || '—';

/**
 * Like with like: the printed total of the computo; then, only over the rows that have a
 * reference price, their printed total against their price-list total and the difference;
 * how much of the computo that comparison covers; and the verification badge (congruence is
 * computed by the server with the spec's 0.01 tolerance). The total says which it is: the one
 * printed in the file, or the sum of the voci when the file prints none; after edits that change
 * the sum, the recomputed sum stands beside the printed total, which is never replaced.
 */
export function FinancialSummary({ document, totals, rowCount, notInLists = false }: Props) {
  const shown = shownTotal(document, totals);
  const documentTotal = totals?.document_total ?? document.document_total;
  const totalDb = totals?.document_total_db ?? document.document_total_db;
  const sum = totals?.sum_totale ?? document.sum_totale;
  const congruent = totals?.congruent ?? document.congruent;
  const diff = totals?.difference_db ?? null;
  const diffPercent = totals?.difference_db_percent ?? null;
  const diffClass = differenceClass(diff);
  const priced = totals?.priced_rows ?? 0;
  const pricedOwn = totals?.priced_totale ?? null;
  const base = sum ?? documentTotal;
  const share = pricedOwn !== null && base ? Math.round((pricedOwn / base) * 100) : null;

  return (
    <section aria-label="Riepilogo economico">
      <div className="doc-summary-grid">
        <div className="doc-summary-card">
          <span className="doc-summary-label">Totale del computo</span>
          <span className="doc-summary-value" data-testid="total-original">{dash(formatEuro(shown.value))}</span>
          <span className="hint" data-testid="total-source">
            {shown.source === TOTAL_PRINTED ? TOTAL_PRINTED : `${TOTAL_SUM}: il documento non stampa un totale`}
          </span>
          {shown.recomputed !== null && (
            <span className="doc-summary-recomputed" data-testid="total-recomputed">
              {`${TOTAL_SUM}: ${formatEuro(shown.recomputed)}`}
            </span>
          )}
        </div>
        <div className="doc-summary-card">
          <span className="doc-summary-label">Righe con prezzo di riferimento</span>
          <span className="doc-summary-value" data-testid="coverage">
            {formatInteger(priced)} su {formatInteger(rowCount)}
          </span>
          <span className="hint" data-testid="difference-basis">
            {priced > 0 && share !== null ? `${formatInteger(share)}% dell\u2019importo del computo (${formatEuro(pricedOwn)})` : 'nessuna riga ha un prezzo di riferimento'}
          </span>
        </div>
        <div className="doc-summary-card">
          <span className="doc-summary-label">Prezzario, sulle stesse righe</span>
          <span className="doc-summary-value" data-testid="total-db">{dash(formatEuro(totalDb))}</span>
          <span className="hint">{priced > 0 ? `contro ${formatEuro(pricedOwn)} del computo` : notInLists ? 'i codici del computo non sono in nessuno dei prezzari caricati' : 'carica un prezzario e usa \u201cAggiorna Prezzi\u201d'}</span>
        </div>
        <div className="doc-summary-card">
          <span className="doc-summary-label">Differenza (prezzario − computo)</span>
          <span className={`doc-summary-value ${diffClass}`} data-testid="total-difference">
            {diff === null ? '—' : formatEuro(diff)}
            {diff !== null && diffPercent !== null && <span className="doc-summary-percent"> ({formatPercent(diffPercent)})</span>}
          </span>
          <span className="hint">{diff === null ? '' : diff < 0 ? 'il computo è più caro del prezzario' : diff > 0 ? 'il computo è più economico del prezzario' : 'in linea con il prezzario'}</span>
        </div>
      </div>
      <p className="doc-legend" data-testid="legend">
        Differenze e variazioni: <span className="doc-amount-over">in rosso</span> le righe in cui il computo costa più del prezzario di riferimento,{' '}
        <span className="doc-amount-under">in verde</span> quelle in cui costa meno.
      </p>
      {shown.verified && (
        <div className="doc-verify doc-verify-ok" role="status" data-testid="verification">
          <i className="pi pi-check-circle" aria-hidden /> Totale verificato: la somma delle voci corrisponde al totale stampato nel documento
        </div>
      )}
      {congruent === false && documentTotal !== null && (
        <div className="doc-verify doc-verify-ko" role="status" data-testid="verification">
          <i className="pi pi-exclamation-triangle" aria-hidden /> Totale non congruente: {TOTAL_SUM} {formatEuro(sum)} ≠ totale {TOTAL_PRINTED} {formatEuro(documentTotal)}
        </div>
      )}
      {documentTotal === null && document.status === 'completed' && (
        <div className="doc-verify doc-verify-na" role="status" data-testid="verification">
          <i className="pi pi-info-circle" aria-hidden /> Verifica non disponibile: il documento non stampa un totale, quello mostrato è la {TOTAL_SUM}
        </div>
      )}
    </section>
  );
}
