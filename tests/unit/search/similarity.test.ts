import { describe, expect, it } from 'vitest';
import { similarity, similarityPercent, termOverlap } from '../../../shared/domain/similarity.ts';
import { termsOf } from '../../../functions/prezzari/terms.ts';

describe('similarity of a row and an article', () => {
  it('is 1 for the same words in the same unit, whatever the inflection, accents and unit spelling', () => {
    const row = { terms: termsOf('Pozzetti prefabbricati in calcestruzzo'), unit: 'm²' };
    const article = { terms: termsOf('POZZETTO PREFABBRICATO DI CALCESTRUZZO'), unit: 'mq' };
    expect(similarity(row, article)).toBe(1);
  });

  it('weighs the unit: the same words in another unit score lower', () => {
    const terms = termsOf('Scavo a sezione obbligata');
    expect(similarity({ terms, unit: 'mc' }, { terms, unit: 'mq' })).toBeLessThan(similarity({ terms, unit: 'mc' }, { terms, unit: 'm3' }));
  });

  it('grows with the words in common and ignores stop words', () => {
    const row = termsOf('Massetto in sabbia e cemento spessore 5 cm');
    expect(termOverlap(row, termsOf('Massetto di sabbia e cemento, spessore 5 cm'))).toBe(1);
    expect(termOverlap(row, termsOf('Massetto alleggerito'))).toBeGreaterThan(termOverlap(row, termsOf('Intonaco civile')));
    expect(termOverlap(row, termsOf('Intonaco civile'))).toBe(0);
    expect(similarityPercent(0.874)).toBe('87%');
  });
});
