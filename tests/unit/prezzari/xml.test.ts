import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PriceFileError, readPriceFile } from '../../../functions/prezzari/readers/index.ts';
import { toscanaXmlPath, utf8 } from './fixtures.ts';

describe('readPriceFile: Regione Toscana EASY XML (corpus excerpt, Firenze 2025)', () => {
  it('reads the 9 articles with codes, units, prices, year and province', async () => {
    // Prepare
    const bytes = new Uint8Array(fs.readFileSync(toscanaXmlPath));
    // Act
    const res = await readPriceFile(bytes, 'toscana-firenze-2025.xml');
    // Assess
    expect(res.format).toBe('xml-easy');
    expect(res.rows.map((r) => [r.codice, r.unita_di_misura, r.prezzo, r.prezzo_senza_sg])).toEqual([
      ['TOS25_18.W01.001.002', 'a corpo', 1467.4, 1150],
      ['TOS25_18.W01.002.001', 'a corpo', 1339.8, 1050],
      ['TOS25_18.W01.006.001', 'm', 25.52, 20],
      ['TOS25_01.A03.001.001', 'm³', 13.63, 10.68], // 13.63017 / Analisi totaleparziale 10.68195
      ['TOS25_01.A03.001.002', 'm³', 17.55, 13.75],
      ['TOS25_01.A03.001.003', 'm³', 124.14, 97.29],
      ['TOS25_17.N05.002.012', 'm', 15.53, 13.39],
      ['TOS25_17.N05.002.013', 'm', 17.4, 15],
      ['TOS25_01CAM.B07.042.001', 'm²', 101.87, 79.83],
    ]);
    expect(new Set(res.rows.map((r) => r.anno))).toEqual(new Set([2025]));
    expect(new Set(res.rows.map((r) => r.provincia))).toEqual(new Set(['FIRENZE']));
    expect(res.skipped).toBe(0);
    expect(res.warnings).toEqual([]);
    expect(res.missing).toEqual(['tipologia', 'scostamento_perc_senza_sg_2024', 'scostamento_perc_su_anno_2024']);
  });

  it('builds the description from the chapter title, the item and the article levels', async () => {
    // Prepare
    const bytes = new Uint8Array(fs.readFileSync(toscanaXmlPath));
    // Act
    const { rows } = await readPriceFile(bytes, 'toscana.xml');
    // Assess
    expect(rows[0].descrizione).toBe('SONDAGGI GEOGNOSTICI - Ricerca ed individuazione propedeutiche ai sondaggi - di beni di interesse archeologico');
    expect(rows[4].descrizione).toBe(
      'DEMOLIZIONE - TOTALE O PARZIALE DI EDIFICI - con struttura portante in calcestruzzo armato. Eseguita con mezzi meccanici. Per qualsiasi altezza.',
    );
    for (const r of rows) expect(r.descrizione).not.toMatch(/\n|NUOVE COSTRUZIONI EDILI\.|INDAGINI GEOGNOSTICHE\./);
  });

  it('keeps the title levels above each article, their first lines, for search', async () => {
    // Prepare
    const bytes = new Uint8Array(fs.readFileSync(toscanaXmlPath));
    // Act
    const { rows } = await readPriceFile(bytes, 'toscana.xml');
    // Assess: livello1 (the work type, dropped from the description) is kept as a title
    expect(rows[0].titoli).toEqual(['INDAGINI GEOGNOSTICHE', 'SONDAGGI GEOGNOSTICI', 'Ricerca ed individuazione propedeutiche ai sondaggi']);
    for (const r of rows) expect(r.titoli!.length).toBe(3);
  });
});

const PRT = `<?xml version="1.0" encoding="UTF-8"?>
<PRT:Prezzario xmlns:PRT="http://www.regione.toscana.it/prezzario" anno="2022" provincia="Provincia di Siena">
  <PRT:tipo codice="TOS22_01" descrizione="NUOVE COSTRUZIONI EDILI">
    <PRT:capitolo codice="A03" descrizione="DEMOLIZIONE.&#10;Eseguita con qualsiasi mezzo.">
      <PRT:voce codice="001" descrizione="TOTALE O PARZIALE DI EDIFICI">
        <PRT:articolo codice="001" um="m³" prezzo="12,50" prezzosenzasg="9,80" descrizione="con struttura in muratura &amp; solai in legno"/>
        <PRT:articolo codice="002" um="m³" prezzo="1.017,45" descrizione="con struttura in c.a."/>
      </PRT:voce>
    </PRT:capitolo>
    <PRT:capitolo codice="A05">
      <PRT:descrizione><![CDATA[SCAVI]]></PRT:descrizione>
      <PRT:voce codice="010">
        <PRT:descrizione>Scavo di sbancamento</PRT:descrizione>
        <PRT:articolo>
          <PRT:codice>TOS22_01.A05.010.001</PRT:codice>
          <PRT:descrizione>in terreno sciolto</PRT:descrizione>
          <PRT:unita>m³</PRT:unita>
          <PRT:prezzo>7.3</PRT:prezzo>
        </PRT:articolo>
        <PRT:articolo codice="002" um="m³"/>
      </PRT:voce>
    </PRT:capitolo>
  </PRT:tipo>
</PRT:Prezzario>`;

