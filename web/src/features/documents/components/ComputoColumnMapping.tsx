import { useEffect, useState } from 'react';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { ApiError } from '@/lib/api-client.ts';
import { formatNumber } from '@shared/format.ts';
import {
  MAPPING_FIELDS,
  MAPPING_LABELS,
  MAX_PREVIEW_BYTES,
  isSpreadsheet,
  previewComputo,
  type ColumnMapping,
  type ComputoPreview,
} from '@/features/documents/api/preview-computo.ts';

interface Props {
  file: File | null;
  disabled?: boolean;
  /** The mapping to send with the upload: null when the columns are certain (or the file is not a spreadsheet). */
  onMapping: (mapping: ColumnMapping | null) => void;
}

/** Three voci as they will be imported with the chosen columns, and how many there are. */
function MappingSample({ preview }: { preview: ComputoPreview }) {
  return (
    <>
      <p className="hint">
        Prime {Math.min(SAMPLE_ROWS, preview.preview.length)} voci lette con queste colonne, su {preview.total_rows} {preview.total_rows === 1 ? 'voce' : 'voci'}:
      </p>
      <table className="doc-mapping-preview" data-testid="column-mapping-preview">
        <thead>
          <tr>
            {MAPPING_FIELDS.map((f) => (
              <th key={f}>{MAPPING_LABELS[f]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.preview.slice(0, SAMPLE_ROWS).map((v, i) => (
            <tr key={i}>
              <td>{v.tariffa}</td>
              <td>{v.descrizione}</td>
              <td>{v.unita_di_misura}</td>
              <td>{formatNumber(v.quantita)}</td>
              <td>{formatNumber(v.unitario)}</td>
              <td>{formatNumber(v.totale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Voci shown under the columns: enough to see each column's values, few enough to read at a glance. */
const SAMPLE_ROWS = 3;

/**
 * For a spreadsheet computo whose columns are not recognised with certainty: the columns chosen
 * (Codice, Descrizione, U.M., Quantità, Prezzo unitario, Importo), each correctable, and the
 * first three voci read with them; the upload then sends the confirmed mapping. It shows whenever
 * the evidence (header words, each column's content, quantity × price = amount) is not unanimous,
 * with the points where it is not.
 */
export function ComputoColumnMapping({ file, disabled, onMapping }: Props) {
  const [preview, setPreview] = useState<ComputoPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Why the columns were not certain: kept while the user corrects them (a corrected preview has none of its own).
  const [doubts, setDoubts] = useState<string[]>([]);

  useEffect(() => {
    setPreview(null);
    setMapping(null);
    setError(null);
    onMapping(null);
    if (!file || !isSpreadsheet(file) || file.size > MAX_PREVIEW_BYTES) return;
    const ctl = new AbortController();
    setLoading(true);
    previewComputo(file, null, ctl.signal)
      .then((p) => {
        setPreview(p);
        setDoubts(p.doubts);
        if (!p.certain && p.mapping) {
          setMapping(p.mapping);
          onMapping(p.mapping);
        }
      })
      .catch((err) => {
        if (!ctl.signal.aborted) setError(err instanceof ApiError ? err.message : 'Anteprima del foglio di calcolo non disponibile.');
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
    // onMapping is the page's setter: a new file is the only reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  const change = (field: (typeof MAPPING_FIELDS)[number], column: number | null) => {
    if (!file || !mapping) return;
    const next = { ...mapping, [field]: column };
    // One column per field: a column taken from another field leaves it empty.
    for (const f of MAPPING_FIELDS) if (f !== field && column !== null && next[f] === column) next[f] = null;
    setMapping(next);
    onMapping(next);
    previewComputo(file, next)
      .then((p) => {
        setPreview(p);
        setError(null);
      })
      .catch((err) => setError(err instanceof ApiError ? err.message : 'Anteprima del foglio di calcolo non disponibile.'));
  };

  if (loading) return <p className="hint" data-testid="column-mapping-loading">Lettura delle colonne del foglio di calcolo...</p>;
  if (error && !preview) return <small className="doc-field-error" role="alert">{error}</small>;
  if (!preview || preview.certain || !mapping) return null;
  const options = [{ label: '(nessuna)', value: null as number | null }, ...preview.columns.map((c, i) => ({ label: c, value: i as number | null }))];

  return (
    <Card title="Colonne del computo" className="doc-card" data-testid="column-mapping">
      <p className="hint">
        Le colonne del foglio{preview.sheet ? ` “${preview.sheet}”` : ''} non sono state riconosciute con certezza: controlla l&apos;associazione e correggila se serve, poi premi
        “Carica e Analizza”. Nulla è salvato prima.
      </p>
      <div className="form-grid">
        {MAPPING_FIELDS.map((f) => (
          <div key={f}>
            <label htmlFor={`map-${f}`}>{MAPPING_LABELS[f]}</label>
            <Dropdown inputId={`map-${f}`} value={mapping[f]} options={options} onChange={(e) => change(f, e.value as number | null)} disabled={disabled} aria-label={MAPPING_LABELS[f]} />
          </div>
        ))}
      </div>
      {doubts.length > 0 && (
        <ul className="hint" data-testid="column-mapping-doubts">
          {doubts.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {preview.error ? <small className="doc-field-error" role="alert">{preview.error}</small> : <MappingSample preview={preview} />}
    </Card>
  );
}
