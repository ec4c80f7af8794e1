import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { getOriginalBytes } from '@/features/documents/api/get-original-bytes.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const documents = new Map<number, Promise<PDFDocumentProxy>>();
export function loadPdf(id: number): Promise<PDFDocumentProxy> {
  let doc = documents.get(id);
  if (!doc) {
    // pdf.js takes the buffer over: give it a copy, the cached bytes stay usable.
    doc = getOriginalBytes(id).then((bytes) => getDocument({ data: new Uint8Array(bytes.slice(0)) }).promise);
    doc.catch(() => documents.delete(id));
    documents.set(id, doc);
  }
  return doc;
}

interface PageProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
  box: DocumentRow['box'] | null;
}

/** One page drawn on a canvas, with the voce's box over it, scrolled into view. */
export function PdfPage({ pdf, pageNumber, scale, box }: PageProps) {
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

