import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import { validatePrezzarioFile } from '@/features/prezzari/api/upload-prezzario.ts';
import { TOSCANA_PROVINCES, UPLOAD_YEARS } from '@/features/prezzari/constants.ts';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import { ExcelDropzone } from './ExcelDropzone.tsx';

interface FieldErrors {
  file?: string;
  key?: string;
  anno?: string;
}

const yearOptions = UPLOAD_YEARS.map((y) => ({ label: String(y), value: y }));
const provinceOptions = TOSCANA_PROVINCES.map((p) => ({ label: p, value: p }));

interface Props {
  source: PrezzarioSource;
  /** The fields cannot change while a file is sent, previewed or imported. */
  locked: boolean;
  sending: boolean;
  confirming: boolean;
  /** Every press of 'Carica e Analizza', valid or not (the owner clears its alert). */
  onAttempt: () => void;
  onSubmit: (input: { file: File; key: string; anno: number }) => void;
  /** 'Reimposta': the owner clears the flow and mounts a fresh form. */
  onReset: () => void;
}

/** File, key (typology or province) and year, checked before sending. */
export function PrezzarioUploadForm({ source, locked, sending, confirming, onAttempt, onSubmit, onReset }: Props) {
  const tipologie = useActiveTipologie();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [anno, setAnno] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const isDei = source === 'dei';
  const tipologiaOptions = (tipologie.data ?? []).map((t) => ({ label: t.description, value: t.value }));

  const selectFile = (f: File | null) => {
    const problem = f ? validatePrezzarioFile(f) : null;
    setFile(problem ? null : f);
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAttempt();
    const next: FieldErrors = {
      // A file of the wrong kind was refused when chosen: its message stays (not "choose a file").
      file: file ? (validatePrezzarioFile(file) ?? undefined) : (errors.file ?? validatePrezzarioFile(null) ?? undefined),
      key: key ? undefined : isDei ? 'Seleziona la tipologia del prezzario DEI.' : 'Seleziona la provincia.',
      anno: anno ? undefined : "Seleziona l'anno.",
    };
    setErrors(next);
    if (next.file || next.key || next.anno || !file || !key || !anno) return;
    onSubmit({ file, key, anno });
  };

  const error = (text?: string) => text && <small className="pz-field-error" role="alert">{text}</small>;

  return (
    <Card className="pz-card">
      <form className="form-grid" onSubmit={submit} noValidate aria-label={`Carica ${isDei ? 'prezzario DEI' : 'prezzario Toscana'}`}>
        <label htmlFor="prezzario-file">File del prezzario</label>
        <ExcelDropzone id="prezzario-file" file={file} onSelect={selectFile} disabled={locked} invalid={Boolean(errors.file)} />
        {error(errors.file)}

        <div className="pz-form-row">
          <div className="pz-form-field">
            <label htmlFor="prezzario-key">{isDei ? 'Tipologia DEI' : 'Provincia'}</label>
            <Dropdown
              inputId="prezzario-key"
              value={key}
              options={isDei ? tipologiaOptions : provinceOptions}
              onChange={(e) => {
                setKey(e.value);
                setErrors((x) => ({ ...x, key: undefined }));
              }}
              placeholder={isDei ? 'Seleziona la tipologia' : 'Seleziona la provincia'}
              disabled={locked}
              invalid={Boolean(errors.key)}
              loading={isDei && tipologie.isLoading}
              filter={isDei && tipologiaOptions.length > 8}
              className="pz-full-width"
            />
            {error(errors.key)}
          </div>
          <div className="pz-form-field pz-form-field-narrow">
            <label htmlFor="prezzario-anno">Anno</label>
            <Dropdown
              inputId="prezzario-anno"
              value={anno}
              options={yearOptions}
              onChange={(e) => {
                setAnno(e.value);
                setErrors((x) => ({ ...x, anno: undefined }));
              }}
              placeholder="Seleziona l'anno"
              disabled={locked}
              invalid={Boolean(errors.anno)}
              className="pz-full-width"
            />
            {error(errors.anno)}
          </div>
        </div>

        <div className="button-row">
          <Button type="button" label="Reimposta" icon="pi pi-refresh" outlined severity="secondary" onClick={onReset} disabled={confirming} />
          <Button type="submit" label="Carica e Analizza" icon="pi pi-upload" loading={sending} disabled={locked} />
        </div>
      </form>
    </Card>
  );
}
