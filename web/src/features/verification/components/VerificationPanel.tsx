import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { Alert } from '@/components/Alert.tsx';
import { ESITO_LABELS, REGOLA_TITLES, type Esito } from '@shared/domain/verification/types.ts';
import type { VerificationOut } from '@shared/api/verification.ts';
import { useVerification } from '@/features/verification/api/get-verification.ts';
import { useUpdateVerificationThreshold } from '@/features/verification/api/update-verification-threshold.ts';
import { useExportVerification } from '@/features/verification/api/export-verification.ts';
import '@/features/verification/verification.css';

/** What the panel shows of a row it names: the document's rows, passed in by the page. */
export interface RowRef {
  id: number;
  row_index: number;
  tariffa: string;
  descrizione: string;
}

interface Props {
  documentId: string;
  /** Changes when the document or its rows are written: the review is read again. */
  revision: string;
  rows: readonly RowRef[];
  /** Shows the row in the table and on the PDF. */
  onRow: (rowId: number) => void;
}

const SEVERITY: Record<Esito, 'success' | 'warning' | 'danger' | 'secondary'> = { superato: 'success', avviso: 'warning', errore: 'danger', non_verificabile: 'secondary' };
const ICON: Record<Esito, string> = { superato: 'pi pi-check', avviso: 'pi pi-exclamation-triangle', errore: 'pi pi-times', non_verificabile: 'pi pi-question' };
const LIGHT_LABEL: Record<VerificationOut['semaforo'], string> = { verde: 'verde: tutti i controlli superati', giallo: 'giallo: avvisi o controlli non verificabili', rosso: 'rosso: almeno un errore' };
/** Rows listed per check before "e altre N". */
const SHOWN_ROWS = 12;

/** The "Verifica" tab: score, traffic light, formula, threshold, one line per check with its rows. */
export function VerificationPanel({ documentId, revision, rows, onRow }: Props) {
  const verification = useVerification(documentId, revision);
  const data = verification.data;
  const [soglia, setSoglia] = useState<number | null>(null);
  useEffect(() => {
    if (data) setSoglia(data.soglia);
  }, [data]);
  const onSaved = useCallback((result: VerificationOut) => void verification.mutate(result, { revalidate: false }), [verification]);
  const threshold = useUpdateVerificationThreshold(documentId, onSaved);
  const report = useExportVerification(documentId);
  const numbered = useMemo(() => new Map([...rows].sort((a, b) => a.row_index - b.row_index).map((r, i) => [r.id, { ...r, numero: i + 1 }])), [rows]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  if (verification.error && !data) {
    return (
      <section className="ver-panel" aria-labelledby="ver-title">
        <h2 id="ver-title" className="ver-title">Verifica del computo</h2>
        <Alert severity="error">Errore nel caricamento della verifica</Alert>
        <Button label="Riprova" icon="pi pi-refresh" text onClick={() => void verification.mutate()} />
      </section>
    );
  }
  if (!data) {
    return (
      <div className="ver-panel guard-checking" role="status">
        <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" />
        <span>Verifica in corso...</span>
      </div>
    );
  }
  return (
    <section className="ver-panel" aria-labelledby="ver-title" data-testid="verification-panel">
      <h2 id="ver-title" className="ver-title">Verifica del computo</h2>
      <div className="ver-summary">
        <div className={`ver-light ver-light-${data.semaforo}`} role="img" aria-label={`Semaforo ${LIGHT_LABEL[data.semaforo]}`}>
          <span className="ver-lamp ver-lamp-rosso" />
          <span className="ver-lamp ver-lamp-giallo" />
          <span className="ver-lamp ver-lamp-verde" />
        </div>
        <div className="ver-score">
          <span className="ver-score-value" data-testid="verification-score">{data.punteggio}</span>
          <span className="ver-score-max">/ 100</span>
          <span className="ver-score-label">Punteggio</span>
        </div>
        <div className="ver-meta">
          <p className="ver-formula" data-testid="verification-formula">{data.formula}</p>
          <p className="ver-lists">Prezzari consultati: {data.prezzari.length ? data.prezzari.join(', ') : 'nessuno'}</p>
          <form
            className="ver-threshold"
            onSubmit={(e) => {
              e.preventDefault();
              void threshold.save(soglia);
            }}
          >
            <label htmlFor="ver-soglia">Soglia di scostamento dal prezzario (base: prezzo del prezzario)</label>
            <InputNumber inputId="ver-soglia" value={soglia} onChange={(e) => setSoglia(e.value ?? null)} min={0} max={1000} maxFractionDigits={2} locale="it-IT" suffix=" %" className="ver-soglia" />
            <Button type="submit" label="Salva soglia" icon="pi pi-save" size="small" outlined loading={threshold.busy} />
          </form>
          {threshold.error && <Alert severity="error">{threshold.error}</Alert>}
          <Button label="Scarica rapporto PDF" icon="pi pi-file-pdf" size="small" outlined loading={report.busy} onClick={() => void report.download()} className="ver-report" />
          {report.error && <Alert severity="error">{report.error}</Alert>}
        </div>
      </div>
      <ul className="ver-checks" aria-label="Controlli">
        {data.controlli.map((c) => {
          const all = c.righe.flatMap((id) => numbered.get(id) ?? []);
          const open = expanded.has(c.regola);
          const shown = open ? all : all.slice(0, SHOWN_ROWS);
          return (
            <li key={c.regola} className={`ver-check ver-check-${c.esito}`} data-regola={c.regola}>
              <div className="ver-check-head">
                <Tag value={ESITO_LABELS[c.esito]} severity={SEVERITY[c.esito]} icon={ICON[c.esito]} className="ver-tag" />
                <h3 className="ver-check-title">{REGOLA_TITLES[c.regola]}</h3>
              </div>
              <p className="ver-check-message">{c.messaggio}</p>
              {all.length > 0 && (
                <ul className="ver-rows" aria-label={`Voci interessate: ${REGOLA_TITLES[c.regola]}`}>
                  {shown.map((r) => (
                    <li key={r.id}>
                      <button type="button" className="ver-row-link" onClick={() => onRow(r.id)} title={r.descrizione}>
                        <span className="ver-row-n">N. {r.numero}</span> {r.tariffa || 'senza codice'}
                        <span className="ver-row-text"> · {r.descrizione.length > 60 ? `${r.descrizione.slice(0, 59)}…` : r.descrizione}</span>
                      </button>
                    </li>
                  ))}
                  {all.length > SHOWN_ROWS && (
                    <li>
                      <Button
                        text
                        size="small"
                        label={open ? 'Mostra meno' : all.length - SHOWN_ROWS === 1 ? 'e un\u2019altra' : `e altre ${all.length - SHOWN_ROWS}`}
                        onClick={() => setExpanded((s) => (open ? new Set([...s].filter((x) => x !== c.regola)) : new Set([...s, c.regola])))}
                      />
                    </li>
                  )}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
