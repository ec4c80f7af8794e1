import { describe, expect, it } from 'vitest';
import { applyPatterns, normalizeCode, plannedLists, toscanaYear, type PriceListHead } from '../../../shared/domain/pricing.ts';
import { searchTerms } from '../../../shared/domain/fold.ts';
import { deriveRow, documentTotals } from '../../../shared/domain/totals.ts';
import { UNSAFE_PATTERN, validatePattern } from '../../../functions/services/patterns.ts';

const head = (source: PriceListHead['source'], key: string, year: number): PriceListHead => ({
  list_id: `${source}#${key}#${year}`,
  source,
  key,
  year,
  version: `${source}#${key}#${year}#v1`,
  total_rows: 10,
  updated_at: '2025-01-01T00:00:00Z',
});

const HEADS = [
  head('toscana', 'LUCCA', 2024),
  head('toscana', 'LUCCA', 2025),
  head('toscana', 'FIRENZE', 2025),
  head('dei', 'nuove_costruzioni', 2023),
  head('dei', 'nuove_costruzioni', 2025),
  head('dei', 'impianti_elettrici', 2025),
  head('csv', 'DATI', 0),
];
const ids = (plan: PriceListHead[]) => plan.map((h) => h.list_id);

describe('which lists price a code', () => {
  it('sends a TOSyy_ code of a Lucca document to the Lucca list of that year, then DEI, then CSV', () => {
    expect(ids(plannedLists({ code: 'TOS24_01.A03.001', provincia: 'LU', tipologia_dei: 'nuove_costruzioni' }, HEADS))).toEqual([
      'toscana#LUCCA#2024',
      'dei#nuove_costruzioni#2025',
      'csv#DATI#0',
    ]);
  });

  it('treats LU and LUCCA as the same province and falls back to the latest year', () => {
    expect(ids(plannedLists({ code: 'TOS22_01.A03.001', provincia: 'LUCCA', tipologia_dei: null }, HEADS))[0]).toBe('toscana#LUCCA#2025');
    expect(ids(plannedLists({ code: 'A016.020.02', provincia: 'Lucca', tipologia_dei: null }, HEADS))[0]).toBe('toscana#LUCCA#2025');
  });

  it('uses the DEI list of the row typology, latest year, outside Tuscany', () => {
    expect(ids(plannedLists({ code: 'A25093', provincia: 'PG', tipologia_dei: 'nuove_costruzioni' }, HEADS))).toEqual(['dei#nuove_costruzioni#2025', 'csv#DATI#0']);
    expect(ids(plannedLists({ code: 'A25093', provincia: 'PG', tipologia_dei: 'architettura' }, HEADS))).toEqual(['csv#DATI#0']);
  });

  it('looks for a Tuscan code of a non-Tuscan document in every Toscana list of its year', () => {
    expect(ids(plannedLists({ code: 'TOS25_01.A03.001', provincia: 'MI', tipologia_dei: null }, HEADS))).toEqual(['toscana#FIRENZE#2025', 'toscana#LUCCA#2025', 'csv#DATI#0']);
  });
});

describe('codes', () => {
  it('normalises case and stray spaces', () => {
    expect(normalizeCode(' tos25_01.a03 .001 ')).toBe('TOS25_01.A03.001');
    expect(toscanaYear('TOS25_01.A03.001')).toBe(2025);
    expect(toscanaYear('A25093')).toBeNull();
  });

  it('applies the admin patterns in order', () => {
    const patterns = [
      { pattern: '^T\\.(\\d{2})_', replacement: 'TOS$1_' },
      { pattern: '\\.$', replacement: '' },
      { pattern: 'ignored', replacement: null },
    ];
    expect(applyPatterns('t.25_01.A03.001.', patterns)).toBe('TOS25_01.A03.001');
  });

  it('folds accents and case for search', () => {
    expect(searchTerms('Calcestruzzo per opere in c.a., classe di esposizione XC1 — getto è')).toEqual(
      expect.arrayContaining(['calcestruzzo', 'per', 'opere', 'classe', 'esposizione', 'xc1', 'getto']),
    );
  });
});

