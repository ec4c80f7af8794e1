import { useRef } from 'react';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { DocumentRow } from '@/features/documents/types.ts';
import { PriceExplanation } from './PriceExplanation.tsx';
import { priceSourceLabel, PriceSourceTag } from './PriceSourceTag.tsx';

interface Props {
  row: DocumentRow;
  tipologiaLabel?: (value: string) => string | undefined;
}

/**
 * The price source tag as a button: reached by Tab, it opens (Enter, Space or a click) the same
 * explanation the row dialog gives (PriceExplanation: the list, the article, its price, the
 * patterns, or why there is none), in a panel that Escape or a click outside closes.
 */
export function PriceSourceButton({ row, tipologiaLabel }: Props) {
  const panel = useRef<OverlayPanel>(null);
  if (!row.price_source && !row.price_reason) return null;
  const what = row.price_source ? priceSourceLabel(row.price_source, tipologiaLabel) : 'senza prezzo di riferimento';
  return (
    <>
      <button
        type="button"
        className="doc-src-button"
        aria-label={`Fonte del prezzo, riga N° ${row.row_index}: ${what}`}
        aria-haspopup="dialog"
        data-testid="price-source-button"
        onClick={(e) => panel.current?.toggle(e)}
      >
        <PriceSourceTag source={row.price_source} reason={row.price_reason} tipologiaLabel={tipologiaLabel} />
      </button>
      <OverlayPanel ref={panel} className="doc-src-panel" closeOnEscape aria-label={`Prezzo di riferimento della riga N° ${row.row_index}`} role="dialog">
        <PriceExplanation row={row} tipologiaLabel={tipologiaLabel} />
      </OverlayPanel>
    </>
  );
}
