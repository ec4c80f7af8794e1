import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { getOriginalBytes } from '@/features/documents/api/get-original-bytes.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const documents = new Map<number, Promise<PDFDocumentProxy>>();
function loadPdf(id: number): Promise<PDFDocumentProxy> {
  let doc = documents.get(id);
  if (!doc) {
    // pdf.js takes the buffer over: give it a copy, the cached bytes stay usable.
    doc = getOriginalBytes(id).then((bytes) => getDocument({ data: new Uint8Array(bytes.slice(0)) }).promise);
    doc.catch(() => documents.delete(id));
    documents.set(id, doc);
  }
  return doc;
}

const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 3];

interface PageProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
  box: DocumentRow['box'] | null;
}

/** One page drawn on a canvas, with the voce's box over it, scrolled into view. */
function PdfPage({ pdf, pageNumber, scale, box }: PageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const mark = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | undefined;
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled || !canvas.current) return;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      task = page.render({ canvas: c, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale]);
  useEffect(() => {
    // Scroll the panel, not the page: scrollIntoView would move the whole window too.
    const el = mark.current;
    const body = el?.closest<HTMLElement>('.pdf-panel-body');
    const figure = el?.parentElement;
    if (!el || !body || !figure) return;
    body.scrollTo({ top: Math.max(0, figure.offsetTop + el.offsetTop - body.clientHeight / 3), left: Math.max(0, el.offsetLeft - 24) });
  }, [size, box]);
  return (
    <figure className="pdf-page" style={size ? { width: size.width, height: size.height } : undefined} aria-label={`Pagina ${pageNumber}`}>
      <canvas ref={canvas} style={size ? { width: size.width, height: size.height } : undefined} />
      {box && size && (
        <div
          ref={mark}
          className="pdf-box"
          data-testid="pdf-box"
          data-page={pageNumber}
          style={{ left: box.x0 * scale, top: box.y0 * scale, width: (box.x1 - box.x0) * scale, height: (box.y1 - box.y0) * scale }}
        />
      )}
      <figcaption>Pagina {pageNumber}</figcaption>
    </figure>
  );
}

interface Props {
  documentId: number;
  row: DocumentRow;
  onClose: () => void;
  onMove: (step: 1 | -1) => void;
}

/**
 * The original page of the selected voce, rendered by pdf.js in the browser with the voce's box
 * highlighted; a voce across two pages shows both. Zoom, page navigation, arrow keys move
 * between rows (the table's order) and the panel follows.
 */
export default function PdfPanel({ documentId, row, onClose, onMove }: Props) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [extraPage, setExtraPage] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);

  useEffect(() => {
    let live = true;
    loadPdf(documentId).then((d) => live && setPdf(d), () => live && setError(true));
    return () => {
      live = false;
    };
  }, [documentId]);
  useEffect(() => setExtraPage(null), [row.id]);
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth - 24));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable=true], .p-dialog')) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        onMove(e.key === 'ArrowDown' ? 1 : -1);
      } else if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onMove, onClose]);

  const first = row.page ?? 1;
  const last = Math.max(first, row.page_end ?? first);
  const pages = useMemo(() => {
    if (extraPage !== null) return [extraPage];
    return Array.from({ length: Math.min(last - first + 1, 3) }, (_, i) => first + i);
  }, [first, last, extraPage]);
  const [pageWidth, setPageWidth] = useState(595);
  useEffect(() => {
    if (pdf) void pdf.getPage(pages[0]).then((p) => setPageWidth(p.getViewport({ scale: 1 }).width));
  }, [pdf, pages]);
  const scale = (Math.max(200, width) / pageWidth) * zoom;
  const shown = pages[0];
  const total = pdf?.numPages ?? 0;
  const go = (page: number) => setExtraPage(Math.min(Math.max(1, page), total || 1));

  return (
    <aside className="pdf-panel" aria-label="Voce nel PDF originale" data-testid="pdf-panel">
      <header className="pdf-panel-head">
        <div className="pdf-panel-title">
          <strong>N° {row.row_index}</strong> {row.tariffa} <span className="pdf-panel-pages">{first === last ? `pagina ${first}` : `pagine ${first}–${last}`}</span>
        </div>
        <div className="pdf-panel-tools">
          <Button icon="pi pi-chevron-up" text rounded size="small" aria-label="Riga precedente" title="Riga precedente (freccia su)" onClick={() => onMove(-1)} />
          <Button icon="pi pi-chevron-down" text rounded size="small" aria-label="Riga successiva" title="Riga successiva (freccia giù)" onClick={() => onMove(1)} />
          <Button icon="pi pi-search-minus" text rounded size="small" aria-label="Riduci" disabled={zoom <= ZOOMS[0]} onClick={() => setZoom(ZOOMS[Math.max(0, ZOOMS.indexOf(zoom) - 1)])} />
          <span className="pdf-zoom" aria-live="polite">{Math.round(zoom * 100)}%</span>
          <Button icon="pi pi-search-plus" text rounded size="small" aria-label="Ingrandisci" disabled={zoom >= ZOOMS[ZOOMS.length - 1]} onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + 1)])} />
          <Button icon="pi pi-angle-left" text rounded size="small" aria-label="Pagina precedente" disabled={!total || shown <= 1} onClick={() => go(shown - 1)} />
          <span className="pdf-page-nav">
            {shown} / {total || '…'}
          </span>
          <Button icon="pi pi-angle-right" text rounded size="small" aria-label="Pagina successiva" disabled={!total || shown >= total} onClick={() => go(shown + 1)} />
          <Button icon="pi pi-times" text rounded size="small" severity="secondary" aria-label="Chiudi il PDF" onClick={onClose} />
        </div>
      </header>
      <div className="pdf-panel-body" ref={body}>
        {error && <p className="pdf-panel-msg">Impossibile aprire il PDF originale.</p>}
        {!error && !pdf && <p className="pdf-panel-msg">Caricamento del PDF...</p>}
        {pdf && row.page === null && extraPage === null && <p className="pdf-panel-msg">La posizione di questa riga nel PDF non è nota.</p>}
        {pdf &&
          (row.page !== null || extraPage !== null) &&
          pages.map((p) => <PdfPage key={p} pdf={pdf} pageNumber={p} scale={scale} box={p === row.page && extraPage === null ? row.box ?? null : null} />)}
      </div>
    </aside>
  );
}
