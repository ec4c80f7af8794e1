import { formatEuro, formatNumber } from '@shared/format.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';

/** Spec section 4: the preview shows the first 50 characters of each description. */
export const MERGE_PREVIEW_CHARS = 50;
const preview = (text: string | null) => {
  const t = (text ?? '').trim();
  return t.length > MERGE_PREVIEW_CHARS ? `${t.slice(0, MERGE_PREVIEW_CHARS)}...` : t;
};

interface Props {
  rows: { first: DocumentRow; second: DocumentRow } | null;
  /** Quick merge: a short confirmation without the preview. */
  quick: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function RowBox({ label, row }: { label: string; row: DocumentRow }) {
  return (
    <div className="doc-merge-row">
      <div className="doc-merge-row-head">
        <strong>{label}</strong> · N° {row.row_index} · <span className="mono">{row.tariffa || '—'}</span>
      </div>
      <div className="doc-merge-desc">{preview(row.descrizione) || '—'}</div>
    </div>
  );
}

export function MergeDialog({ rows, quick, busy, onConfirm, onCancel }: Props) {
  const first = rows?.first;
  const second = rows?.second;
  return (
    <ConfirmDialog
      visible={Boolean(rows)}
      header={quick ? 'Unione rapida' : 'Conferma unione righe'}
      confirmLabel="Unisci"
      confirmIcon="pi pi-link"
      severity="warning"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      width={quick ? '30rem' : '40rem'}
    >
      {first && second && quick && (
        <p>
          Unire la riga N° {first.row_index} con la riga N° {second.row_index}? L&apos;operazione non può essere annullata.
        </p>
      )}
      {first && second && !quick && (
        <div className="doc-merge" data-testid="merge-preview">
          <RowBox label="Prima riga" row={first} />
          <RowBox label="Seconda riga" row={second} />
          <p className="doc-merge-title">La riga unita manterrà:</p>
          <ul className="doc-merge-keeps">
            <li>
              dalla prima riga: tariffa <span className="mono">{first.tariffa || '—'}</span> e descrizione
            </li>
            <li>
              dalla seconda riga: quantità {formatNumber(second.quantita) || '—'}, prezzo unitario {formatEuro(second.unitario) || '—'}, totale{' '}
              {formatEuro(second.totale) || '—'}, prezzo DB {formatEuro(second.prezzo_db) || '—'}, totale DB {formatEuro(second.prezzo_totale_db) || '—'}
            </li>
          </ul>
          <p className="doc-warning-text">
            <i className="pi pi-exclamation-triangle" aria-hidden /> L&apos;unione non può essere annullata: la seconda riga sarà eliminata.
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
