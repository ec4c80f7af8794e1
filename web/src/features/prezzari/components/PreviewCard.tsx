import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatEuro } from '@shared/format.ts';
import { fieldLabel } from '@/features/prezzari/constants.ts';
import type { PreviewRow, UploadPreview } from '@/features/prezzari/types.ts';

interface Props {
  /** What the card shows of the preview; the rest (temporary file id, message) belongs to the flow. */
  preview: Pick<UploadPreview, 'total_rows' | 'preview' | 'columns' | 'warnings'> & Partial<UploadPreview>;
  confirming: boolean;
  /** `alertsSeen`: the user ticked «Ho verificato il file» over the source alerts. */
  onConfirm: (alertsSeen: boolean) => void;
  onCancel: () => void;
}

/** Filled from the form (year, province or typology), never from a column. */
const FORM_FIELDS = new Set(['anno', 'provincia', 'tipologia', 'tipologia_dei']);

const price = (field: 'prezzo' | 'prezzo_senza_sg') => (r: PreviewRow) => formatEuro(r[field]);

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/**
 * The spec's preview columns that say something for these rows: Tariffa only where it differs from
 * Codice, Prezzo S.G., Provincia and Tipologia DEI only when some row has one (a Toscana list has no
 * typology, a DEI list no province).
 */
function columnsShown(rows: readonly PreviewRow[]) {
  return {
    tariffa: rows.some((r) => filled(r.tariffa) && r.tariffa !== r.codice),
    prezzo_senza_sg: rows.some((r) => filled(r.prezzo_senza_sg)),
    provincia: rows.some((r) => filled(r.provincia)),
    tipologia_dei: rows.some((r) => filled(r.tipologia_dei)),
  };
}

/** 'Anteprima Dati': the first rows as read, the columns recognised, and the confirmation. */
export function PreviewCard({ preview, confirming, onConfirm, onCancel }: Props) {
  const shown = preview.preview.length;
  const rest = Math.max(0, preview.total_rows - shown);
  const missing = preview.columns.missing.filter((f) => !FORM_FIELDS.has(f));
  // The loud warnings (another source, province or typology) ask for an explicit confirmation.
  const alerts = preview.source_alerts ?? [];
  const warnings = preview.warnings.filter((w) => !alerts.includes(w));
  const [acknowledged, setAcknowledged] = useState(false);
  const has = columnsShown(preview.preview);
  const destination = preview.target ? `${preview.target.source === 'dei' ? 'Prezzario DEI' : 'Prezzario Toscana'} ${preview.target.key} ${preview.target.year}` : null;
  return (
    <Card title="Anteprima Dati" className="pz-card" data-testid="preview-card">
      <p className="pz-preview-summary">
        <strong>
          {shown === 1 ? `Prima riga di ${preview.total_rows}` : `Prime ${shown} righe di ${preview.total_rows}`}
        </strong>
        {rest === 1 && <span> — la riga restante verrà comunque importata.</span>}
        {rest > 1 && <span> — le restanti {rest} righe verranno comunque importate.</span>}
      </p>
      {destination && <p className="hint pz-preview-target">Destinazione: {destination}</p>}
      {alerts.length > 0 && (
        <div className="pz-source-alert" data-testid="source-alert">
          <Message
            severity="error"
            role="alert"
            className="pz-source-alert-message"
            content={
              <div>
                <strong>Il file non sembra corrispondere al prezzario scelto.</strong>
                <ul className="pz-warnings">
                  {alerts.map((a, i) => (
                    <li key={i}>{a}</li>
                  ))}
                </ul>
              </div>
            }
          />
          <div className="pz-source-ack">
            <Checkbox inputId="pz-source-ack" checked={acknowledged} onChange={(e) => setAcknowledged(Boolean(e.checked))} disabled={confirming} />
            <label htmlFor="pz-source-ack">Ho verificato il file: importarlo comunque{destination ? ` come ${destination}` : ''}</label>
          </div>
        </div>
      )}
      <div className="pz-columns">
        <div>
          <span className="pz-columns-title">Colonne riconosciute:</span>{' '}
          {preview.columns.recognised.length ? (
            preview.columns.recognised.map((c) => (
              <span key={c.field} className="pz-chip pz-chip-ok" title={`Colonna del file: ${c.column}`}>
                <i className="pi pi-check" aria-hidden /> {fieldLabel(c.field)} <span className="pz-chip-col">({c.column})</span>
              </span>
            ))
          ) : (
            <span className="hint">nessuna</span>
          )}
        </div>
        {missing.length > 0 && (
          <div>
            <span className="pz-columns-title">Colonne mancanti:</span>{' '}
            {missing.map((f) => (
              <span key={f} className="pz-chip pz-chip-missing">
                <i className="pi pi-minus-circle" aria-hidden /> {fieldLabel(f)}
              </span>
            ))}
          </div>
        )}
        {Boolean(preview.skipped) && <div className="hint">Righe scartate perché prive di codice o prezzo: {preview.skipped}</div>}
      </div>
      {warnings.length > 0 && (
        <div className="alert alert-warn" role="status">
          <ul className="pz-warnings">
            {warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <DataTable value={preview.preview} size="small" stripedRows scrollable scrollHeight="28rem" className="pz-table" emptyMessage="Nessuna riga letta dal file.">
        <Column field="codice" header="Codice" className="pz-nowrap" />
        {has.tariffa && <Column field="tariffa" header="Tariffa" className="pz-nowrap" />}
        <Column field="descrizione" header="Descrizione" className="pz-desc" />
        <Column field="unita_di_misura" header="Unità" />
        <Column header="Prezzo" body={price('prezzo')} className="pz-num" headerClassName="pz-num-header" />
        {has.prezzo_senza_sg && <Column header="Prezzo S.G." body={price('prezzo_senza_sg')} className="pz-num" headerClassName="pz-num-header" />}
        <Column field="anno" header="Anno" />
        {has.provincia && <Column field="provincia" header="Provincia" />}
        {has.tipologia_dei && <Column field="tipologia_dei" header="Tipologia DEI" />}
      </DataTable>
      <div className="button-row">
        <Button label="Annulla" icon="pi pi-times" outlined severity="secondary" onClick={onCancel} disabled={confirming} />
        <Button label="Conferma Importazione" icon="pi pi-check" onClick={() => onConfirm(alerts.length > 0 && acknowledged)} loading={confirming} disabled={confirming || (alerts.length > 0 && !acknowledged)} />
      </div>
    </Card>
  );
}
