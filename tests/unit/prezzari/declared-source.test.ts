import { describe, expect, it } from 'vitest';
import { declaredWarnings } from '../../../functions/prezzari/declared.ts';
import type { PriceRow } from '../../../functions/prezzari/readers/types.ts';

const row = (codice: string): PriceRow => ({
  codice,
  descrizione: 'Voce di prova',
  unita_di_misura: 'mq',
  prezzo: 10,
  prezzo_senza_sg: null,
  anno: null,
  provincia: null,
  tipologia: null,
  scostamento_perc_senza_sg_2024: null,
  scostamento_perc_su_anno_2024: null,
});
const nothingDeclared = { provincia: null, tipologia: null, anno: null, fonti: [] };

describe('a price list whose codes belong to another source', () => {
  it('warns loudly when a DEI list is uploaded as Toscana', () => {
    // Prepare: DEI codes
    const rows = Array.from({ length: 25 }, (_, i) => row(`A${String(25000 + i)}`));
    // Act
    const warnings = declaredWarnings(nothingDeclared, { source: 'toscana', key: 'PISA', year: 2025 }, rows);
    // Assess
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^La maggior parte dei codici del file \(25 su 25, ad esempio A25000\) non sono codici della Regione Toscana .*il file sembra un prezzario DEI, non un prezzario Toscana\. Confermando, sarà sovrascritto/);
  });

  it('says nothing for a Toscana list of Toscana codes', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(`TOS25_01.A03.001.${String(i).padStart(3, '0')}`));
    expect(declaredWarnings(nothingDeclared, { source: 'toscana', key: 'PISA', year: 2025 }, rows)).toEqual([]);
  });
});
