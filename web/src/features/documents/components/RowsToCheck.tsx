import { Button } from 'primereact/button';
import { formatInteger } from '@shared/format.ts';
import { needsCheck } from '@shared/domain/rows.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/** The reader's doubts on one row: a visible mark, its reasons for the mouse and for screen readers. */
export function CheckMark({ row }: { row: DocumentRow }) {
  if (!needsCheck(row)) return null;
  const reasons = (row.verifica ?? []).join('; ');
  return (
    <span className="doc-check-mark" title={`Da verificare: ${reasons}`} data-testid="row-check">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span className="doc-check-label">da verificare</span>
      <span className="sr-only">: {reasons}</span>
    </span>
  );
}

interface Props {
  count: number;
  onlyToCheck: boolean;
  onToggle: () => void;
}

/** Says how many rows the reader was not sure of, and shows only those on request. */
export function RowsToCheckBanner({ count, onlyToCheck, onToggle }: Props) {
  if (count === 0 && !onlyToCheck) return null;
  return (
    <div className="alert alert-warn doc-check-banner" role="status" data-testid="rows-to-check">
      <span>
        <strong>
          {formatInteger(count)} {count === 1 ? 'riga da verificare' : 'righe da verificare'}
        </strong>
        : la lettura non torna con i conti del computo (quantità × prezzo, totali). Controlla i valori e salva la riga per confermarla.
      </span>
      <Button
        label={onlyToCheck ? 'Mostra tutte le righe' : 'Mostra solo da verificare'}
        icon={onlyToCheck ? 'pi pi-list' : 'pi pi-filter'}
        size="small"
        outlined
        severity="warning"
        onClick={onToggle}
      />
    </div>
  );
}

export const rowsToCheck = (rows: DocumentRow[]) => rows.filter(needsCheck);
