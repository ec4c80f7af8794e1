import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import { formatEuro, formatNumber, formatPrice, formatQuantity } from '@shared/format.ts';
import { canSumQuantities, isCompleteVoce, needsArticleChoice } from '@shared/domain/rows.ts';
import { mergedValues, summedQuantities, type MergeOptions } from '@shared/domain/row-merge.ts';
import { normalizeUnit } from '@shared/domain/units.ts';
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
  /** The user's choices: add the quantities, and for two different articles which one to keep. */
  onConfirm: (options: MergeOptions) => void;
  onCancel: () => void;
}

const asMergeable = (r: DocumentRow) => ({ ...r, tariffa: r.tariffa ?? '', descrizione: r.descrizione ?? '', unita_di_misura: r.unita_di_misura ?? '' });

/** One article of the choice: its code, unit, quantity × price = amount. */
const articleLabel = (label: string, r: DocumentRow) =>
  `${label}: ${r.tariffa || '—'} · ${formatQuantity(r.quantita)} ${r.unita_di_misura ?? ''} × ${formatPrice(r.unitario)} = ${formatEuro(r.totale)}`;

/** Two different articles, each with its amount: the user says which article's code and price the merged row keeps. */
function ArticleChoice({ first, second, options, onChange }: { first: DocumentRow; second: DocumentRow; options: MergeOptions; onChange: (o: MergeOptions) => void }) {
  const sameUnit = normalizeUnit(first.unita_di_misura) === normalizeUnit(second.unita_di_misura);
  return (
    <fieldset className="doc-merge-choice" data-testid="merge-article-choice">
      <legend>Le due righe sono articoli diversi, ciascuno con il suo importo: quale articolo tiene la riga unita (codice e prezzo)?</legend>
      {(['prima', 'seconda'] as const).map((article) => (
        <div key={article} className="doc-merge-sum">
          <RadioButton inputId={`merge-article-${article}`} name="merge-article" value={article} checked={options.article === article} onChange={() => onChange({ ...options, article })} />
          <label htmlFor={`merge-article-${article}`}>{articleLabel(article === 'prima' ? 'Prima riga' : 'Seconda riga', article === 'prima' ? first : second)}</label>
        </div>
      ))}
      {sameUnit && (
        <div className="doc-merge-sum">
          <Checkbox inputId="merge-sum" checked={options.sumQuantities === true} onChange={(e) => onChange({ ...options, sumQuantities: Boolean(e.checked) })} />
          <label htmlFor="merge-sum">
            Somma le quantità ({formatNumber(first.quantita)} + {formatNumber(second.quantita)} {first.unita_di_misura})
          </label>
        </div>
      )}
    </fieldset>
  );
}

/**
 * One article in two complete rows: merging keeps only the second's amounts, so the first's amount
 * would leave the document. Said in the confirmation, and adding the quantities is offered.
 */
function SameArticleWarning({ first, second, options, onChange }: { first: DocumentRow; second: DocumentRow; options: MergeOptions; onChange: (o: MergeOptions) => void }) {
  const a = asMergeable(first);
  const b = asMergeable(second);
  if (!isCompleteVoce(a) || !isCompleteVoce(b) || !canSumQuantities(a, b)) return null;
  const summed = summedQuantities(a, b);
  return (
    <div className="doc-merge-complete" data-testid="merge-complete-warning">
      <p className="doc-warning-text" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden /> Entrambe le righe sono voci complete: la riga unita terrà quantità, prezzo e totale della seconda riga, e
        l&apos;importo della prima ({formatEuro(first.totale)}) non sarà più nel totale del documento.
      </p>
      <div className="doc-merge-sum">
        <Checkbox inputId="merge-sum" checked={options.sumQuantities === true} onChange={(e) => onChange({ ...options, sumQuantities: Boolean(e.checked) })} />
        <label htmlFor="merge-sum">
          Stessa tariffa e stesso prezzo unitario: somma le quantità ({formatNumber(first.quantita)} + {formatNumber(second.quantita)} = {formatNumber(summed.quantita)}, totale{' '}
          {formatEuro(summed.totale)})
        </label>
      </div>
    </div>
  );
}

/** The merged row as the server will write it (the same shared rule), or what is still to choose. */
function MergeOutcome({ first, second, options }: { first: DocumentRow; second: DocumentRow; options: MergeOptions }) {
  if (needsArticleChoice(asMergeable(first), asMergeable(second)) && !options.article) {
    return <p className="doc-hint-text">Scegli l&apos;articolo da tenere per vedere la riga unita.</p>;
  }
  const merged = mergedValues(asMergeable(first), asMergeable(second), options);
  return (
    <p className="doc-merge-outcome" data-testid="merge-outcome" aria-live="polite">
      La riga unita: <span className="mono">{merged.tariffa || '—'}</span>, {formatNumber(merged.quantita) || '—'} {merged.unita_di_misura} × {formatEuro(merged.unitario) || '—'} ={' '}
      <strong>{formatEuro(merged.totale) || '—'}</strong>, prezzo DB {formatEuro(merged.prezzo_db) || '—'}
    </p>
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
  // Mounted per pair of rows: each opening starts with nothing chosen.
  const key = props.rows ? `${props.rows.first.id}-${props.rows.second.id}` : 'none';
  return <MergeConfirm key={key} {...props} />;
}

function MergeConfirm({ rows, quick, busy, onConfirm, onCancel }: Props) {
  const first = rows?.first;
  const second = rows?.second;
  const [options, setOptions] = useState<MergeOptions>({});
  const choose = Boolean(first && second && needsArticleChoice(asMergeable(first), asMergeable(second)));
  return (
    <ConfirmDialog
      visible={Boolean(rows)}
      header={quick ? 'Unione rapida' : 'Conferma unione righe'}
      confirmLabel="Unisci"
      confirmIcon="pi pi-link"
      severity="warning"
      busy={busy}
      confirmDisabled={choose && !options.article}
      onConfirm={() => onConfirm(options)}
      onCancel={onCancel}
      width={quick ? '32rem' : '42rem'}
    >
      {first && second && quick && (
        <p>
          Unire la riga N° {first.row_index} con la riga N° {second.row_index}? Puoi annullarla con Annulla o Ctrl+Z.
        </p>
      )}
      {first && second && !quick && (
        <div className="doc-merge" data-testid="merge-preview">
          <RowBox label="Prima riga" row={first} />
          <RowBox label="Seconda riga" row={second} />
        </div>
      )}
      {first && second && choose && <ArticleChoice first={first} second={second} options={options} onChange={setOptions} />}
      {first && second && !choose && <SameArticleWarning first={first} second={second} options={options} onChange={setOptions} />}
      {first && second && <MergeOutcome first={first} second={second} options={options} />}
      {first && second && !quick && (
        <p className="doc-hint-text">
          <i className="pi pi-undo" aria-hidden /> La seconda riga sarà tolta; puoi annullare l&apos;unione con Annulla o Ctrl+Z.
        </p>
      )}
    </ConfirmDialog>
  );
}
