import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { ProvinceAutoComplete, provinceToSend, type ProvinceValue } from '@/components/ProvinceAutoComplete.tsx';
import type { UploadInput } from '@/features/documents/api/upload-document.ts';
import { validateComputoFile } from '@/features/documents/api/preview-computo.ts';
import { ComputoDropzone } from './ComputoDropzone.tsx';
import { TipologiaSelect } from './TipologiaSelect.tsx';

interface FieldErrors {
  file?: string;
  provincia?: string;
  tipologia?: string;
}

interface Props {
  busy: boolean;
  onSubmit: (input: Pick<UploadInput, 'file' | 'provincia' | 'tipologia_dei'>) => void;
  onReset: () => void;
  /** The chosen file, for the column-mapping preview beside the form. */
  onFileChange?: (file: File | null) => void;
}

/** File, province and DEI typology, each checked with its Italian message before the upload. */
export function UploadForm({ busy, onSubmit, onReset, onFileChange }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [provincia, setProvincia] = useState<ProvinceValue>(null);
  const [tipologia, setTipologia] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const selectFile = (f: File | null) => {
    const problem = f ? validateComputoFile(f) : null;
    setFile(problem ? null : f);
    onFileChange?.(problem ? null : f);
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
    onSubmit({ file, provincia: provinceToSend(provincia), tipologia_dei: tipologia });
  };
  const reset = () => {
    onReset();
    setFile(null);
    onFileChange?.(null);
    setProvincia(null);
    setTipologia(null);
    setErrors({});
  };

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <label htmlFor="pdf-file">File (PDF, XPWE, SIX, ODS o Excel)</label>
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
        <Button type="button" label="Reimposta" icon="pi pi-refresh" outlined severity="secondary" onClick={reset} />
        <Button type="submit" label="Carica e Analizza" icon="pi pi-upload" loading={busy} disabled={busy} />
      </div>
    </form>
  );
}
