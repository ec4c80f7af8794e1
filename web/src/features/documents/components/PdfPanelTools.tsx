import { Button } from 'primereact/button';

export const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 3];

interface Props {
  zoom: number;
  onZoom: (zoom: number) => void;
  /** The page shown, of `total` (0 while the PDF loads). */
  shown: number;
  total: number;
  onPage: (page: number) => void;
  onMove: (step: 1 | -1) => void;
  onClose: () => void;
}

/** Previous / next row, zoom, page navigation and close. */
export function PdfPanelTools({ zoom, onZoom, shown, total, onPage, onMove, onClose }: Props) {
  const at = ZOOMS.indexOf(zoom);
  return (
    <div className="pdf-panel-tools">
      <Button icon="pi pi-chevron-up" text rounded size="small" aria-label="Riga precedente" title="Riga precedente (freccia su)" onClick={() => onMove(-1)} />
      <Button icon="pi pi-chevron-down" text rounded size="small" aria-label="Riga successiva" title="Riga successiva (freccia giù)" onClick={() => onMove(1)} />
      <Button icon="pi pi-search-minus" text rounded size="small" aria-label="Riduci" disabled={zoom <= ZOOMS[0]} onClick={() => onZoom(ZOOMS[Math.max(0, at - 1)])} />
      <span className="pdf-zoom" aria-live="polite">
        {Math.round(zoom * 100)}%
      </span>
      <Button icon="pi pi-search-plus" text rounded size="small" aria-label="Ingrandisci" disabled={zoom >= ZOOMS[ZOOMS.length - 1]} onClick={() => onZoom(ZOOMS[Math.min(ZOOMS.length - 1, at + 1)])} />
      <Button icon="pi pi-angle-left" text rounded size="small" aria-label="Pagina precedente" disabled={!total || shown <= 1} onClick={() => onPage(shown - 1)} />
      <span className="pdf-page-nav">
        {shown} / {total || '…'}
      </span>
      <Button icon="pi pi-angle-right" text rounded size="small" aria-label="Pagina successiva" disabled={!total || shown >= total} onClick={() => onPage(shown + 1)} />
      <Button icon="pi pi-times" text rounded size="small" severity="secondary" aria-label="Chiudi il PDF" onClick={onClose} />
    </div>
  );
}
