import { describe, expect, it } from 'vitest';
import { buildIndex, highlightRanges, loadStoredIndex, rankIndex } from '../../../functions/prezzari/search-index.ts';
import type { PriceItem } from '../../../functions/storage/repositories/price-lists.ts';

const item = (codice: string, descrizione: string, unita_di_misura = 'cad'): PriceItem => ({
  codice,
  codice_originale: codice,
  descrizione,
  unita_di_misura,
  prezzo: 10,
  prezzo_senza_sg: 8,
  anno: 2025,
  provincia: 'FIRENZE',
  tipologia: null,
  scostamento_perc_senza_sg_2024: null,
  scostamento_perc_su_anno_2024: null,
});

/** 600 articles that mention "pozzetto" somewhere, and the one whose title it is, last in code order. */
function crowdedList(): PriceItem[] {
  const items: PriceItem[] = [];
  for (let i = 0; i < 600; i++) {
    const code = `TOS25_04.E01.${String(i).padStart(3, '0')}.001`;
    items.push(item(code, `Scavo a sezione obbligata per tubazioni di scarico, ${i % 3 ? 'compreso' : 'escluso'} il raccordo al pozzetto esistente e il rinterro, profondità ${i} cm`, 'mc'));
  }
  items.push(item('TOS25_04.E99.001.001', 'Pozzetto prefabbricato in calcestruzzo vibrato, dimensioni interne 50x50x50 cm'));
  items.push(item('TOS25_06.D05.002.001', 'Geotessile non tessuto in polipropilene agugliato, grammatura 300 g/mq'));
  items.push(item('TOS25_06.D05.003.001', 'Strato di separazione in tessuto di juta'));
  items.push(item('TOS25_07.F01.001.001', 'Calcestruzzo per strutture di fondazione, classe di resistenza C25/30'));
  return items;
}

const index = loadStoredIndex(buildIndex('v1', crowdedList()));
const codes = (q: string, n = 5) => rankIndex(index, q, n).hits.map((h) => h.item.codice);

describe('ranked price search', () => {
  it('puts the article titled by the query word first among hundreds that mention it', () => {
    // Act
    const found = rankIndex(index, 'pozzetto', 20);
    // Assess
    expect(found.total).toBe(601);
    expect(found.hits[0].item.codice).toBe('TOS25_04.E99.001.001');
  });

  it('puts the exact code first, then the codes it begins', () => {
    expect(codes('TOS25_06.D05.002.001')).toEqual(['TOS25_06.D05.002.001']);
    const found = rankIndex(index, 'tos25_06.d05', 10);
    expect(found.hits.map((h) => h.tier)).toEqual([1, 1]);
    expect(found.total).toBe(2);
  });

  it('matches Italian inflections: plural and gender', () => {
    expect(codes('pozzetti prefabbricati')[0]).toBe('TOS25_04.E99.001.001');
    expect(codes('geotessili non tessuti')[0]).toBe('TOS25_06.D05.002.001');
    expect(codes('calcestruzzi fondazioni')[0]).toBe('TOS25_07.F01.001.001');
  });

  it('forgives one or two typos on longer words, ignoring accents and case', () => {
    expect(codes('geotesile')[0]).toBe('TOS25_06.D05.002.001');
    expect(codes('GEOTESSÌLE polipropilen')[0]).toBe('TOS25_06.D05.002.001');
    expect(codes('calcestruzo fondazzione')[0]).toBe('TOS25_07.F01.001.001');
    expect(codes('profondita 599')).toEqual(['TOS25_04.E01.599.001']);
  });

  it('needs every word of the query, and finds nothing for words no article has', () => {
    expect(rankIndex(index, 'pozzetto juta', 10).total).toBe(0);
    expect(rankIndex(index, 'ascensore', 10).total).toBe(0);
  });

  it('answers a word said twice as the word said once', () => {
    expect(codes('POZZETTO pozzetto pozzetto', 20)).toEqual(codes('pozzetto', 20));
    expect(rankIndex(index, 'pozzetto pozzetto', 10).total).toBe(rankIndex(index, 'pozzetto', 10).total);
  });

  it('pages through the same ranking', () => {
    const first = rankIndex(index, 'scavo tubazioni', 10, 0).hits.map((h) => h.item.codice);
    const second = rankIndex(index, 'scavo tubazioni', 10, 10).hits.map((h) => h.item.codice);
    expect(second).toHaveLength(10);
    expect(second.filter((c) => first.includes(c))).toEqual([]);
  });

  it('highlights the words of the description the query matched, as written', () => {
    const [top] = rankIndex(index, 'pozzetti prefabbricati', 1).hits;
    const text = top.item.descrizione;
    expect(highlightRanges(text, top.terms).map(([s, e]) => text.slice(s, e))).toEqual(['Pozzetto', 'prefabbricato']);
  });
});

describe('type-ahead', () => {
  it('finds the words a partly typed word begins, whatever its stem', () => {
    const list = loadStoredIndex(buildIndex('v2', [item('A.1', 'Scavo di sbancamento in terreni sciolti', 'mc'), item('A.2', 'Scavo a sezione obbligata', 'mc')]));
    expect(rankIndex(list, 'SCAVO sbancam', 5).hits.map((h) => h.item.codice)).toEqual(['A.1']);
    expect(rankIndex(list, 'scavo sezi', 5).hits.map((h) => h.item.codice)).toEqual(['A.2']);
  });
});

describe('pieces of codes', () => {
  it('finds the codes that contain a dotted piece of code', () => {
    expect(codes('E01.599', 5)).toEqual(['TOS25_04.E01.599.001']);
    expect(rankIndex(index, '599.001', 5).total).toBe(1);
  });
});
