import { describe, expect, it } from 'vitest';
import { buildIndex, highlightRanges, loadStoredIndex, rankIndex, warmIndex, warmIndexInTurns } from '../../../functions/prezzari/search-index.ts';
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
    expect(codes('profondita 599')[0]).toBe('TOS25_04.E01.599.001');
  });

  it('finds nothing for words no article has', () => {
    expect(rankIndex(index, 'ascensore', 10).total).toBe(0);
    expect(rankIndex(index, 'ascensore', 10).missing).toEqual([]);
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

  it('answers a page deeper than those asked before with the ranking asked in one go', () => {
    // Prepare: a fresh index, whose first answer keeps only the first pages of the ranking
    const fresh = loadStoredIndex(buildIndex('v1', crowdedList()));
    const whole = rankIndex(index, 'scavo compreso', 600).hits.map((h) => h.item.codice);
    // Act
    const first = rankIndex(fresh, 'scavo compreso', 20, 0).hits.map((h) => h.item.codice);
    const deep = rankIndex(fresh, 'scavo compreso', 20, 300).hits.map((h) => h.item.codice);
    const again = rankIndex(fresh, 'scavo compreso', 20, 20).hits.map((h) => h.item.codice);
    // Assess
    expect(whole.length).toBeGreaterThan(320);
    expect(first).toEqual(whole.slice(0, 20));
    expect(deep).toEqual(whole.slice(300, 320));
    expect(again).toEqual(whole.slice(20, 40));
  });

  it('lists the codes a prefix begins after the exact code, in code order, page after page', () => {
    const all = crowdedList().map((i) => i.codice).filter((c) => c.startsWith('TOS25_04.E01.1')).sort();
    const pages = [0, 20, 40, 60, 80, 100].flatMap((offset) => rankIndex(index, 'tos25_04.e01.1', 20, offset).hits);
    expect(pages.map((h) => h.item.codice)).toEqual(all);
    expect(pages.every((h) => h.tier === 1)).toBe(true);
    const exact = rankIndex(index, 'TOS25_04.E01.10', 3).hits;
    expect(exact.map((h) => [h.item.codice, h.tier])).toEqual([['TOS25_04.E01.100.001', 1], ['TOS25_04.E01.101.001', 1], ['TOS25_04.E01.102.001', 1]]);
    expect(rankIndex(index, 'tos25_04.e01.100.001', 3).hits.map((h) => [h.item.codice, h.tier])).toEqual([['TOS25_04.E01.100.001', 0]]);
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
    expect(rankIndex(list, 'SCAVO sbancam', 5).hits[0].item.codice).toBe('A.1');
    expect(rankIndex(list, 'scavo sezi', 5).hits[0].item.codice).toBe('A.2');
  });
});

