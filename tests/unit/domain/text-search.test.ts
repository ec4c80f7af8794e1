import { describe, expect, it } from 'vitest';
import { textMatcher } from '../../../shared/text-search.ts';

const ROWS = [
  'TOS25_04.E02.015.001\nPozzetto prefabbricato in calcestruzzo vibrato, dimensioni 50x50x50 cm',
  'TOS25_04.E02.016.001\nPozzetti di ispezione in calcestruzzo',
  'TOS25_01.A04.009.002\nScavo di sbancamento eseguito con mezzi meccanici',
  'TOS25_06.D05.002.001\nGeotessile non tessuto in polipropilene, grammatura 300 g/mq',
  'E01.001a\nChiusino in ghisa sferoidale classe D400',
];

describe('search inside a document', () => {
  const matcher = textMatcher(ROWS);

  it('forgives a typo as the price-list search does ("pozzeto" finds the rows of "pozzetto")', () => {
    expect(matcher.find('pozzeto')).toEqual([0, 1]);
    expect(matcher.find('sbancameto')).toEqual([2]);
    expect(matcher.find('geotesile tesuto')).toEqual([3]);
  });

  it('meets inflections on their stems, ignoring accents and case', () => {
    expect(matcher.find('pozzetti prefabbricati')).toEqual([0]);
    expect(matcher.find('SFEROIDALE')).toEqual([4]);
    expect(matcher.find('scàvo')).toEqual([2]);
  });

  it('still finds pieces of text and codes as typed', () => {
    expect(matcher.find('TOS25_04')).toEqual([0, 1]);
    expect(matcher.find('e02.016')).toEqual([1]);
    expect(matcher.find('d400')).toEqual([4]);
    expect(matcher.find('ispez')).toEqual([1]);
  });

  it('asks every word, and a word no row has finds nothing; no typo forgiven on short words or numbers', () => {
    expect(matcher.find('pozzetto ghisa')).toEqual([]);
    expect(matcher.find('qzxvkj')).toEqual([]);
    expect(matcher.find('gisa')).toEqual([]);
    expect(matcher.find('d401')).toEqual([]);
  });

  it('gives every row for an empty query', () => {
    expect(matcher.find('  ')).toEqual([0, 1, 2, 3, 4]);
  });
});
