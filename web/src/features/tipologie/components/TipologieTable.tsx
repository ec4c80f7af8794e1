import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { TipologiaDei } from '@/features/tipologie/types.ts';

interface Props {
  items: TipologiaDei[];
  loading: boolean;
  busy: boolean;
  selection: TipologiaDei[];
  onSelectionChange: (selection: TipologiaDei[]) => void;
  onEdit: (t: TipologiaDei) => void;
  onToggle: (t: TipologiaDei) => void;
  onDelete: (t: TipologiaDei) => void;
}

/**
 * The typologies with their state and actions; the defaults (id ≤ 0) cannot be changed.
 * Selection uses native checkboxes with Italian names (PrimeReact's selection column nests an
 * input inside a role="checkbox" element without aria-checked, which screen readers misread).
 */
export function TipologieTable({ items, loading, busy, selection, onSelectionChange, onEdit, onToggle, onDelete }: Props) {
  const selectable = items.filter((t) => t.id > 0);
  const selected = new Set(selection.map((t) => t.id));
  const allSelected = selectable.length > 0 && selectable.every((t) => selected.has(t.id));
  const toggleOne = (t: TipologiaDei) => onSelectionChange(selected.has(t.id) ? selection.filter((x) => x.id !== t.id) : [...selection, t]);
  const headerBox = (
    <input
      type="checkbox"
      className="pz-check"
      aria-label={allSelected ? 'Deseleziona tutte le tipologie' : 'Seleziona tutte le tipologie'}
      checked={allSelected}
      disabled={!selectable.length}
      onChange={() => onSelectionChange(allSelected ? [] : selectable)}
    />
  );
  const rowBox = (t: TipologiaDei) =>
    t.id > 0 ? <input type="checkbox" className="pz-check" aria-label={`Seleziona ${t.value}`} checked={selected.has(t.id)} onChange={() => toggleOne(t)} /> : null;
  const actions = (t: TipologiaDei) => {
    const fixed = t.id <= 0;
    return (
      <div className="button-row compact pz-actions">
        <Button icon="pi pi-pencil" text rounded aria-label={`Modifica ${t.value}`} disabled={fixed} onClick={() => onEdit(t)} />
        <Button
          icon={t.attivo ? 'pi pi-eye-slash' : 'pi pi-eye'}
          text
          rounded
          severity={t.attivo ? 'warning' : 'success'}
          aria-label={`${t.attivo ? 'Disattiva' : 'Attiva'} ${t.value}`}
          tooltip={t.attivo ? 'Disattiva' : 'Attiva'}
          tooltipOptions={{ position: 'top' }}
          disabled={fixed || busy}
          onClick={() => onToggle(t)}
        />
        <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Elimina ${t.value}`} disabled={fixed} onClick={() => onDelete(t)} />
      </div>
    );
  };
  return (
    <DataTable
      value={items}
      loading={loading}
      dataKey="id"
      size="small"
      stripedRows
      className="pz-table"
      emptyMessage="Nessuna tipologia."
    >
      <Column header={headerBox} body={rowBox} headerStyle={{ width: '3rem' }} />
      <Column header="#" body={(_t: TipologiaDei, o) => o.rowIndex + 1} style={{ width: '3.5rem' }} />
      <Column header="Valore" body={(t: TipologiaDei) => <code className="pz-pattern pz-nowrap">{t.value}</code>} />
      <Column field="description" header="Descrizione" />
      <Column header="Attiva" body={(t: TipologiaDei) => <Tag value={t.attivo ? 'Attiva' : 'Disattiva'} severity={t.attivo ? 'success' : null} className={t.attivo ? undefined : 'pz-tag-off'} />} style={{ width: '7rem' }} />
      <Column header="Azioni" body={actions} />
    </DataTable>
  );
}
