import { useCallback } from 'react';
import type { DocumentItem, DocumentRow } from '@/features/documents/types.ts';

/**
 * "Cerca nel prezzario": /search in a new tab, q = the tariff code, on the list that priced the
 * row (DEI typology or Toscana province, with its year); else where the rules would look first.
 * The row's description goes along: a code no list has (a new price, NP_OC062) shows the
 * articles most like it.
 */
export function usePriceSearch(document: Pick<DocumentItem, 'provincia' | 'tipologia_dei'>, notify: (severity: 'error', text: string) => void) {
  const { provincia, tipologia_dei } = document;
  return useCallback(
    (row: DocumentRow) => {
      const code = row.tariffa?.trim();
      if (!code) {
        notify('error', 'Codice tariffa mancante per la ricerca');
        return;
      }
      try {
        const params = new URLSearchParams({ q: code, type: 'price-list' });
        const descrizione = row.descrizione?.trim();
        if (descrizione) params.set('descrizione', descrizione.slice(0, 1000));
        const source = row.price_source;
        if (source?.list === 'toscana' || source?.list === 'dei') {
          params.set(source.list === 'toscana' ? 'provincia' : 'tipologia_dei', String(source.key));
          params.set('anno', String(source.year));
        } else {
          const tipologia = row.tipologia_dei || tipologia_dei;
          if (tipologia) params.set('tipologia_dei', tipologia);
          if (provincia) params.set('provincia', provincia);
        }
        window.open(`/search?${params.toString()}`, '_blank', 'noopener');
      } catch {
        notify('error', "Errore nell'apertura della ricerca prezzi");
      }
    },
    [provincia, tipologia_dei, notify],
  );
}
