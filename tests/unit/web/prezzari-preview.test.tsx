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

  it('shows a source alert above the table, once, and keeps the confirmation disabled until it is acknowledged', () => {
    // Prepare
    const alert = 'La maggior parte dei codici del file (5 su 5, ad esempio A15011a) non sono codici della Regione Toscana (TOSnn_…): il file sembra un prezzario DEI, non un prezzario Toscana.';
    const card = (alerts: string[]) =>
      renderToString(
        <PreviewCard
          preview={{
            temp_file_id: '00000000-0000-0000-0000-000000000000',
            total_rows: 1,
            preview: [{ codice: 'A15011a', tariffa: 'A15011a', descrizione: 'Scavo', unita_di_misura: 'mc', prezzo: 6, prezzo_senza_sg: null, anno: 2025, provincia: 'PISA', tipologia_dei: null }],
            columns: { recognised: [{ field: 'codice', column: 'Codice' }], missing: [] },
            warnings: [alert],
            source_alerts: alerts,
            target: { source: 'toscana', key: 'PISA', year: 2025 },
          }}
          confirming={false}
          onConfirm={() => undefined}
          onCancel={() => undefined}
        />,
      ).replace(/<!-- -->/g, '');
    // Act
    const alerted = card([alert]);
    const plain = card([]);
    // Assess
    expect(alerted.split(alert)).toHaveLength(2);
    expect(alerted.indexOf(alert)).toBeLessThan(alerted.indexOf('<table'));
    expect(alerted).toContain('role="alert"');
    expect(alerted).toContain('Ho verificato il file: importarlo comunque come Prezzario Toscana PISA 2025');
    const confirmButton = (html: string) => /<button[^>]*aria-label="Conferma Importazione"[^>]*>|<button[^>]*>(?:(?!<\/button>).)*Conferma Importazione/s.exec(html)![0];
    expect(confirmButton(alerted)).toContain('disabled');
    expect(confirmButton(plain)).not.toContain('disabled');
    expect(plain).not.toContain('Ho verificato il file');
  });
});
