import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProvinceAutoComplete, provinceToSend, type ProvinceValue } from '@/components/ProvinceAutoComplete.tsx';
import { useUpdateDocumentSettings, type SettingsResult } from '@/features/documents/api/update-document-settings.ts';
import type { DocumentItem } from '@/features/documents/types.ts';
import { TipologiaSelect } from './TipologiaSelect.tsx';

interface Props {
  document: DocumentItem;
  onClose: () => void;
  onSaved: (result: SettingsResult) => void;
}

/** Province and DEI typology chosen at upload, corrected: the rows are priced again. */
export function DocumentSettingsDialog({ document, onClose, onSaved }: Props) {
  const [provincia, setProvincia] = useState<ProvinceValue>(document.provincia);
  const [tipologia, setTipologia] = useState<string | null>(document.tipologia_dei);
  const { save, busy, error } = useUpdateDocumentSettings(document.id, onSaved);
  return (
    <Dialog
      header="Provincia e tipologia DEI"
      visible
      onHide={onClose}
      closable={!busy}
      style={{ width: 'min(34rem, 95vw)' }}
      footer={
        <div className="button-row">
          <Button label="Annulla" outlined onClick={onClose} disabled={busy} />
          <Button label="Salva e aggiorna i prezzi" icon="pi pi-sync" loading={busy} onClick={() => void save(provinceToSend(provincia), tipologia)} />
        </div>
      }
    >
      <div className="doc-edit-grid">
        <div className="doc-field doc-field-wide">
          <label htmlFor="settings-provincia">Provincia</label>
          <ProvinceAutoComplete id="settings-provincia" value={provincia} onChange={setProvincia} disabled={busy} />
        </div>
        <div className="doc-field doc-field-wide">
          <label htmlFor="settings-tipologia">Tipologia DEI</label>
          <TipologiaSelect id="settings-tipologia" value={tipologia} onChange={setTipologia} disabled={busy} />
        </div>
      </div>
      <p className="hint">Dopo il salvataggio ogni riga viene prezzata di nuovo con le regole; i prezzi inseriti a mano restano.</p>
      {error && (
        <p className="doc-field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
