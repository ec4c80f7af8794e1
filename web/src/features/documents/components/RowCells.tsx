import { Button } from 'primereact/button';
import type { MouseEvent } from 'react';
import { formatEuro, formatPercent, formatShare } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { differenceClass } from '@/features/documents/utils/rows.ts';
import type { RowActions } from './RowActionsMenu.tsx';
import { CheckMark } from './RowsToCheck.tsx';
import { ScanMark } from './ScanMark.tsx';
import { EditMark } from './EditMark.tsx';

/** A number cell; `colored` paints differences red or green. */
export function NumberCell({ value, format, colored = false }: { value: number | null; format: (v: number | null) => string; colored?: boolean }) {
  return <span className={colored ? differenceClass(value) : undefined}>{format(value)}</span>;
}

/** The description with the reader's marks: on one line, or whole when `full`. */
export function DescriptionCell({ row, full }: { row: DocumentRow; full: boolean }) {
  return (
    <span className={full ? 'doc-cell-wrap' : 'doc-cell-ellipsis'} title={full ? undefined : (row.descrizione ?? '')} data-testid="row-description">
      <CheckMark row={row} />
      <ScanMark row={row} />
      <EditMark row={row} />
      {row.descrizione}
    </span>
  );
}

interface ActionsProps {
  row: DocumentRow;
  actions: RowActions;
  updating: boolean;
  onMore: (row: DocumentRow, event: MouseEvent) => void;
}

/** Show on the PDF, edit, and the menu with the other actions. */
export function ActionsCell({ row, actions, updating, onMore }: ActionsProps) {
  return (
    <span className="doc-row-actions" data-row-id={row.id}>
      <Button icon="pi pi-file-pdf" text rounded size="small" severity="secondary" aria-label="Mostra nel PDF" title="Mostra nel PDF" disabled={row.page === null} onClick={() => actions.onShowPdf(row)} />
      <Button icon="pi pi-pencil" text rounded size="small" aria-label="Modifica riga" title="Modifica riga" onClick={() => actions.onEdit(row)} />
      <Button
        icon={updating ? 'pi pi-spin pi-spinner' : 'pi pi-ellipsis-v'}
        text
        rounded
        size="small"
        severity="secondary"
        aria-label="Altre azioni"
        title="Altre azioni"
        aria-haspopup
        onClick={(e) => onMore(row, e)}
      />
    </span>
  );
}

/** The difference from the list in euro and, under it, in percent (Var. %), both coloured. */
export function DifferenceCell({ row }: { row: DocumentRow }) {
  return (
    <span className="doc-labour-cell">
      <NumberCell value={row.differenza_totale_db} format={formatEuro} colored />
      <span className="doc-labour-share">
        <NumberCell value={row.variazione_percentuale} format={formatPercent} colored />
      </span>
    </span>
  );
}

/**
 * The voce's labour (issue 39): its cost and, under it, the incidence it comes from; a safety voce
 * says so (it has no labour cost of its own); a dash when the incidence is not known. A declared
 * cost far from the list's is marked with its reason.
 */
export function LabourCell({ row }: { row: DocumentRow }) {
  if (row.sicurezza) return <span className="doc-muted" title="Oneri della sicurezza: esclusi dal ribasso e dalla stima della manodopera">Sicurezza</span>;
  if (row.costo_manodopera == null) return <span className="doc-muted" title="Incidenza della manodopera non nota">—</span>;
  const fonte = row.fonte_manodopera === 'documento' ? 'dal computo' : row.fonte_manodopera === 'manuale' ? 'inserita a mano' : 'dal prezzario';
  return (
    <span className="doc-labour-cell" title={`Incidenza ${formatShare(row.incidenza_manodopera)} ${fonte}`} data-testid="row-labour">
      {row.manodopera_diversa && <i className="pi pi-exclamation-triangle doc-labour-warn" role="img" aria-label={`Attenzione: ${row.manodopera_diversa}`} title={`Attenzione: ${row.manodopera_diversa}`} />}
      {formatEuro(row.costo_manodopera)}
      <span className="doc-labour-share">{formatShare(row.incidenza_manodopera)}</span>
    </span>
  );
}
