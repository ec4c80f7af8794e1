import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTuscan, provinceCode } from '@shared/domain/provinces.ts';

export interface SearchUrl {
  q: string;
  filter?: string;
  anno?: string;
  page?: number;
  /** The row's description, from the document page: searched when the code finds nothing. */
  descrizione?: string;
}

/**
 * 'Ricerca Codice' keeps q, tipologia_provincia, anno and page in the URL. The document page opens
 * ?q=CODE&type=price-list&tipologia_dei=..&provincia=..: those are folded into the filter.
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const filter = params.get('tipologia_provincia') ?? '';
  const anno = params.get('anno') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const descrizione = (params.get('descrizione') ?? '').trim();

  useEffect(() => {
    const tipologiaDei = params.get('tipologia_dei');
    const provincia = params.get('provincia');
    if (!tipologiaDei && !provincia && !params.has('type')) return;
    const next = new URLSearchParams(params);
    next.delete('tipologia_dei');
    next.delete('provincia');
    next.delete('type');
    if (!next.get('tipologia_provincia')) {
      // A Tuscan province is priced from the Toscana list, otherwise the row's DEI typology.
      const mapped = provincia && isTuscan(provincia) ? (provinceCode(provincia) ?? provincia) : tipologiaDei || provincia;
      if (mapped) next.set('tipologia_provincia', mapped);
    }
    setParams(next, { replace: true });
  }, [params, setParams]);

  /** Opens the search in the URL; false when the URL would not change (the caller searches again). */
  const go = (next: SearchUrl, options: { replace?: boolean } = {}): boolean => {
    const p = new URLSearchParams();
    p.set('q', next.q);
    if (next.filter) p.set('tipologia_provincia', next.filter);
    if (next.anno) p.set('anno', next.anno);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    if (next.descrizione) p.set('descrizione', next.descrizione);
    if (p.toString() === params.toString()) return false;
    setParams(p, { replace: options.replace });
    return true;
  };

  return { q, filter, anno, page, descrizione, go };
}
