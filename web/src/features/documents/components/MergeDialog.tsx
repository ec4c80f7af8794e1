import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { formatEuro, formatNumber } from '@shared/format.ts';
import { canSumQuantities, isCompleteVoce, summedQuantities } from '@shared/domain/rows.ts';
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
  /** `sumQuantities`: the user chose to add the two quantities (two complete voci of one code and price). */
  onConfirm: (sumQuantities: boolean) => void;
  onCancel: () => void;
}

const asMergeable = (r: DocumentRow) => ({ ...r, tariffa: r.tariffa ?? '', descrizione: r.descrizione ?? '' });

/**
 * Two complete voci: merging keeps only the second's amounts, so the first's amount would leave
 * the document. Said in the confirmation; when code and unit price agree, adding the quantities
 * is offered instead.
 */
function CompleteVociWarning({ first, second, sum, onSum }: { first: DocumentRow; second: DocumentRow; sum: boolean; onSum: (v: boolean) => void }) {
  const a = asMergeable(first);
  const b = asMergeable(second);
  if (!isCompleteVoce(a) || !isCompleteVoce(b)) return null;
  const summable = canSumQuantities(a, b);
  const summed = summable ? summedQuantities(a, b) : null;
  return (
    <div className="doc-merge-complete" data-testid="merge-complete-warning">
      <p className="doc-warning-text" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden /> Entrambe le righe sono voci complete: la riga unita terrà quantità, prezzo e totale della seconda riga, e
        l&apos;importo della prima ({formatEuro(first.totale)}) non sarà più nel totale del documento.
      </p>
      {summed && (
        <div className="doc-merge-sum">
          <Checkbox inputId="merge-sum" checked={sum} onChange={(e) => onSum(Boolean(e.checked))} />
          <label htmlFor="merge-sum">
            Stessa tariffa e stesso prezzo unitario: somma le quantità ({formatNumber(first.quantita)} + {formatNumber(second.quantita)} = {formatNumber(summed.quantita)}, totale{' '}
            {formatEuro(summed.totale)})
          </label>
        </div>
      )}
    </div>
  );
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

export function MergeDialog(props: Props) {
  // Mounted per pair of rows: each opening starts with the quantities not added.
  const key = props.rows ? `${props.rows.first.id}-${props.rows.second.id}` : 'none';
  return <MergeConfirm key={key} {...props} />;
}

function MergeConfirm({ rows, quick, busy, onConfirm, onCancel }: Props) {
  const first = rows?.first;
  const second = rows?.second;
  const [sum, setSum] = useState(false);
  return (
    <ConfirmDialog
      visible={Boolean(rows)}
      header={quick ? 'Unione rapida' : 'Conferma unione righe'}
      confirmLabel="Unisci"
      confirmIcon="pi pi-link"
      severity="warning"
      busy={busy}
      onConfirm={() => onConfirm(sum)}
      onCancel={onCancel}
      width={quick ? '30rem' : '40rem'}
    >
      {first && second && quick && (
        <p>
          Unire la riga N° {first.row_index} con la riga N° {second.row_index}? Puoi annullarla con Annulla o Ctrl+Z.
        </p>
      )}
      {first && second && quick && <CompleteVociWarning first={first} second={second} sum={sum} onSum={setSum} />}
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
          <CompleteVociWarning first={first} second={second} sum={sum} onSum={setSum} />
          <p className="doc-hint-text">
            <i className="pi pi-undo" aria-hidden /> La seconda riga sarà tolta; puoi annullare l&apos;unione con Annulla o Ctrl+Z.
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
