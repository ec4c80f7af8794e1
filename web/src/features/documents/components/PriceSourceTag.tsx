import type { PriceSource } from '../types.ts';

/** 'Toscana FIRENZE 2025', 'DEI NUOVE COSTRUZIONI 2025', 'Manuale'. */
export function priceSourceLabel(source: PriceSource | null, tipologiaLabel?: (value: string) => string | undefined): string {
  if (!source) return '';
  const list = String(source.list ?? '').toLowerCase();
  if (list === 'manuale') return 'Manuale';
  if (list === 'toscana') return ['Toscana', source.key, source.year].filter(Boolean).join(' ');
  if (list === 'dei') return ['DEI', tipologiaLabel?.(source.key) ?? source.key, source.year].filter(Boolean).join(' ');
  return [source.list, source.key, source.year].filter(Boolean).join(' ');
}

/** The tag's text: the column is narrow; the tooltip has the full label. */
const SHORT: Record<string, string> = { toscana: 'TOS', dei: 'DEI', manuale: 'MAN' };

/** A small tag with the list the database price comes from; the full label (and code) in its tooltip and aria-label. */
export function PriceSourceTag({ source, tipologiaLabel }: { source: PriceSource | null; tipologiaLabel?: (value: string) => string | undefined }) {
  if (!source) return null;
  const list = String(source.list ?? '').toLowerCase();
  const label = priceSourceLabel(source, tipologiaLabel);
  const title = list === 'manuale' || !source.code ? label : `${label} · ${source.code}`;
  return (
    <span className={`doc-src doc-src-${SHORT[list] ? list : 'other'}`} title={title} aria-label={title} data-testid="price-source">
      {SHORT[list] ?? source.list}
    </span>
  );
}
