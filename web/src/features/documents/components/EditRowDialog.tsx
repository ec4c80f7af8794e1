import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { RowPatch } from '@/features/documents/api/update-row.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { formatInteger } from '@shared/format.ts';
import { TEXT_FIELDS, textLength } from '@shared/domain/text.ts';
import { formProblem, fromRow, rowPatch, withAmount, withTypedTotal, type FormState } from '@/features/documents/utils/edit-row-form.ts';
import { ROW_DECIMALS } from '@shared/domain/amounts.ts';
import { TipologiaSelect } from './TipologiaSelect.tsx';
import { PriceExplanation } from './PriceExplanation.tsx';
import { ProductCheck } from './ProductCheck.tsx';

interface Props {
  row: DocumentRow | null;
  busy: boolean;
  /** Saves; answers the server's refusal to show inside the dialog (null when saved or handled elsewhere). */
  onSave: (row: DocumentRow, patch: RowPatch) => Promise<string | null>;
  onCancel: () => void;
}

export function EditRowDialog(props: Props) {
  // Mounted per row: each opening starts from the row's values.
  return props.row ? <EditRowForm key={props.row.id} {...props} row={props.row} /> : null;
}

function EditRowForm({ row, busy, onSave, onCancel }: Props & { row: DocumentRow }) {
  const [form, setForm] = useState<FormState>(() => fromRow(row));
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));

  /** A total not typed by hand follows quantity × unit price while the person types either. */
  const setAmount = (field: 'quantita' | 'unitario', value: number | null) => setForm((f) => withAmount(f, field, value));
  const setTotal = (value: number | null) => setForm((f) => withTypedTotal(f, value));

  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const problem = formProblem(row, form);
    setError(problem);
    if (!problem) setError(await onSave(row, rowPatch(row, form)));
  };
  const descLength = textLength(form.descrizione);
  const descMax = TEXT_FIELDS.rowDescription.max;
  // The limits of shared/domain (quantities 3 decimals, prices 6, amounts 2); 0.01 is only the arrows' step.
  const amountProps = (field: keyof typeof ROW_DECIMALS) => ({
    mode: 'decimal' as const,
    locale: 'it-IT',
    minFractionDigits: 2,
    maxFractionDigits: ROW_DECIMALS[field],
    step: 0.01,
    className: 'doc-full-width',
    disabled: busy,
  });

  return (
    <Dialog
      header={`Modifica riga N° ${row.row_index}`}
      visible
      onHide={onCancel}
      closable={!busy}
      closeOnEscape={!busy}
      style={{ width: 'min(44rem, 95vw)' }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onCancel} disabled={busy} />
          <Button label="Salva" icon="pi pi-check" loading={busy} onClick={() => void submit()} />
        </div>
      }
    >
      <form
        className="doc-edit-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {error && (
          <div className="alert alert-error" role="alert" data-testid="edit-row-error">
            {error}
          </div>
        )}
        <div className="doc-edit-grid">
          <div className="doc-field">
            <label htmlFor="row-tariffa">Tariffa</label>
            <InputText id="row-tariffa" value={form.tariffa} onChange={(e) => set('tariffa', e.target.value)} disabled={busy} className="doc-full-width mono" />
          </div>
          <div className="doc-field">
            <label htmlFor="row-um">U.M.</label>
            <InputText id="row-um" value={form.unita_di_misura} onChange={(e) => set('unita_di_misura', e.target.value)} disabled={busy} className="doc-full-width" />
          </div>
          <div className="doc-field doc-field-wide">
            <label htmlFor="row-descrizione">Descrizione</label>
            <InputTextarea
              id="row-descrizione"
              value={form.descrizione}
              onChange={(e) => set('descrizione', e.target.value)}
              rows={5}
              disabled={busy}
              className="doc-full-width"
              aria-describedby="row-descrizione-count"
            />
            <small id="row-descrizione-count" className={`hint doc-char-count${descLength > descMax ? ' over' : ''}`} data-testid="description-counter" aria-live="polite">
              {formatInteger(descLength)} / {formatInteger(descMax)} caratteri
            </small>
          </div>
          <div className="doc-field">
            <label htmlFor="row-quantita">Quantità</label>
            <InputNumber inputId="row-quantita" value={form.quantita} onChange={(e) => setAmount('quantita', e.value ?? null)} {...amountProps('quantita')} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-unitario">Prezzo unitario (€)</label>
            <InputNumber inputId="row-unitario" value={form.unitario} onChange={(e) => setAmount('unitario', e.value ?? null)} {...amountProps('unitario')} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-totale">Totale (€)</label>
            <InputNumber inputId="row-totale" value={form.totale} onChange={(e) => setTotal(e.value ?? null)} {...amountProps('totale')} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-prezzo-db">Prezzo DB (€)</label>
            <InputNumber inputId="row-prezzo-db" value={form.prezzo_db} onChange={(e) => set('prezzo_db', e.value ?? null)} {...amountProps('prezzo_db')} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-incidenza">Incidenza manodopera (%)</label>
            <InputNumber inputId="row-incidenza" value={form.incidenza_manodopera} onValueChange={(e) => set('incidenza_manodopera', e.value ?? null)} {...amountProps} min={0} max={100} />
          </div>
          <div className="doc-field doc-field-check">
            <Checkbox inputId="row-sicurezza" checked={form.sicurezza} onChange={(e) => set('sicurezza', e.checked === true)} disabled={busy} />
            <label htmlFor="row-sicurezza">Oneri della sicurezza (non soggetti a ribasso)</label>
          </div>
          <div className="doc-field doc-field-wide">
            <label htmlFor="row-tipologia">Tipologia DEI</label>
            <TipologiaSelect id="row-tipologia" value={form.tipologia_dei} onChange={(v) => set('tipologia_dei', v)} disabled={busy} />
          </div>
        </div>
        <ProductCheck form={form} />
        <PriceExplanation row={row} />
        <p className="hint doc-edit-hint">
          <i className="pi pi-info-circle" aria-hidden /> Un prezzo DB inserito a mano diventa un prezzo manuale; cambiando tariffa o tipologia DEI il prezzo viene ricercato nel database.
        </p>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Dialog>
  );
}
