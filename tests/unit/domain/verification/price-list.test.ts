import { describe, expect, it } from 'vitest';
import { codiceNonInPrezzario, deviationPercent, isNewPrice, nuoviPrezzi, scostamentoPrezzo, unita } from '../../../../shared/domain/verification/price-list.ts';
import { normalizeUnit, sameUnit } from '../../../../shared/domain/units.ts';
import type { RowListInfo } from '../../../../shared/domain/verification/types.ts';
import { found, noList, notFound, row } from './rows.ts';

const lists = (entries: Array<[number, RowListInfo]>) => new Map(entries);

describe('units vocabulary', () => {
  it('tells equivalent spellings the same unit', () => {
    for (const [a, b] of [['mq', 'm²'], ['m2', 'MQ.'], ['mc', 'm³'], ['m3', 'mc.'], ['cad.', 'cad'], ['n.', 'cad'], ['nr', 'cadauno']]) expect(sameUnit(a, b), `${a} ${b}`).toBe(true);
    expect(sameUnit('m²', 'm³')).toBe(false);
    expect(sameUnit('', 'm³')).toBeNull();
    expect(normalizeUnit('M²')).toBe('m2');
  });
});

describe('unita', () => {
  it('flags a row whose unit differs from its article, not the equivalent spellings', () => {
    const same = row({ unita_di_misura: 'mq' });
    const cad = row({ unita_di_misura: 'cad.' });
    const wrong = row({ tariffa: 'A.1', unita_di_misura: 'm²' });
    const c = unita([same, cad, wrong], lists([[same.id, found('m²', 12.5)], [cad.id, found('cad', 12.5)], [wrong.id, found('m³', 12.5)]]));
    expect(c).toMatchObject({ regola: 'unita', esito: 'errore', righe: [wrong.id] });
    expect(c.messaggio).toContain('A.1: m² invece di m³');
  });

  it('is not verifiable when no row is matched to an article', () => {
    const r = row();
    expect(unita([r], lists([[r.id, notFound]])).esito).toBe('non_verificabile');
    expect(unita([r], new Map()).esito).toBe('non_verificabile');
  });
});

describe('scostamento_prezzo', () => {
  it('computes the deviation exactly, half-up', () => {
    expect(deviationPercent(12, 10)).toEqual({ units: 2000n, scale: 2 });
    expect(deviationPercent(10, 12)!.units).toBe(1667n);
    expect(deviationPercent(10, null)).toBeNull();
  });

  it('warns above the threshold, and the threshold moves it', () => {
    const at20 = row({ unitario: 12, totale: 120 });
    const at30 = row({ tariffa: 'C.9', unitario: 13, totale: 130 });
    const l = lists([[at20.id, found('m²', 10)], [at30.id, found('m²', 10)]]);
    const c = scostamentoPrezzo([at20, at30], l, 20);
    expect(c).toMatchObject({ esito: 'avviso', righe: [at30.id] });
    expect(c.messaggio).toBe(
      '1 voce su 2 si scosta dal prezzo del prezzario di oltre il 20 % (massimo 30,00 % su C.9). Lo scostamento è calcolato sul prezzo del prezzario; la colonna «Var. %» delle voci è calcolata sul prezzo del computo.',
    );
    expect(scostamentoPrezzo([at20, at30], l, 35).esito).toBe('superato');
    expect(scostamentoPrezzo([at20, at30], l, 15).righe).toEqual([at20.id, at30.id]);
  });

  it('is not verifiable without list prices', () => {
    const r = row();
    expect(scostamentoPrezzo([r], lists([[r.id, found('m²', null)]]), 20).esito).toBe('non_verificabile');
  });
});

describe('codice_non_in_prezzario and nuovi_prezzi', () => {
  it('recognises new prices', () => {
    for (const code of ['NP.01', 'NP01', 'N.P. 3', 'np-12', 'NP']) expect(isNewPrice(code), code).toBe(true);
    for (const code of ['NPA12', 'TOS25_01', 'A.NP.1', 'NOLO']) expect(isNewPrice(code), code).toBe(false);
  });

  it('flags a code in no loaded list, but not a new price nor a code that could not be looked up', () => {
    const inList = row();
    const missing = row({ tariffa: 'ZZ.99' });
    const np = row({ tariffa: 'NP.01' });
    const otherTypology = row({ tariffa: 'D.1' });
    const c = codiceNonInPrezzario([inList, missing, np, otherTypology], lists([[inList.id, found('m²', 12.5)], [missing.id, notFound], [np.id, notFound], [otherTypology.id, noList]]));
    expect(c).toMatchObject({ esito: 'avviso', righe: [missing.id] });
    expect(c.messaggio).toContain('ZZ.99');
    expect(c.messaggio).toContain('1 voce non è stata cercata');
  });

  it('is not verifiable when no list is loaded for the document', () => {
    const r = row();
    const c = codiceNonInPrezzario([r], lists([[r.id, noList]]));
    expect(c.esito).toBe('non_verificabile');
    expect(c.messaggio).toContain('Nessun prezzario è caricato');
  });

  it('gives the NP voci and their share of the total', () => {
    const np = row({ tariffa: 'NP.1', totale: 250, quantita: 20 });
    const c = nuoviPrezzi([row({ totale: 750, quantita: 60 }), np]);
    expect(c).toMatchObject({ esito: 'avviso', righe: [np.id] });
    expect(c.messaggio).toBe('1 voce a nuovo prezzo (NP) per 250,00 €, il 25,00 % del totale (1.000,00 €): ogni nuovo prezzo va giustificato con un\u2019analisi prezzi.');
    expect(nuoviPrezzi([row()]).esito).toBe('superato');
  });
});
