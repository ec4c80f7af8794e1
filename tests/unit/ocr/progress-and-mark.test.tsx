import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ProcessingPanel } from '../../../web/src/features/documents/components/ProcessingPanel.tsx';
import { ScanMark } from '../../../web/src/features/documents/components/ScanMark.tsx';
import type { DocumentItem, DocumentRow } from '../../../web/src/features/documents/types.ts';

const doc = (extra: Partial<DocumentItem>) => ({ status: 'processing', pages_total: 12, pages_done: 12, ...extra }) as DocumentItem;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('what the user sees of a scanned document', () => {
  it('shows the page OCR is reading while it runs', () => {
    expect(text(renderToString(<ProcessingPanel document={doc({ ocr_pages_done: 2, ocr_pages_total: 12 })} />))).toContain('Riconoscimento del testo: pagina 3 di 12');
  });

  it('says how many pages are scanned in a mixed document', () => {
    expect(text(renderToString(<ProcessingPanel document={doc({ ocr_pages_done: 0, ocr_pages_total: 2, pages_total: 3 })} />))).toContain(
      'Riconoscimento del testo: pagina 1 di 2 (pagine scansionate del documento: 2 di 3)',
    );
  });

  it('goes back to the page count once OCR is done', () => {
    const html = text(renderToString(<ProcessingPanel document={doc({ ocr_pages_done: 12, ocr_pages_total: 12, pages_done: 12 })} />));
    expect(html).not.toContain('Riconoscimento');
    expect(html).toContain('Pagine analizzate: 12 di 12');
  });

  it('marks a row read from a scan, with its corrections', () => {
    const row = { da_scansione: true, correzioni_ocr: ['importo letto 1.478,78 dalla scansione, corretto in 1.473,78 (quantità × prezzo = importo)'] } as DocumentRow;
    const html = renderToString(<ScanMark row={row} />);
    expect(text(html)).toContain('da scansione');
    expect(html).toContain('corretto in 1.473,78');
    expect(renderToString(<ScanMark row={{} as DocumentRow} />)).toBe('');
  });
});
