import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { Alert } from '@/components/Alert.tsx';
import { validatePrezzarioFile } from '@/features/prezzari/api/upload-prezzario.ts';
import { useActiveTipologie } from '@/lib/tipologie.ts';
import { LIST_ROUTE, TOSCANA_PROVINCES, UPLOAD_YEARS } from '@/features/prezzari/constants.ts';
import { usePrezzarioUpload } from '@/features/prezzari/hooks/use-prezzario-upload.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import type { PrezzarioSource } from '@/features/prezzari/types.ts';
import { ExcelDropzone } from './ExcelDropzone.tsx';
import { PreviewCard } from './PreviewCard.tsx';

interface FieldErrors {
  file?: string;
  key?: string;
  anno?: string;
}

/** A short pause on success so the outcome is seen before the list opens. */
export const SUCCESS_NAVIGATION_DELAY_MS = 1200;

const yearOptions = UPLOAD_YEARS.map((y) => ({ label: String(y), value: y }));
const provinceOptions = TOSCANA_PROVINCES.map((p) => ({ label: p, value: p }));

/** The one upload screen for both price lists: file, key (typology or province) and year, preview, confirmation. */
export function PrezzarioUploader({ source }: { source: PrezzarioSource }) {
  const navigate = useNavigate();
  const { state, start, confirm, cancel, reset } = usePrezzarioUpload(source);
  const tipologie = useActiveTipologie();
  const { message, show, clear } = useTimedMessage();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [anno, setAnno] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { phase } = state;
  const sending = phase === 'uploading' || phase === 'processing';
  const locked = sending || phase === 'preview' || phase === 'confirming' || phase === 'success';
  const isDei = source === 'dei';

  // Errors go to the timed alert (5 s); the cancellation notice stays in the progress card.
  useEffect(() => {
    if (phase === 'error' && state.message) show('error', state.message);
  }, [phase, state.message, show]);

  useEffect(() => {
    if (phase !== 'success') return;
    show('success', state.message || `Importazione completata: ${state.result?.total_rows ?? state.preview?.total_rows ?? 0} righe importate.`);
    const t = setTimeout(() => navigate(LIST_ROUTE[source]), SUCCESS_NAVIGATION_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  // The alerts sit above the form: bring them into view (the preview may have scrolled the page).
  useEffect(() => {
    if (message) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [message]);

  const selectFile = (f: File | null) => {
    const problem = f ? validatePrezzarioFile(f) : null;
    setFile(problem ? null : f);
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    const next: FieldErrors = {
      file: validatePrezzarioFile(file) ?? undefined,
      key: key ? undefined : isDei ? 'Seleziona la tipologia del prezzario DEI.' : 'Seleziona la provincia.',
      anno: anno ? undefined : "Seleziona l'anno.",
    };
    setErrors(next);
    if (next.file || next.key || next.anno || !file || !key || !anno) return;
    void start({ file, key, anno });
  };

  const onReset = () => {
    reset();
    clear();
    setFile(null);
    setKey(null);
    setAnno(null);
    setErrors({});
  };

  const cancelPreview = () => {
    onReset();
    show('info', 'Operazione annullata.');
  };

  const tipologiaOptions = (tipologie.data ?? []).map((t) => ({ label: t.description, value: t.value }));
  const listName = isDei ? 'prezzario DEI' : 'prezzario Toscana';

  return (
    <div className="pz-upload">
      {message && (
        <Alert severity={message.severity} onClose={clear}>
          {message.text}
        </Alert>
      )}
      <Card className="pz-card pz-info-card">
        <div className="pz-info">
          <i className={`pi ${isDei ? 'pi-book' : 'pi-map-marker'}`} aria-hidden />
          <div>
            <strong>{isDei ? 'Prezzario DEI per tipologia' : 'Prezzario Regione Toscana per provincia'}</strong>
            <p>
              {isDei
                ? 'Carica il file Excel del prezzario DEI, scegli la tipologia e l\u2019anno: prima dell\u2019importazione vedrai un\u2019anteprima dei dati letti.'
                : 'Carica il file Excel (o XML) del prezzario della Regione Toscana, scegli la provincia e l\u2019anno: prima dell\u2019importazione vedrai un\u2019anteprima dei dati letti.'}
            </p>
          </div>
        </div>
      </Card>

      <div className="pz-upload-layout">
        <div className="pz-upload-main">
          <Card className="pz-card">
            <form className="form-grid" onSubmit={submit} noValidate aria-label={`Carica ${listName}`}>
              <label htmlFor="prezzario-file">File del prezzario</label>
              <ExcelDropzone id="prezzario-file" file={file} onSelect={selectFile} disabled={locked} invalid={Boolean(errors.file)} />
              {errors.file && <small className="pz-field-error" role="alert">{errors.file}</small>}

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
                  {errors.key && <small className="pz-field-error" role="alert">{errors.key}</small>}
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
                  {errors.anno && <small className="pz-field-error" role="alert">{errors.anno}</small>}
                </div>
              </div>

              <div className="button-row">
                <Button type="button" label="Reimposta" icon="pi pi-refresh" outlined severity="secondary" onClick={onReset} disabled={phase === 'confirming'} />
                <Button type="submit" label="Carica e Analizza" icon="pi pi-upload" loading={sending} disabled={locked} />
              </div>
            </form>
          </Card>

          {(sending || phase === 'cancelled' || phase === 'confirming' || phase === 'success') && (
            <Card title="Stato caricamento" className="pz-card" data-testid="upload-progress">
              {sending && (
                <>
                  <p className="pz-progress-label">
                    {phase === 'processing' ? (
                      <>
                        <i className="pi pi-spin pi-spinner" aria-hidden /> Elaborazione in corso...
                      </>
                    ) : (
                      `Caricamento in corso... ${state.percent}%`
                    )}
                  </p>
                  <ProgressBar value={state.percent} aria-label="Avanzamento caricamento" />
                  <div className="button-row">
                    <Button label="Annulla" icon="pi pi-times" severity="secondary" outlined onClick={cancel} />
                  </div>
                </>
              )}
              {phase === 'confirming' && (
                <p className="pz-progress-label">
                  <i className="pi pi-spin pi-spinner" aria-hidden /> Importazione in corso...
                </p>
              )}
              {phase === 'success' && (
                <p className="pz-progress-label pz-success-text">
                  <i className="pi pi-check-circle" aria-hidden /> Importazione completata. Apertura del {listName}...
                </p>
              )}
              {phase === 'cancelled' && <Alert severity="info">{state.message}</Alert>}
            </Card>
          )}

        </div>

        <Card title="Suggerimenti" className="pz-card pz-tips">
          <ul>
            <li>Formati accettati: Excel (.xlsx, .xls){isDei ? '' : ', XML del prezzario regionale'} e CSV, fino a 10MB.</li>
            <li>La prima riga utile deve contenere le intestazioni delle colonne (ad esempio Codice, Descrizione, U.M., Prezzo).</li>
            <li>
              <strong>Attenzione:</strong> l&apos;importazione sovrascrive i dati esistenti per {isDei ? 'la stessa tipologia' : 'la stessa provincia'} e lo stesso anno.
            </li>
            <li>Controlla l&apos;anteprima: vengono mostrate le prime 30 righe, ma tutte le righe del file saranno importate.</li>
          </ul>
        </Card>
      </div>

      {state.preview && (phase === 'preview' || phase === 'confirming' || phase === 'error') && (
        <PreviewCard preview={state.preview} confirming={phase === 'confirming'} onConfirm={() => void confirm()} onCancel={cancelPreview} />
      )}
    </div>
  );
}
