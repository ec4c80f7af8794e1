import { forwardRef, useId, useImperativeHandle, useRef, useState, type MouseEvent } from 'react';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import type { DocumentRow } from '@/features/documents/types.ts';

export interface RowActions {
  /** Opens the voce on the original PDF. */
  onShowPdf: (row: DocumentRow) => void;
  onEdit: (row: DocumentRow) => void;
  onRefreshPrice: (row: DocumentRow) => void;
  onSearch: (row: DocumentRow) => void;
  onDelete: (row: DocumentRow) => void;
}

export interface RowActionsMenuHandle {
  open: (row: DocumentRow, event: MouseEvent) => void;
}

interface Props {
  actions: RowActions;
  updatingIds: ReadonlySet<number>;
}

/** The "Altre azioni" popup menu, one for all rows: opened on the row whose button was pressed. */
export const RowActionsMenu = forwardRef<RowActionsMenuHandle, Props>(function RowActionsMenu({ actions, updatingIds }, ref) {
  const menu = useRef<Menu>(null);
  const id = useId();
  const [row, setRow] = useState<DocumentRow | null>(null);
  useImperativeHandle(ref, () => ({
    open: (r, event) => {
      setRow(r);
      menu.current?.toggle(event);
    },
  }));
  const items: MenuItem[] = row
    ? [
        { label: 'Aggiorna prezzo', icon: 'pi pi-sync', command: () => actions.onRefreshPrice(row), disabled: updatingIds.has(row.id) },
        { label: 'Cerca nel prezzario', icon: 'pi pi-external-link', command: () => actions.onSearch(row) },
        { separator: true },
        { label: 'Elimina riga', icon: 'pi pi-trash', className: 'doc-menu-danger', command: () => actions.onDelete(row) },
      ]
    : [];
  return <Menu model={items} popup ref={menu} id={`doc-row-menu${id.replace(/:/g, '')}`} style={{ width: '15rem' }} />;
});
