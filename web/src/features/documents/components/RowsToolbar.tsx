import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { RowsSearch } from './RowsSearch.tsx';

interface Props {
  query: string;
  onQueryChange: (value: string) => void;
  selectedCount: number;
  disabled: boolean;
  onDeselect: () => void;
  onMerge: () => void;
  onQuickMerge: () => void;
  onTipologia: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  /** What "Annulla ultima operazione" would undo (null: nothing). */
  lastOperation: string | null;
  onUndo: () => void;
  /** A message about the last row operation, kept in sight while the table scrolls. */
  message?: ReactNode;
  /** Which rows are shown (filters). */
  filter?: ReactNode;
}

/** Sticky bar above the rows: search, selection count and the actions on the selected rows. */
export function RowsToolbar({ query, onQueryChange, selectedCount, disabled, onDeselect, onMerge, onQuickMerge, onTipologia, onDelete, onDuplicate, lastOperation, onUndo, message, filter }: Props) {
  const none = selectedCount === 0 || disabled;
  const mergeable = selectedCount === 2 && !disabled;
  return (
    <div className="doc-rows-toolbar doc-sticky-toolbar" role="toolbar" aria-label="Azioni sulle righe">
      <div className="doc-toolbar-line">
        <h2>Righe del documento</h2>
        <RowsSearch value={query} onChange={onQueryChange} />
        {filter}
      </div>
      <div className="doc-toolbar-line">
        <span className={`doc-selection-count ${selectedCount ? 'doc-selection-active' : ''}`} data-testid="selection-count" aria-live="polite">
          <i className="pi pi-check-square" aria-hidden /> {selectedCount} {selectedCount === 1 ? 'riga selezionata' : 'righe selezionate'}
        </span>
        <Button label="Deseleziona" icon="pi pi-times" size="small" text severity="secondary" disabled={selectedCount === 0} onClick={onDeselect} />
        <div className="doc-toolbar-actions">
          <Button label="Unisci" icon="pi pi-link" size="small" outlined disabled={!mergeable} onClick={onMerge} />
          <Button label="Unione rapida" icon="pi pi-bolt" size="small" outlined disabled={!mergeable} onClick={onQuickMerge} />
          <Button label="Tipologia DEI" icon="pi pi-tags" size="small" outlined disabled={none} onClick={onTipologia} />
          <Button label="Duplica" icon="pi pi-copy" size="small" outlined disabled={none} onClick={onDuplicate} />
          <Button label="Elimina" icon="pi pi-trash" size="small" outlined severity="danger" disabled={none} onClick={onDelete} />
          <Button
            label="Annulla ultima operazione"
            icon="pi pi-undo"
            size="small"
            text
            disabled={!lastOperation || disabled}
            onClick={onUndo}
            title={lastOperation ? `Annulla: ${lastOperation} (Ctrl+Z)` : 'Nessuna operazione da annullare'}
          />
        </div>
      </div>
      {message}
    </div>
  );
}
