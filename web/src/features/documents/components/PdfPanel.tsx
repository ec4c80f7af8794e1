import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { usePdfKeys } from '@/features/documents/hooks/use-pdf-keys.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import { loadPdf, PdfPage } from './PdfPage.tsx';
import { PdfPanelTools } from './PdfPanelTools.tsx';

interface Props {
  documentId: number;
  row: DocumentRow;
  onClose: () => void;
  onMove: (step: 1 | -1) => void;
}

/** The panel body's width, followed as the window changes. */
function useWidth(body: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth - 24));
    observer.observe(el);
    return () => observer.disconnect();
  }, [body]);
  return width;
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
  const width = useWidth(body);
  useEffect(() => {
    let live = true;
    loadPdf(documentId).then((d) => live && setPdf(d), () => live && setError(true));
    return () => {
      live = false;
    };
  }, [documentId]);
  useEffect(() => setExtraPage(null), [row.id]);
  usePdfKeys(onMove, onClose);

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
  const total = pdf?.numPages ?? 0;
  const located = row.page !== null || extraPage !== null;

  return (
    <aside className="pdf-panel" aria-label="Voce nel PDF originale" data-testid="pdf-panel">
      <header className="pdf-panel-head">
        <div className="pdf-panel-title">
          <strong>N° {row.row_index}</strong> {row.tariffa} <span className="pdf-panel-pages">{first === last ? `pagina ${first}` : `pagine ${first}–${last}`}</span>
        </div>
        <PdfPanelTools zoom={zoom} onZoom={setZoom} shown={pages[0]} total={total} onPage={(p) => setExtraPage(Math.min(Math.max(1, p), total || 1))} onMove={onMove} onClose={onClose} />
      </header>
      <div className="pdf-panel-body" ref={body} tabIndex={0} role="region" aria-label="Pagine del PDF">
        {error && <p className="pdf-panel-msg">Impossibile aprire il PDF originale.</p>}
        {!error && !pdf && <p className="pdf-panel-msg">Caricamento del PDF...</p>}
        {pdf && !located && <p className="pdf-panel-msg">La posizione di questa riga nel PDF non è nota.</p>}
        {pdf && located && pages.map((p) => <PdfPage key={p} pdf={pdf} pageNumber={p} scale={scale} box={p === row.page && extraPage === null ? (row.box ?? null) : null} />)}
      </div>
    </aside>
  );
}
