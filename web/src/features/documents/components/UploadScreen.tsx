import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from 'primereact/card';
import type { ColumnMapping } from '@/features/documents/api/preview-computo.ts';
import { useUpload } from '@/features/documents/hooks/use-upload.ts';
import { ComputoColumnMapping } from './ComputoColumnMapping.tsx';
import { UploadForm } from './UploadForm.tsx';
import { UploadProgressCard } from './UploadProgressCard.tsx';
import '@/features/documents/documents.css';

/** A short pause on success, so the outcome is seen before the document opens. */
const SUCCESS_NAVIGATION_DELAY_MS = 600;

/** 'Carica Documento PDF': file, province and DEI typology, then upload and analysis progress. */
export function UploadScreen() {
  const navigate = useNavigate();
  const { state, start, cancel, reset } = useUpload();
  const busy = state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'success';
  // A spreadsheet computo whose columns are not recognised with certainty: the mapping the user confirmed.
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);

  useEffect(() => {
    if (state.phase !== 'success' || !state.documentId) return;
    const t = setTimeout(() => navigate(`/documents/${state.documentId}`), SUCCESS_NAVIGATION_DELAY_MS);
    return () => clearTimeout(t);
  }, [state.phase, state.documentId, navigate]);

  return (
    <div className="page doc-page">
      <h1 className="doc-page-title">
        Carica Documento PDF <span className="doc-title-formats">o file PriMus (XPWE), SIX, LeenO (ODS), Excel</span>
      </h1>
      <p className="hint doc-subtitle">Carica un computo metrico estimativo (stampa PDF o file del programma): le voci saranno estratte e confrontate con i prezzari ufficiali.</p>
      <div className="doc-upload-layout">
        <div className="doc-upload-main">
          <Card className="doc-card">
            <UploadForm
              busy={busy}
              onSubmit={(input) => void start({ ...input, ...(mapping ? { column_mapping: JSON.stringify(mapping) } : {}) })}
              onReset={reset}
              onFileChange={setFile}
            />
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
