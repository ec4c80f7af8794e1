import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { validateComputoFile, type ColumnMapping } from '@/features/documents/api/preview-computo.ts';
import { ComputoColumnMapping } from '@/features/documents/components/ComputoColumnMapping.tsx';
import { ComputoDropzone } from '@/features/documents/components/ComputoDropzone.tsx';
import { TipologiaSelect } from '@/features/documents/components/TipologiaSelect.tsx';
import { UploadProgressCard } from '@/features/documents/components/UploadProgressCard.tsx';
import { useUpload } from '@/features/documents/hooks/use-upload.ts';
import { ProvinceAutoComplete, provinceToSend, type ProvinceValue } from '@/features/provinces/components/ProvinceAutoComplete.tsx';
import '@/pages/documents/documents.css';

interface FieldErrors {
  file?: string;
  provincia?: string;
  tipologia?: string;
}

/** A short pause on success, so the outcome is seen before the document opens. */
const SUCCESS_NAVIGATION_DELAY_MS = 600;

/** 'Carica Documento PDF': file, province and DEI typology, then upload and analysis progress. */
export default function UploadPage() {
  const navigate = useNavigate();
  const { state, start, cancel, reset } = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [provincia, setProvincia] = useState<ProvinceValue>(null);
  const [tipologia, setTipologia] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const busy = state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'success';

  useEffect(() => {
    if (state.phase !== 'success' || !state.documentId) return;
    const t = setTimeout(() => navigate(`/documents/${state.documentId}`), SUCCESS_NAVIGATION_DELAY_MS);
    return () => clearTimeout(t);
  }, [state.phase, state.documentId, navigate]);

  const selectFile = (f: File | null) => {
    if (!f) {
      setFile(null);
      setErrors((e) => ({ ...e, file: undefined }));
      return;
    }
    const problem = validateComputoFile(f);
    setFile(problem ? null : f);
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {
      file: validateComputoFile(file) ?? undefined,
      provincia: provinceToSend(provincia) ? undefined : 'La provincia è obbligatoria.',
      tipologia: tipologia ? undefined : 'La tipologia del prezzario DEI è obbligatoria.',
    };
    setErrors(next);
    if (next.file || next.provincia || next.tipologia || !file || !tipologia) return;
    void start({ file, provincia: provinceToSend(provincia), tipologia_dei: tipologia, ...(mapping ? { column_mapping: JSON.stringify(mapping) } : {}) });
  };

  const onReset = () => {
    reset();
    setFile(null);
    setProvincia(null);
    setTipologia(null);
    setErrors({});
  };

  return (
    <div className="page doc-page">
      <h1 className="doc-page-title">Carica Documento PDF</h1>
      <p className="hint doc-subtitle">Carica un computo metrico estimativo in PDF: le voci saranno estratte e confrontate con i prezzari ufficiali.</p>

      <div className="doc-upload-layout">
        <div className="doc-upload-main">
          <Card className="doc-card">
            <form className="form-grid" onSubmit={submit} noValidate>
              <label htmlFor="pdf-file">File PDF</label>
              <ComputoDropzone file={file} onSelect={selectFile} disabled={busy} />
              {errors.file && <small className="doc-field-error" role="alert">{errors.file}</small>}

              <label htmlFor="provincia">Provincia</label>
              <ProvinceAutoComplete value={provincia} onChange={setProvincia} disabled={busy} invalid={Boolean(errors.provincia)} />
              {errors.provincia ? (
                <small className="doc-field-error" role="alert">{errors.provincia}</small>
              ) : (
                <small className="hint">Digita almeno 3 caratteri e scegli la provincia dall&apos;elenco.</small>
              )}

              <label htmlFor="tipologia-dei">Tipologia prezzario DEI</label>
              <TipologiaSelect value={tipologia} onChange={setTipologia} disabled={busy} invalid={Boolean(errors.tipologia)} />
              {errors.tipologia && <small className="doc-field-error" role="alert">{errors.tipologia}</small>}

              <div className="button-row">
                <Button type="button" label="Reimposta" icon="pi pi-refresh" outlined severity="secondary" onClick={onReset} />
                <Button type="submit" label="Carica e Analizza" icon="pi pi-upload" loading={busy} disabled={busy} />
              </div>
            </form>
          </Card>

          <ComputoColumnMapping file={file} disabled={busy} onMapping={setMapping} />

          <UploadProgressCard state={state} onCancel={cancel} />
        </div>

        <Card title="Suggerimenti" className="doc-card doc-tips">
          <ul>
            <li>Sono accettati computi in PDF, PriMus XPWE, SIX (.xml), LeenO (.ods) ed Excel (.xlsx, .xls), fino a 50MB: dai file strutturati le voci sono lette esattamente.</li>
            <li>I documenti con più di 15 pagine vengono suddivisi automaticamente: l&apos;analisi procede pagina per pagina.</li>
            <li>Scegli la provincia e la tipologia del prezzario DEI con cui confrontare i prezzi delle voci.</li>
            <li>I PDF scansionati vengono letti con il riconoscimento ottico: la qualità della scansione influisce sul risultato.</li>
            <li>Al termine dell&apos;analisi si apre il documento con tutte le voci estratte e la verifica del totale.</li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
