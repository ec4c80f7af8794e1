import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { PreviewCard } from '../../../web/src/features/prezzari/components/PreviewCard.tsx';
import { ENCODING_GUESSED } from '../../../functions/prezzari/readers/index.ts';

describe('price-list preview card', () => {
  it('shows the warning that the encoding was guessed, with the rows as read', () => {
    const html = renderToString(
      <PreviewCard
        preview={{
          temp_file_id: '00000000-0000-0000-0000-000000000000',
          total_rows: 1,
          preview: [{ codice: 'W.01', tariffa: 'W.01', descrizione: 'Porta \u201cREI 60\u201d (\u20ac/cad)', unita_di_misura: 'cad', prezzo: 1234.5, prezzo_senza_sg: null, anno: 2025, provincia: null, tipologia_dei: 'nuove_costruzioni' }],
          columns: { recognised: [{ field: 'codice', column: 'Codice' }], missing: [] },
          warnings: [ENCODING_GUESSED],
        }}
        confirming={false}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Codifica del file non dichiarata: letto come Windows-1252. Controlla che i caratteri accentati e il simbolo € siano corretti.');
    expect(html).toContain('Porta \u201cREI 60\u201d (\u20ac/cad)');
  });
});