describe('pattern safety', () => {
  it.each(['(a+)+$', '(x|x)*y', '(\\w+\\s?)*$', '(a)\\1', '(.*a){20}'])('rejects %s', (p) => {
    expect(() => validatePattern(p)).toThrow(/rifiutata|non valida/);
  });
  it('rejects an invalid expression with the reason', () => {
    expect(() => validatePattern('([')).toThrow(/Espressione regolare non valida/);
  });
  it('accepts ordinary code patterns', () => {
    expect(validatePattern('^TOS(\\d{2})_(\\d{2})\\.([A-Z]\\d{2})')).toBeTruthy();
  });
  it.each([
    '[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+X',
    '\\d+\\d+\\d+\\d+',
    '(\\w+)(\\w+)(\\w+)(\\w+)X',
    '\\w+-?\\w+_?\\w+\\w*',
    '.*[A-Z]+\\w+.+$',
  ])('rejects more than three unbounded quantifiers in a row over overlapping characters: %s', (p) => {
    expect(() => validatePattern(p)).toThrow(UNSAFE_PATTERN);
  });
  it.each(['(?=A)B', '(?!A)B', '(?<=A)B', '(?<!A)B', '(?<n>A)\\k<n>'])('rejects lookarounds and backreferences, which RE2 cannot run: %s', (p) => {
    expect(() => validatePattern(p)).toThrow(UNSAFE_PATTERN);
  });
  it('rejects syntax RE2 does not know, with the reason', () => {
    expect(() => validatePattern('\\u00e0')).toThrow(/^Espressione regolare non valida: invalid escape sequence/);
    expect(() => validatePattern('A{1001}')).toThrow(/^Espressione regolare non valida: invalid repeat count/);
  });
  it.each(['^TOS(\\d{2})_', '^T\\.(\\d{2})_', '\\.$', '[A-Z]+\\d+[A-Z]+\\d+', '.*\\d+.*', '^(?<anno>\\d{2})_(\\w+)$', '(?:AB)+(?:CD)+(?:EF)+(?:GH)+'])(
    'accepts ordinary code patterns: %s',
    (p) => {
      expect(validatePattern(p)).toBe(p);
    },
  );
  it('replaces like String.prototype.replace: first match, $1, $<name>, $& and $$', () => {
    expect(applyPatterns('TOS25_01.A03', [{ pattern: '^TOS(\\d{2})_', replacement: 'T$1-' }])).toBe('T25-01.A03');
    expect(applyPatterns('A1B2', [{ pattern: '(?<n>\\d)', replacement: '[$<n>$$$&]' }])).toBe('A[1$1]B2');
    expect(applyPatterns('A1', [{ pattern: '(\\d)', replacement: '$2$1' }])).toBe('A$21');
  });
  it('runs any stored pattern in linear time, even one the validator refuses', () => {
    const hostile = [
      { pattern: '^(A|AA)+$', replacement: 'x' },
      { pattern: '[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+[A-Z]+X', replacement: 'y' },
      { pattern: '(.*A){20}$', replacement: 'z' },
      { pattern: '(\\w+\\s?)*$', replacement: 'w' },
    ];
    const started = performance.now();
    for (let i = 0; i < 20; i++) applyPatterns('A'.repeat(99) + '!', hostile);
    expect(performance.now() - started).toBeLessThan(1000);
  });
  it('skips a stored pattern RE2 cannot compile', () => {
    expect(applyPatterns('AA1', [{ pattern: '(A)\\1', replacement: 'x' }, { pattern: '1$', replacement: '2' }])).toBe('AA2');
  });
});

describe('row and document arithmetic', () => {
  it('derives db total, difference and variation exactly', () => {
    expect(deriveRow({ quantita: 2034.5, unitario: 5.59, totale: 11372.86, prezzo_db: 6 })).toEqual({
      prezzo_totale_db: 12207,
      differenza_totale_db: 834.14,
      variazione_percentuale: 7.33,
    });
  });
  it('keeps a missing price empty, never zero', () => {
    expect(deriveRow({ quantita: 1, unitario: 10, totale: 10, prezzo_db: null })).toEqual({ prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null });
  });
  it('is congruent within 0.01', () => {
    expect(documentTotals([{ totale: 0.1, prezzo_totale_db: null }, { totale: 0.2, prezzo_totale_db: null }], 0.3).congruent).toBe(true);
    expect(documentTotals([{ totale: 0.1, prezzo_totale_db: null }], 0.12).congruent).toBe(false);
  });
});

describe('document difference', () => {
  it('compares the database total with the totals of the same priced rows only', () => {
    const t = documentTotals(
      [
        { totale: 100, prezzo_totale_db: 110 },
        { totale: 900, prezzo_totale_db: null },
      ],
      1000,
    );
    expect(t).toMatchObject({ sum_totale: 1000, document_total_db: 110, priced_rows: 1, priced_totale: 100, difference_db: 10, difference_db_percent: 10, congruent: true });
  });
});
