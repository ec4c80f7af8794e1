import type { PriceSource } from '@/features/documents/types.ts';

/** 'Toscana FIRENZE 2025', 'DEI NUOVE COSTRUZIONI 2025', 'Manuale'. */
export function priceSourceLabel(source: PriceSource | null, tipologiaLabel?: (value: string) => string | undefined): string {
  if (!source) return '';
  const list = String(source.list ?? '').toLowerCase();
  if (list === 'manuale') return 'Manuale';
  if (list === 'suggerito') return ['Suggerito', source.key, source.year].filter(Boolean).join(' ');
  if (list === 'toscana') return ['Toscana', source.key, source.year].filter(Boolean).join(' ');
  if (list === 'dei') return ['DEI', tipologiaLabel?.(source.key) ?? source.key, source.year].filter(Boolean).join(' ');
  return [source.list, source.key, source.year].filter(Boolean).join(' ');
}

/** The tag's text: the column is narrow; the tooltip has the full label. */
const SHORT: Record<string, string> = { toscana: 'TOS', dei: 'DEI', manuale: 'MAN', suggerito: 'SUG' };

interface Props {
  source: PriceSource | null;
  /** Why there is no reference price, shown instead of a tag. */
  reason?: string | null;
  tipologiaLabel?: (value: string) => string | undefined;
}

/**
 * A small tag with the list the database price comes from; the full label, the article and any
 * unit warning in its tooltip and aria-label. A row without a price shows why.
 */
export function PriceSourceTag({ source, reason, tipologiaLabel }: Props) {
  if (!source) {
    if (!reason) return null;
    const text = `Senza prezzo di riferimento: ${reason}`;
    return (
      <span className="doc-src doc-src-none" role="img" title={text} aria-label={text} data-testid="price-reason">
        <i className="pi pi-question-circle" aria-hidden="true" />
      </span>
    );
  }
  const list = String(source.list ?? '').toLowerCase();
  const label = priceSourceLabel(source, tipologiaLabel);
  const article = [source.code, source.descrizione && `${source.descrizione.slice(0, 160)}${source.descrizione.length > 160 ? '…' : ''}`, source.unita_di_misura].filter(Boolean).join(' · ');
  const title = [list === 'manuale' || !source.code ? label : `${label} · ${article}`, source.unit_warning].filter(Boolean).join('\n');
  return (
    <span className={`doc-src doc-src-${SHORT[list] ? list : 'other'}`} role="img" title={title} aria-label={title.replace('\n', '. ')} data-testid="price-source">
      {SHORT[list] ?? source.list}
      {source.unit_warning && <i className="pi pi-exclamation-triangle doc-src-warn" aria-hidden="true" />}
    </span>
  );
}
