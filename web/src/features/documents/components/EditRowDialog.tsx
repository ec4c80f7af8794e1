import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { RowPatch } from '@/features/documents/api/update-row.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { TipologiaSelect } from './TipologiaSelect.tsx';
import { PriceExplanation } from './PriceExplanation.tsx';
import { formatEuro } from '@shared/format.ts';

interface Props {
  row: DocumentRow | null;
  busy: boolean;
  onSave: (row: DocumentRow, patch: RowPatch) => void;
  onCancel: () => void;
}

/** Spec section 5: quantity, unit price and total are numbers, step 0.01, 0 when not numeric. */
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const cents = (v: number) => Math.round(v * 100) / 100;

interface FormState {
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
  tipologia_dei: string | null;
  prezzo_db: number | null;
}

const fromRow = (r: DocumentRow): FormState => ({
  tariffa: r.tariffa ?? '',
  descrizione: r.descrizione ?? '',
  unita_di_misura: r.unita_di_misura ?? '',
  quantita: r.quantita,
  unitario: r.unitario ?? r.prezzo_unitario,
  totale: r.totale,
  tipologia_dei: r.tipologia_dei,
  prezzo_db: r.prezzo_db,
});

/** Only what changed is sent: a re-sent prezzo_db would turn a list price into a manual one. */
export function rowPatch(row: DocumentRow, form: FormState): RowPatch {
  const before = fromRow(row);
  const patch: RowPatch = {};
  if (form.tariffa.trim() !== before.tariffa.trim()) patch.tariffa = form.tariffa.trim();
  if (form.descrizione.trim() !== before.descrizione.trim()) patch.descrizione = form.descrizione.trim();
  if (form.unita_di_misura.trim() !== before.unita_di_misura.trim()) patch.unita_di_misura = form.unita_di_misura.trim();
  for (const field of ['quantita', 'unitario', 'totale'] as const) {
    if (form[field] !== before[field]) patch[field] = num(form[field]);
  }
  if (form.tipologia_dei && form.tipologia_dei !== before.tipologia_dei) patch.tipologia_dei = form.tipologia_dei;
  if (form.prezzo_db !== before.prezzo_db) patch.prezzo_db = form.prezzo_db;
  return patch;
}

/** Quantity × unit price against the total, recomputed while typing. */
function ProductCheck({ form }: { form: FormState }) {
  if (form.quantita === null || form.unitario === null) return null;
  const product = cents(num(form.quantita) * num(form.unitario));
  const ok = form.totale !== null && Math.abs(product - num(form.totale)) < 0.011;
  return (
    <p className={`doc-product-check ${ok ? 'ok' : 'ko'}`} data-testid="product-check" aria-live="polite">
      Quantità × prezzo = <strong>{formatEuro(product)}</strong>
      {ok ? ' (uguale al totale)' : ` (il totale inserito è ${formatEuro(form.totale)})`}
    </p>
  );
}

export function EditRowDialog(props: Props) {
  // Mounted per row: each opening starts from the row's values.
  return props.row ? <EditRowForm key={props.row.id} {...props} row={props.row} /> : null;
}

function EditRowForm({ row, busy, onSave, onCancel }: Props & { row: DocumentRow }) {
  const [form, setForm] = useState<FormState>(() => fromRow(row));
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));

  /** A total that matched quantity × unit price follows them when either changes. */
  const setAmount = (field: 'quantita' | 'unitario', value: number | null) =>
    setForm((f) => {
      const next = { ...f, [field]: value };
      const wasProduct = f.totale !== null && Math.abs(cents(num(f.quantita) * num(f.unitario)) - num(f.totale)) < 0.011;
      if (wasProduct) next.totale = cents(num(next.quantita) * num(next.unitario));
      return next;
    });

  const submit = () => onSave(row, rowPatch(row, form));
  const amountProps = { mode: 'decimal' as const, locale: 'it-IT', minFractionDigits: 2, maxFractionDigits: 2, step: 0.01, className: 'doc-full-width', disabled: busy };

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
          <Button label="Salva" icon="pi pi-check" loading={busy} onClick={submit} />
        </div>
      }
    >
      <form
        className="doc-edit-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
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
            <InputTextarea id="row-descrizione" value={form.descrizione} onChange={(e) => set('descrizione', e.target.value)} rows={5} disabled={busy} className="doc-full-width" />
          </div>
          <div className="doc-field">
            <label htmlFor="row-quantita">Quantità</label>
            <InputNumber inputId="row-quantita" value={form.quantita} onValueChange={(e) => setAmount('quantita', e.value ?? null)} {...amountProps} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-unitario">Prezzo unitario (€)</label>
            <InputNumber inputId="row-unitario" value={form.unitario} onValueChange={(e) => setAmount('unitario', e.value ?? null)} {...amountProps} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-totale">Totale (€)</label>
            <InputNumber inputId="row-totale" value={form.totale} onValueChange={(e) => set('totale', e.value ?? null)} {...amountProps} />
          </div>
          <div className="doc-field">
            <label htmlFor="row-prezzo-db">Prezzo DB (€)</label>
            <InputNumber inputId="row-prezzo-db" value={form.prezzo_db} onValueChange={(e) => set('prezzo_db', e.value ?? null)} {...amountProps} />
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
