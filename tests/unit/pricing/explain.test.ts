import { describe, expect, it } from 'vitest';
import { applyPatternsTraced, missingPriceReason, normalizeUnit, unitMismatch, type PriceListHead } from '../../../shared/domain/pricing.ts';

const head = (source: PriceListHead['source'], key: string, year: number): PriceListHead => ({ list_id: `${source}#${key}#${year}`, source, key, year, version: 'v', total_rows: 1, updated_at: '' });
const label = (v: string) => ({ nuove_costruzioni: 'Nuove costruzioni' })[v];

describe('why a row has no reference price', () => {
  it('names the lists the code was looked in', () => {
    expect(missingPriceReason({ code: 'TOS25_99.Z99.999', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }, [head('toscana', 'LUCCA', 2025), head('dei', 'nuove_costruzioni', 2025)], undefined, label)).toBe(
      'codice non presente nel prezzario Toscana LUCCA 2025 né nel prezzario DEI Nuove costruzioni 2025',
    );
  });
  it('says which list is missing', () => {
    expect(missingPriceReason({ code: 'A25093', provincia: 'PG', tipologia_dei: 'nuove_costruzioni' }, [], undefined, label)).toBe('nessun prezzario DEI caricato per la tipologia Nuove costruzioni');
    expect(missingPriceReason({ code: 'TOS25_01.A03.001', provincia: 'LU', tipologia_dei: null }, [], undefined, label)).toBe('nessun prezzario Toscana caricato per la provincia di LUCCA');
    expect(missingPriceReason({ code: 'X1', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }, [head('toscana', 'LUCCA', 2025)], undefined, label)).toBe(
      'codice non presente nel prezzario Toscana LUCCA 2025; nessun prezzario DEI caricato per la tipologia Nuove costruzioni',
    );
  });
  it('tells a row without a code and an article without a price', () => {
    expect(missingPriceReason({ code: '  ', provincia: 'LU', tipologia_dei: null }, [])).toBe('codice non riconosciuto: la riga non ha una tariffa');
    expect(missingPriceReason({ code: 'A1', provincia: 'LU', tipologia_dei: null }, [head('toscana', 'LUCCA', 2025)], head('toscana', 'LUCCA', 2025))).toBe('articolo senza prezzo nel prezzario Toscana LUCCA 2025');
  });
});

describe('units and patterns', () => {
  it('treats the usual spellings of one unit as one', () => {
    for (const [a, b] of [['mq', 'm²'], ['M2', 'mq.'], ['cad.', 'n.'], ['mc', 'm³'], ['a corpo', 'A CORPO']]) expect(normalizeUnit(a)).toBe(normalizeUnit(b));
    expect(unitMismatch('m²', 'mq')).toBeNull();
    expect(unitMismatch('m²', 'm³')).toBe('Unità di misura diversa: la riga è in m², l\u2019articolo del prezzario in m³');
    expect(unitMismatch('', 'm³')).toBeNull();
  });
  it('says which admin patterns rewrote the code', () => {
    const traced = applyPatternsTraced('tos 25_01.a03', [
      { pattern: '^TOS 25_', replacement: 'TOS25_' },
      { pattern: '^NOPE', replacement: 'X' },
      { pattern: '\\.A03$', replacement: '.A03.001' },
    ]);
    expect(traced).toEqual({ code: 'TOS25_01.A03.001', applied: ['^TOS 25_', '\\.A03$'] });
  });
});