describe('readPriceFile: older Regione Toscana PRT XML', () => {
  it('joins the nested codes and reads attributes or child elements', async () => {
    // Prepare
    const bytes = utf8(PRT);
    // Act
    const res = await readPriceFile(bytes, 'prt-2022.xml');
    // Assess
    expect(res.format).toBe('xml-prt');
    expect(res.rows).toEqual([
      {
        codice: 'TOS22_01.A03.001.001', descrizione: 'DEMOLIZIONE - TOTALE O PARZIALE DI EDIFICI - con struttura in muratura & solai in legno',
        unita_di_misura: 'm³', prezzo: 12.5, prezzo_senza_sg: 9.8, anno: 2022, provincia: 'SIENA', tipologia: null,
        scostamento_perc_senza_sg_2024: null, scostamento_perc_su_anno_2024: null,
        titoli: ['NUOVE COSTRUZIONI EDILI', 'DEMOLIZIONE', 'TOTALE O PARZIALE DI EDIFICI'],
      },
      expect.objectContaining({ codice: 'TOS22_01.A03.001.002', prezzo: 1017.45, prezzo_senza_sg: null }),
      expect.objectContaining({ codice: 'TOS22_01.A05.010.001', descrizione: 'SCAVI - Scavo di sbancamento - in terreno sciolto', unita_di_misura: 'm³', prezzo: 7.3 }),
      expect.objectContaining({ codice: 'TOS22_01.A05.010.002', prezzo: null }),
    ]);
    expect(res.warnings).toEqual(['1 voce senza prezzo: importata con prezzo vuoto.']);
  });

  it('takes the year from the code prefix when the file does not state it', async () => {
    // Prepare
    const xml = '<prezzario><voce codice="V1" descrizione="Voce"><articolo codice="TOS23_01.B01.001.001" prezzo="3"/></voce></prezzario>';
    // Act
    const res = await readPriceFile(utf8(xml), 'x.xml');
    // Assess
    expect(res.rows[0]).toMatchObject({ codice: 'TOS23_01.B01.001.001', anno: 2023, provincia: null, prezzo: 3 });
  });
});

describe('readPriceFile: XML safety and errors', () => {
  it('never expands entities declared in a DOCTYPE', async () => {
    // Prepare
    const xml = `<?xml version="1.0"?>
<!DOCTYPE r [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ENTITY a "aaaaaaaaaa"> <!ENTITY b "&a;&a;&a;&a;&a;&a;"> ]>
<r><articolo codice="A1" prezzo="1" descrizione="&xxe;&b;"/></r>`;
    // Act
    const res = await readPriceFile(utf8(xml), 'evil.xml');
    // Assess
    expect(res.rows[0].descrizione).toBe('&xxe;&b;');
    expect(res.warnings).toContain('La dichiarazione DOCTYPE del file è stata ignorata.');
  });

  it('reports malformed or truncated XML and files without articles', async () => {
    // Prepare
    const truncated = PRT.slice(0, PRT.indexOf('</PRT:voce>'));
    const other = '<?xml version="1.0"?><computo><riga/></computo>';
    // Act
    const e1 = (await readPriceFile(utf8(truncated), 'a.xml').catch((e: unknown) => e)) as PriceFileError;
    const e2 = (await readPriceFile(utf8(other), 'b.xml').catch((e: unknown) => e)) as PriceFileError;
    // Assess
    expect(e1).toBeInstanceOf(PriceFileError);
    expect(e1.detail).toMatch(/^Il file XML non è valido \(riga \d+: elemento <PRT:voce> non chiuso/);
    expect(e2.detail).toContain('non contiene voci di prezzario riconoscibili');
  });

  it('refuses a billion-laughs file quickly without expanding it, and too deep nesting in Italian', async () => {
    // Prepare
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l0 "lol">${laughs}]><r><articolo codice="B1" prezzo="2">&l9;</articolo></r>`;
    const deep = `<r>${'<x>'.repeat(300)}${'</x>'.repeat(300)}<articolo codice="C1" prezzo="1"/></r>`;
    const crossed = '<r>\n<articolo codice="D1">\n<prezzo>1</descrizione>\n</articolo></r>';
    // Act
    const started = performance.now();
    const res = await readPriceFile(utf8(bomb), 'bomb.xml');
    const elapsed = performance.now() - started;
    const e1 = (await readPriceFile(utf8(deep), 'deep.xml').catch((e: unknown) => e)) as PriceFileError;
    const e2 = (await readPriceFile(utf8(crossed), 'crossed.xml').catch((e: unknown) => e)) as PriceFileError;
    // Assess
    expect(res.rows[0]).toMatchObject({ codice: 'B1', prezzo: 2 });
    expect(res.rows[0].descrizione).not.toContain('lollol');
    expect(elapsed).toBeLessThan(1000);
    expect(e1.detail).toBe('Il file XML non è valido (riga 1: annidamento troppo profondo).');
    expect(e2.detail).toBe('Il file XML non è valido (riga 3: atteso </prezzo>, trovato </descrizione>).');
  });

  it('applies the row limit', async () => {
    // Prepare
    const bytes = new Uint8Array(fs.readFileSync(toscanaXmlPath));
    // Act
    const err = (await readPriceFile(bytes, 'toscana.xml', { maxRows: 5 }).catch((e: unknown) => e)) as PriceFileError;
    // Assess
    expect(err.detail).toBe('Il file contiene troppe righe (massimo 5).');
  });
});
