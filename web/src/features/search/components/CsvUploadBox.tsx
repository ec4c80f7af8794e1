import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Alert } from '@/components/Alert.tsx';
import { useUploadCsv } from '@/features/search/api/upload-csv.ts';

const MAX_CSV_BYTES = 10_485_760;

/** Admins: replace the CSV data with a new file (one step, no preview). */
export function CsvUploadBox() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadCsv();
  const busy = upload.pending;
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string; warnings?: string[] } | null>(null);

  const send = async () => {
    if (!file) return setResult({ severity: 'error', text: 'Nessun file selezionato' });
    if (file.size > MAX_CSV_BYTES) return setResult({ severity: 'error', text: 'File troppo grande. Dimensione massima: 10MB' });
    setResult(null);
    try {
      const r = await upload.run(file);
      setResult({ severity: 'success', text: r.message || `Dati CSV caricati: ${r.total_rows} righe.`, warnings: r.warnings });
      setFile(null);
    } catch (err) {
      setResult({ severity: 'error', text: err instanceof Error && err.message ? err.message : "Errore durante l'upload del file" });
    }
  };

  return (
    <Card className="pz-card" title="Carica dati CSV">
      <p className="hint" style={{ marginTop: 0 }}>
        Il file sostituisce tutti i dati CSV esistenti. Formati accettati: CSV o Excel, fino a 10MB.
      </p>
      <div className="pz-csv-upload">
        <input
          ref={input}
          id="csv-file"
          type="file"
          accept=".csv,.xlsx,.xls,text/csv"
          hidden
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
            e.target.value = '';
          }}
        />
        <Button type="button" label="Scegli file" icon="pi pi-paperclip" outlined onClick={() => input.current?.click()} disabled={busy} />
        <span className={file ? '' : 'hint'} data-testid="csv-selected-file">
          {file ? file.name : 'Nessun file selezionato'}
        </span>
        <Button type="button" label="Carica CSV" icon="pi pi-upload" onClick={() => void send()} loading={busy} disabled={!file || busy} />
      </div>
      {result && (
        <Alert severity={result.severity} onClose={() => setResult(null)}>
          {result.text}
          {result.warnings && result.warnings.length > 0 && (
            <ul className="pz-warnings">
              {result.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </Card>
  );
}
