import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Alert } from '@/components/Alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useTimedMessage } from '@/hooks/use-timed-message.ts';
import { NARROW_SCREEN, useMediaQuery } from '@/hooks/use-media-query.ts';
import { useComparison } from '../api/get-comparison.ts';
import { PAIR_ERROR, savePair } from '../api/save-pair.ts';
import { COMPARISON_EXPORT_ERROR, exportComparison } from '../api/export-comparison.ts';
import { DEFAULT_VIEW, visibleVoci, type ViewOptions, type Voce, type VoceState } from '../utils/view.ts';
import { ComparisonFilters, ComparisonTotals } from './ComparisonFilters.tsx';
import { ComparisonCards, ComparisonTable } from './ComparisonTable.tsx';
import { CompareDialog } from './CompareDialog.tsx';
import { PairDialog } from './PairDialog.tsx';
import '../comparison.css';

const ComparisonChart = lazy(() => import('./ComparisonChart.tsx'));

const serverText = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : fallback);

/** /documents/{id}/confronto?con={id2},{id3}: the comparison page. */
export function ComparisonView({ id, others }: { id: string; others: number[] }) {
  const navigate = useNavigate();
  const cmp = useComparison(id, others);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const page = useTimedMessage();
  const [view, setView] = useState<ViewOptions>(DEFAULT_VIEW);
  const [pairing, setPairing] = useState<Voce | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const data = cmp.data;
  const voci = useMemo(() => (data ? visibleVoci(data.voci, view) : []), [data, view]);
  const counts = useMemo(() => {
    const c: Record<VoceState, number> = { invariata: 0, variata: 0, aggiunta: 0, eliminata: 0 };
    for (const v of data?.voci ?? []) c[v.stato]++;
    return c;
  }, [data]);
  const uncertain = data?.voci.filter((v) => v.incerto).length ?? 0;

  const runChoice = useCallback(
    async (calls: Array<['abbina' | 'separa', [number, number]]>, message: string) => {
      setBusy(true);
      try {
        for (const [azione, righe] of calls) await savePair(Number(id), azione, righe);
        setPairing(null);
        await cmp.mutate();
        page.show('success', message);
      } catch (err) {
        page.show('error', serverText(err, PAIR_ERROR));
      } finally {
        setBusy(false);
      }
    },
    [cmp, id, page],
  );
  const onExport = async () => {
    setExporting(true);
    try {
      await exportComparison(Number(id), others);
    } catch (err) {
      page.show('error', serverText(err, COMPARISON_EXPORT_ERROR));
    } finally {
      setExporting(false);
    }
  };

  if (!others.length) {
    return (
      <div className="page doc-page">
        <Alert severity="error">Scegli da uno a cinque documenti da confrontare</Alert>
        <Button label="Torna al documento" icon="pi pi-arrow-left" outlined onClick={() => navigate(`/documents/${id}`)} />
      </div>
    );
  }
  if (cmp.error && !data) {
    const notFound = cmp.error instanceof ApiError && cmp.error.status === 404;
    return (
      <div className="page doc-page">
        <section className="doc-card doc-empty">
          <h1 className="doc-page-title">{notFound ? 'Documento non trovato' : 'Errore nel caricamento del confronto'}</h1>
          {notFound && <p className="hint">Uno dei documenti non esiste oppure non hai i permessi necessari per visualizzarlo.</p>}
          {!notFound && cmp.error instanceof ApiError && <p className="hint">{cmp.error.message}</p>}
          <Button label="Torna al documento" icon="pi pi-arrow-left" outlined onClick={() => navigate(`/documents/${id}`)} />
        </section>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page doc-page guard-checking" role="status">
        <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
        <span>Caricamento confronto...</span>
      </div>
    );
  }

  return (
    <div className="page doc-page cmp-page">
      <header className="doc-header">
        <div className="doc-header-main">
          <h1 className="doc-title">
            <i className="pi pi-arrow-right-arrow-left" aria-hidden /> Confronto tra computi
          </h1>
          <p className="doc-meta">
            Riferimento: <Link to={`/documents/${data.documenti[0].id}`}>{data.documenti[0].filename}</Link>
          </p>
        </div>
        <div className="doc-header-actions">
          <Button label="Torna al documento" icon="pi pi-arrow-left" outlined onClick={() => navigate(`/documents/${id}`)} />
          <Button label="Cambia documenti" icon="pi pi-pencil" outlined onClick={() => setChoosing(true)} />
          <Button label="Esporta Excel" icon="pi pi-file-excel" loading={exporting} onClick={() => void onExport()} />
        </div>
      </header>
      {page.message && (
        <Alert severity={page.message.severity} onClose={page.clear}>
          {page.message.text}
        </Alert>
      )}

      <ComparisonTotals data={data} />
      <ComparisonFilters view={view} setView={setView} counts={counts} shown={voci.length} total={data.voci.length} uncertain={uncertain} />

      <Suspense fallback={null}>
        <ComparisonChart data={data} voci={voci} narrow={narrow} />
      </Suspense>

      {narrow ? <ComparisonCards data={data} voci={voci} onPair={setPairing} /> : <ComparisonTable data={data} voci={voci} grouped={view.sort === 'capitolo'} onPair={setPairing} />}

      <PairDialog
        key={pairing?.key ?? 'none'}
        voce={pairing}
        voci={data.voci}
        busy={busy}
        onClose={() => setPairing(null)}
        onPair={(rows) => void runChoice([['abbina', rows]], 'Voci abbinate')}
        onSeparate={(pairs) => void runChoice(pairs.map((p) => ['separa', p]), 'Voci separate')}
      />
      {choosing && <CompareDialog documentId={Number(id)} visible={choosing} initial={others} onClose={() => setChoosing(false)} />}
    </div>
  );
}
