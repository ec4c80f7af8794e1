/**
 * Labour in the comparison (issue 39): each document's labour cost beside the project's (the
 * reference), voce by voce and in total; an offer's cost below the project's is marked in amber
 * with its warning, for the table, the phone cards and the total cards.
 */
import { labourBelowProject } from '@shared/domain/comparison-labour.ts';
import { formatEuro } from '@shared/format.ts';
import type { Comparison } from '../api/get-comparison.ts';
import type { Voce } from '../utils/view.ts';

const BELOW = 'inferiore al progetto';
/** An offer's labour against the project's, in words: "408,00 € in meno del progetto", "+12,00 € rispetto al progetto". */
const againstProject = (d: number) => (d < 0 ? `${formatEuro(-d)} in meno del progetto` : d > 0 ? `+${formatEuro(d)} rispetto al progetto` : 'uguale al progetto');

/** Whether the comparison knows any labour at all: else its columns stay out of the way. */
export const hasLabour = (data: Comparison) => data.voci.some((v) => v.manodopera?.some((c) => c != null));

/** The voce's labour cost in document i (a table cell's content); amber with the warning when below the project's. */
export function VoceLabour({ voce, i }: { voce: Voce; i: number }) {
  const costs = voce.manodopera ?? [];
  const cost = costs[i];
  if (cost == null) return <span className="hint">—</span>;
  if (!labourBelowProject(costs, i)) return <>{formatEuro(cost)}</>;
  return (
    <span className="cmp-labour-below" title={voce.manodopera_avviso ?? undefined} data-testid="labour-cell-below">
      <i className="pi pi-exclamation-triangle" aria-hidden /> {formatEuro(cost)}
      <span className="sr-only">, {BELOW}</span>
    </span>
  );
}

/** A phone card's labour line for document i: its cost and, for an offer below the project's, how much less. */
export function CardLabour({ voce, i }: { voce: Voce; i: number }) {
  const costs = voce.manodopera ?? [];
  const cost = costs[i];
  if (cost == null) return null;
  const below = labourBelowProject(costs, i);
  return (
    <span className={`cmp-card-labour${below ? ' cmp-labour-below' : ''}`} data-testid={below ? 'labour-cell-below' : undefined}>
      {below && <i className="pi pi-exclamation-triangle" aria-hidden />} Manodopera {formatEuro(cost)}
      {below && `, ${againstProject(Math.round((cost - costs[0]!) * 100) / 100)}`}
    </span>
  );
}

/** A chapter's subtotal labour cell for document i: the sum of its voci's, "—" when none is known; amber with the warning when below the project's. */
export function SubtotalLabourCell({ chapter, i }: { chapter: Comparison['capitoli'][number]; i: number }) {
  const costs = chapter.manodopera ?? [];
  const cost = costs[i];
  if (cost == null)
    return (
      <td className="num cmp-labour-sub">
        <span className="hint">—</span>
      </td>
    );
  const below = labourBelowProject(costs, i);
  return (
    <td className={`num cmp-labour-sub${below ? ' cmp-labour-below' : ''}`} title={below ? (chapter.manodopera_avviso ?? undefined) : undefined} data-testid={below ? 'labour-subtotal-below' : undefined}>
      {below && <i className="pi pi-exclamation-triangle" aria-hidden />} {formatEuro(cost)}
      {below && <span className="sr-only">, {BELOW}</span>}
    </td>
  );
}

/** The total row's labour cell for document i. */
export function TotalLabourCell({ t }: { t: Comparison['totali'][number] }) {
  if (t.manodopera == null) return <td />;
  const below = !!t.manodopera_avviso;
  return (
    <td className={`num${below ? ' cmp-labour-below' : ''}`} title={t.manodopera_avviso ?? undefined}>
      {below && <i className="pi pi-exclamation-triangle" aria-hidden />} {formatEuro(t.manodopera)}
      {below && <span className="sr-only">, {BELOW}</span>}
    </td>
  );
}

/** A total card's labour: the document's cost and, for an offer, its difference from the project's; a warning when below. */
export function LabourTotal({ t, first }: { t: Comparison['totali'][number]; first: boolean }) {
  if (t.manodopera == null) return null;
  const below = !!t.manodopera_avviso;
  return (
    <span className={below ? 'cmp-labour-total cmp-labour-below' : 'cmp-labour-total'} title={t.manodopera_avviso ?? undefined} data-testid="labour-total">
      <span>
        Costo della manodopera <strong>{formatEuro(t.manodopera)}</strong>
      </span>
      {!first && t.manodopera_differenza != null && (
        <span>
          {below && <i className="pi pi-exclamation-triangle" aria-hidden />} {againstProject(t.manodopera_differenza)}
        </span>
      )}
    </span>
  );
}
