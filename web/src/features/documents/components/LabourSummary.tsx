import { useMemo } from 'react';
import { Button } from 'primereact/button';
import { formatEuro, formatInteger, formatShare } from '@shared/format.ts';
import { LABOUR_LABELS, LABOUR_TITLE, quadroManodopera } from '@shared/domain/manodopera.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

interface Props {
  rows: readonly DocumentRow[];
  /** Shows, in the rows table, the voci without a labour incidence. */
  onShowWithoutLabour: () => void;
}

/** The filter applied, the rows brought into view (below the quadro, often off screen). */
function showRows(filter: () => void) {
  filter();
  requestAnimationFrame(() => document.querySelector('.doc-rows-card')?.scrollIntoView({ block: 'start' }));
}

/**
 * "Stima dei costi della manodopera e della sicurezza" (D.Lgs. 36/2023, art. 41): the small table
 * a tender states, computed from the rows by the same rule as the API and the exports.
 */
export function LabourSummary({ rows, onShowWithoutLabour }: Props) {
  const q = useMemo(() => quadroManodopera(rows), [rows]);
  if (!rows.length) return null;
  const missing = q.voci_senza_manodopera.count;
  return (
    <section className="doc-labour" aria-labelledby="doc-labour-title" data-testid="labour-summary">
      <h2 id="doc-labour-title" className="doc-labour-title">
        {LABOUR_TITLE}
      </h2>
      <table className="doc-labour-table">
        <tbody>
          <tr>
            <th scope="row">{LABOUR_LABELS.totale}</th>
            <td data-testid="labour-total">{formatEuro(q.importo_totale)}</td>
          </tr>
          <tr>
            <th scope="row">
              {LABOUR_LABELS.manodopera}
              {q.incidenza_manodopera !== null && <span className="hint"> ({formatShare(q.incidenza_manodopera)} dell&rsquo;importo)</span>}
            </th>
            <td data-testid="labour-cost">{formatEuro(q.costo_manodopera)}</td>
          </tr>
          <tr>
            <th scope="row">{LABOUR_LABELS.sicurezza}</th>
            <td data-testid="labour-safety">{formatEuro(q.oneri_sicurezza)}</td>
          </tr>
          <tr className="doc-labour-result">
            <th scope="row">{LABOUR_LABELS.soggetto}</th>
            <td data-testid="labour-subject">{formatEuro(q.importo_soggetto_a_ribasso)}</td>
          </tr>
        </tbody>
      </table>
      <p className="hint doc-labour-note" data-testid="labour-missing">
        {missing === 0 ? (
          'Tutte le voci hanno l\u2019incidenza della manodopera.'
        ) : (
          <>
            {missing === 1 ? '1 voce senza' : `${formatInteger(missing)} voci senza`} incidenza della manodopera: il costo è stimato per difetto.{' '}
            <Button label={missing === 1 ? 'Mostra la voce' : 'Mostra le voci'} link size="small" className="doc-labour-show" onClick={() => showRows(onShowWithoutLabour)} />
          </>
        )}
      </p>
    </section>
  );
}