describe('pieces of codes', () => {
  it('finds the codes that contain a dotted piece of code', () => {
    expect(codes('E01.599', 5)).toEqual(['TOS25_04.E01.599.001']);
    expect(rankIndex(index, '599.001', 5).total).toBe(1);
  });

  it('lists every code holding the piece once, in code order, even where it holds it twice', () => {
    // Act: "01.00" is twice in "E01.001.001" and once in the other codes of chapter E01
    const found = rankIndex(index, '01.00', 1000);
    // Assess: the same codes as a plain scan, each once
    const expected = crowdedList()
      .map((i) => i.codice)
      .filter((c) => c.toLowerCase().includes('01.00'))
      .sort();
    expect(found.hits.map((h) => h.item.codice)).toEqual(expected);
    expect(found.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(10);
  });

  it('searches words beside a dotted or slashed number as words when no code holds them', () => {
    // Prepare
    const list = loadStoredIndex(buildIndex('s1', [item('TOS25_13.A01.001.001', 'Ponteggio metallico fisso conforme al D.Lgs. 81/2008'), item('TOS25_13.A01.002.001', 'Recinzione di cantiere')]));
    // Act
    const found = rankIndex(list, 'ponteggio 81/2008', 5);
    // Assess
    expect(found.hits.map((h) => [h.item.codice, h.tier])).toEqual([['TOS25_13.A01.001.001', 2]]);
  });

  it('puts first every row of an exact code that data lists several times (CODE#n)', () => {
    // Prepare
    const rows = loadStoredIndex(buildIndex('d1', [item('AB.01#1', 'Prima riga'), item('AB.01#2', 'Seconda riga'), item('AB.010', 'Altro articolo'), item('AB.01.5', 'Voce figlia')]));
    // Act
    const found = rankIndex(rows, 'ab.01', 10);
    // Assess
    expect(found.hits.map((h) => [h.item.codice, h.tier])).toEqual([
      ['AB.01#1', 0],
      ['AB.01#2', 0],
      ['AB.01.5', 1],
      ['AB.010', 1],
    ]);
  });
});

/** Twenty articles that repeat "geotessile" deep in long descriptions, and the one it names, last in code order. */
function geotextiles(): PriceItem[] {
  const items: PriceItem[] = [];
  for (let i = 0; i < 20; i++) {
    items.push(
      item(
        `TOS25_06.A${String(i).padStart(2, '0')}.001.001`,
        `Strato drenante in ghiaia lavata, spessore ${10 + i} cm, steso su piano di posa livellato, compreso il geotessile di separazione, il geotessile di protezione e il risvolto del geotessile sulle pareti, geotessile in rotoli sovrapposti per almeno 20 cm, geotessile escluso dalla misura`,
        'mq',
      ),
    );
  }
  items.push(item('TOS25_06.Z99.001.001', 'GEOTESSILE NON TESSUTO in polipropilene a filo continuo, agugliato, grammatura 200 g/mq', 'mq'));
  items.push(item('TOS25_07.A01.001.001', 'Telo in juta per protezione, non trattato, in tessuto leggero', 'mq'));
  items.push(item('TOS25_07.A01.002.001', 'Telo per protezione in juta, tessuto non trattato', 'mq'));
  items.push(item('TOS25_07.A01.003.001', 'Telo per protezione in juta non tessuto, trattato', 'mq'));
  items.push(item('TOS25_08.B01.001.001', 'Scavo di sbancamento in terreni di qualsiasi natura', 'mc'));
  items.push(item('TOS25_08.C01.001.001', 'Pozzetti prefabbricati in calcestruzzo vibrato, con fondo', 'cad'));
  items.push(item('TOS25_08.D01.001.001', 'Sabbia di fiume lavata', 'mc'));
  items.push(item('TOS25_08.D01.002.001', 'Gabbia metallica per gabbioni', 'kg'));
  return items;
}

describe('ranking by what a person means', () => {
  const list = loadStoredIndex(buildIndex('g1', geotextiles()));
  const top = (q: string, n = 3) => rankIndex(list, q, n).hits.map((h) => h.item.codice);

  it('puts the article named by the word above twenty that repeat it in long descriptions', () => {
    // Act
    const found = rankIndex(list, 'geotessile', 21);
    // Assess
    expect(found.total).toBe(21);
    expect(found.hits[0].item.codice).toBe('TOS25_06.Z99.001.001');
  });

  it('puts an exact phrase above the same words scattered', () => {
    // Both hold the phrase (the geotextile nearer the start of its name); the two that scatter the words follow.
    expect(top('non tessuto', 2).sort()).toEqual(['TOS25_06.Z99.001.001', 'TOS25_07.A01.003.001']);
    expect(top('non tessuto', 4).slice(2).sort()).toEqual(['TOS25_07.A01.001.001', 'TOS25_07.A01.002.001']);
  });

  it('forgives a typo on every word of five letters or more, always', () => {
    expect(top('geotesile tesuto')).toContain('TOS25_06.Z99.001.001');
    expect(top('geotesile tesuto')[0]).toBe('TOS25_06.Z99.001.001');
    expect(top('tesuto juta', 3)).toHaveLength(3);
    expect(top('sbancameto', 1)).toEqual(['TOS25_08.B01.001.001']);
    expect(top('pozzetto prefabbricato', 1)).toEqual(['TOS25_08.C01.001.001']);
    expect(top('pozetto prefabricato', 1)).toEqual(['TOS25_08.C01.001.001']);
  });

  it('ranks an exact word above a forgiven one, and forgives nothing under five letters', () => {
    expect(top('gabbia', 2)).toEqual(['TOS25_08.D01.002.001', 'TOS25_08.D01.001.001']);
    expect(top('sabbia', 2)).toEqual(['TOS25_08.D01.001.001', 'TOS25_08.D01.002.001']);
    expect(rankIndex(list, 'jota', 5).total).toBe(0);
    expect(rankIndex(list, 'iuta', 5).total).toBe(0);
  });

  it('highlights the words a typo matched, as written', () => {
    const [hit] = rankIndex(list, 'geotesile', 1).hits;
    const text = hit.item.descrizione;
    expect(highlightRanges(text, hit.terms).map(([s, e]) => text.slice(s, e))).toEqual(['GEOTESSILE']);
  });
});

describe('missing words', () => {
  const list = loadStoredIndex(buildIndex('m1', geotextiles()));

  it('drops the word no article has and says so', () => {
    // Act
    const found = rankIndex(list, 'geotessile xyzzy', 20);
    // Assess
    expect(found.missing).toEqual(['xyzzy']);
    expect(found.used).toEqual(['geotessile']);
    expect(found.hits[0].item.codice).toBe('TOS25_06.Z99.001.001');
    expect(found.total).toBe(21);
  });

  it('reports only the words dropped before anything was found, not those dropped to fill the page', () => {
    // "geotesile tesuto" finds one article: "tesuto" is dropped too to fill the page, but it was found
    const found = rankIndex(list, 'geotesile tesuto xyzzy', 20);
    expect(found.missing).toEqual(['xyzzy']);
    expect(found.used).toEqual(['geotesile', 'tesuto']);
    expect(found.hits[0].item.codice).toBe('TOS25_06.Z99.001.001');
  });

  it('drops the rarest word first when all together find nothing', () => {
    const found = rankIndex(list, 'geotessile juta', 20);
    expect(found.missing).toEqual(['juta']);
    expect(found.total).toBe(21);
  });

  it('keeps the articles with every word first and reports nothing missing when some have them all', () => {
    const found = rankIndex(list, 'telo trattato tessuto', 20);
    expect(found.missing).toEqual([]);
    expect(found.hits.slice(0, 3).map((h) => h.item.codice).sort()).toEqual(['TOS25_07.A01.001.001', 'TOS25_07.A01.002.001', 'TOS25_07.A01.003.001']);
  });
});

describe('title levels', () => {
  it('finds articles by a word of their chapter, below an article whose name has it', () => {
    // Prepare
    const titled = { ...item('TOS25_18.W01.001.001', 'Sondaggio a rotazione fino a 30 m'), titoli: ['INDAGINI GEOGNOSTICHE', 'SONDAGGI GEOGNOSTICI'] };
    const named = item('TOS25_99.Z01.001.001', 'Indagini geognostiche preliminari a corpo');
    const list = loadStoredIndex(buildIndex('t1', [titled, named, item('TOS25_01.A01.001.001', 'Scavo a sezione obbligata')]));
    // Act
    const found = rankIndex(list, 'indagini', 10);
    // Assess
    expect(found.hits.map((h) => h.item.codice)).toEqual(['TOS25_99.Z01.001.001', 'TOS25_18.W01.001.001']);
  });
});

describe('warming a loaded index', () => {
  it('asks its own words and codes, leaves no cached answer, and ranks as an index never warmed', () => {
    // Prepare
    const cold = loadStoredIndex(buildIndex('w1', crowdedList()));
    const warm = loadStoredIndex(buildIndex('w1', crowdedList()));
    // Act
    warmIndex(warm);
    // Assess
    expect(warm.recent.size).toBe(0);
    expect(warm.reaches.size).toBe(0);
    for (const q of ['pozzetto', 'geotesile tesuto', 'scavo xyzzy', 'TOS25_04.E01', '599.001']) {
      const a = rankIndex(cold, q, 10);
      const b = rankIndex(warm, q, 10);
      expect(b.hits.map((h) => [h.item.codice, h.score])).toEqual(a.hits.map((h) => [h.item.codice, h.score]));
      expect([b.total, b.missing]).toEqual([a.total, a.missing]);
    }
  });

  it('on the API\u2019s thread, warms a step at a time with other work running in between, to the same end', async () => {
    // Prepare: a count of the event loop's turns while the warming runs
    const index = loadStoredIndex(buildIndex('w2', crowdedList()));
    let turns = 0;
    let warming = true;
    const turn = () => {
      if (!warming) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    // Act
    await warmIndexInTurns(index);
    warming = false;
    // Assess: many turns ran (one per step), and no cached answer is left
    expect(turns).toBeGreaterThan(20);
    expect(index.recent.size).toBe(0);
    expect(index.reaches.size).toBe(0);
  });
});
