/**
 * XPWE and SIX exports (functions/export): the structure checked element by element against
 * PriMus's XPWE (as written by PriMus 5.05 and LeenO's XPWE writer) and STR Vision's SIX sample,
 * characters escaped and UTF-8 declared, repeated codes sharing an article, a code at two prices
 * making two, chapters as categories, "da verificare" notes, and the round trip through our own
 * importers.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildXpwe } from '../../../functions/export/xpwe.ts';
import { buildSix } from '../../../functions/export/six.ts';
import type { ExportDocument, ExportRow } from '../../../functions/export/model.ts';
import { importXpwe } from '../../../functions/analysis/import/xpwe.ts';
import { importSix } from '../../../functions/analysis/import/six.ts';
import { corpusData } from '../../support/corpus.ts';

const doc: ExportDocument = { id: 42, filename: 'Scuola "Dante" & <palestra>.pdf', provincia: 'FI', tipologia_dei: 'nuove_costruzioni', upload_date: '2026-11-20T09:00:00Z', document_total: 2153.75 };
const row = (o: Partial<ExportRow>): ExportRow => ({
  row_index: 1,
  tariffa: 'TOS25_02.A03.001.001',
  descrizione: 'Demolizione di muratura in mattoni pieni, compreso il carico del materiale',
  unita_di_misura: 'm³',
  quantita: 12.6,
  unitario: 85.4,
  totale: 1076.04,
  prezzo_db: null,
  prezzo_totale_db: null,
  differenza_totale_db: null,
  verifica: [],
  capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Demolizioni' },
  ...o,
});
const ROWS: ExportRow[] = [
  row({ row_index: 1 }),
  // the same code again, same price: shares the article
  row({ row_index: 2, quantita: 3.25, totale: 277.55, capitoli: { supercategoria: 'OPERE EDILI', categoria: 'Murature & intonaci', sottocategoria: 'Piano <terra>' } }),
  // the same code at another price: a second article; still "da verificare"
  row({ row_index: 3, quantita: 10, unitario: 80, totale: 800, verifica: ['codice non trovato', 'quantità × prezzo ≠ importo stampato'], capitoli: null }),
  // a percentage voce and a deduction; characters to escape; a control character XML cannot carry
  row({ row_index: 4, tariffa: 'S01', descrizione: 'Oneri "sicurezza" <5%> & C.\u0007', unita_di_misura: '%', quantita: 1000.5, unitario: 0.03, totale: 30.02, capitoli: null }),
  row({ row_index: 5, tariffa: 'D.1', descrizione: 'A dedurre vano', unita_di_misura: 'm²', quantita: -2.5, unitario: 12.34, totale: -30.85, capitoli: null }),
  // a voce without a code
  row({ row_index: 6, tariffa: '', descrizione: 'Assistenza muraria agli impianti', unita_di_misura: 'a corpo', quantita: 1, unitario: 1500, totale: 1500, capitoli: { supercategoria: 'IMPIANTI' } }),
];
const NOW = new Date('2026-11-25T10:00:00Z');

const parse = (buf: Buffer, arrays: string[]) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, isArray: (n) => arrays.includes(n) }).parse(buf.toString('utf8'));
const childNames = (node: Record<string, unknown>) => Object.keys(node).filter((k) => !k.startsWith('@') && k !== '#text');

describe('XPWE', () => {
  const buf = buildXpwe(doc, ROWS, NOW);
  const xml = parse(buf, ['EPItem', 'VCItem', 'RGItem', 'DGSuperCategorieItem', 'DGCategorieItem', 'DGSubCategorieItem']);
  const root = xml.PweDocumento;

  it('declares UTF-8 and has PriMus\u2019s PweDocumento layout, sections in PriMus\u2019s order', () => {
    // Assess
    expect(buf.toString('utf8').startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="PriMus.Document.XPWE"?>\n')).toBe(true);
    expect(childNames(root)).toEqual(['CopyRight', 'TipoDocumento', 'TipoFormato', 'Versione', 'SourceVersione', 'SourceNome', 'FileNameDocumento', 'PweDatiGenerali', 'PweMisurazioni']);
    expect(root).toMatchObject({ TipoDocumento: '1', TipoFormato: 'XMLPwe', Versione: '5.05', FileNameDocumento: 'documento_42.xpwe' });
    expect(childNames(root.PweDatiGenerali)).toEqual(['PweDGProgetto', 'PweDGCapitoliCategorie', 'PweDGModuli', 'PweDGConfigurazione']);
    expect(root.PweDatiGenerali.PweDGProgetto.PweDGDatiGenerali).toMatchObject({ Oggetto: doc.filename, Provincia: 'Firenze (FI)' });
    expect(childNames(root.PweMisurazioni)).toEqual(['PweElencoPrezzi', 'PweVociComputo']);
    expect(childNames(root.PweDatiGenerali.PweDGConfigurazione)).toEqual(['PweDGConfigNumeri']);
  });

  it('writes the chapters as super-categories, categories and sub-categories', () => {
    const cc = root.PweDatiGenerali.PweDGCapitoliCategorie;
    expect(cc.PweDGSuperCategorie.DGSuperCategorieItem.map((c: any) => [c['@ID'], c.DesSintetica])).toEqual([
      ['1', 'OPERE EDILI'],
      ['2', 'IMPIANTI'],
    ]);
    expect(cc.PweDGCategorie.DGCategorieItem.map((c: any) => [c['@ID'], c.DesSintetica])).toEqual([
      ['1', 'Demolizioni'],
      ['2', 'Murature & intonaci'],
    ]);
    expect(cc.PweDGSubCategorie.DGSubCategorieItem.map((c: any) => [c['@ID'], c.DesSintetica])).toEqual([['1', 'Piano <terra>']]);
  });

  it('one EPItem per code and price, each with its own non-empty code: a second price is CODE/2, a voce without code VOCE.n', () => {
    const eps = root.PweMisurazioni.PweElencoPrezzi.EPItem;
    expect(eps.map((e: any) => [e['@ID'], e.Tariffa, e.UnMisura, e.Prezzo1])).toEqual([
      ['1', 'TOS25_02.A03.001.001', 'm³', '85.4'],
      ['2', 'TOS25_02.A03.001.001/2', 'm³', '80'],
      ['3', 'S01', '%', '0.03'],
      ['4', 'D.1', 'm²', '12.34'],
      ['5', 'VOCE.6', 'a corpo', '1500'],
    ]);
    expect(childNames(eps[0]).slice(0, 8)).toEqual(['TipoEP', 'Tariffa', 'Articolo', 'DesRidotta', 'DesEstesa', 'DesBreve', 'UnMisura', 'Prezzo1']);
    // escaped and read back intact; the control character is dropped
    expect(eps[2].DesEstesa).toBe('Oneri "sicurezza" <5%> & C.');
    expect(buf.toString('utf8')).toContain('Oneri &quot;sicurezza&quot; &lt;5%&gt; &amp; C.</DesEstesa>');
  });

  it('every VCItem names its EPItem, quantity and categories, with a measurement row carrying the quantity', () => {
    const vcs = root.PweMisurazioni.PweVociComputo.VCItem;
    expect(vcs.map((v: any) => [v['@ID'], v.IDEP, v.Quantita, v.IDSpCat, v.IDCat, v.IDSbCat])).toEqual([
      ['1', '1', '12.6', '1', '1', '0'],
      ['2', '1', '3.25', '1', '2', '1'],
      ['3', '2', '10', '0', '0', '0'],
      ['4', '3', '1000.5', '0', '0', '0'],
      ['5', '4', '-2.5', '0', '0', '0'],
      ['6', '5', '1', '2', '0', '0'],
    ]);
    expect(vcs[0].PweVCMisure.RGItem).toEqual([
      { '@ID': '1', IDVV: '-2', Descrizione: '', PartiUguali: '12.6', Lunghezza: '', Larghezza: '', HPeso: '', Quantita: '12.6', Flags: '0' },
    ]);
    // a deduction as PriMus writes it: the factor positive, the line's quantity negative, Flags 1
    expect(vcs[4].PweVCMisure.RGItem).toEqual([
      { '@ID': expect.any(String), IDVV: '-2', Descrizione: '', PartiUguali: '2.5', Lunghezza: '', Larghezza: '', HPeso: '', Quantita: '-2.5', Flags: '1' },
    ]);
    // an assigned code is stated beside the voce; the row still to check carries a note row
    expect(vcs[2].PweVCMisure.RGItem.map((g: any) => g.Descrizione)).toEqual([
      '',
      'Codice nel documento: «TOS25_02.A03.001.001»; in questo file TOS25_02.A03.001.001/2 (altro prezzo o descrizione dello stesso codice).',
      'DA VERIFICARE: codice non trovato; quantità × prezzo ≠ importo stampato',
    ]);
    expect(vcs[5].PweVCMisure.RGItem.map((g: any) => g.Descrizione)).toEqual(['', 'Codice nel documento: nessuno; in questo file VOCE.6 (voce senza codice).']);
  });

  it('reads back through the XPWE importer as the same voci', () => {
    const back = importXpwe(new Uint8Array(buf));
    expect(back.voci.map((v) => [v.tariffa, v.descrizione, v.unita_di_misura, v.quantita, v.unitario, v.totale, v.capitoli ?? null])).toEqual(
      ROWS.map((r) => [r.tariffa, r.descrizione.replace('\u0007', ''), r.unita_di_misura, r.quantita, r.unitario, r.totale, r.capitoli ?? null]),
    );
  });
});

describe('SIX', () => {
  const buf = buildSix(doc, ROWS);
  const xml = parse(buf, ['prodotto', 'prdGrpValore', 'gruppo', 'grpValore', 'unitaDiMisura', 'preventivo', 'prvGruppo', 'prvRilevazione', 'prvGrpValore', 'prvMisura', 'prvCella']);
  const root = xml.Documento;

  it('is a Documento in the six.xsd namespace, UTF-8, with only element and attribute names of STR Vision\u2019s sample', () => {
    expect(buf.toString('utf8').startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(root['@xmlns']).toBe('six.xsd');
    const names = (s: string) => new Set([...s.matchAll(/<([A-Za-z]\w*)/g)].map((m) => m[1]));
    const attrs = (s: string) => new Set([...s.matchAll(/\s([A-Za-z]\w*)="/g)].map((m) => m[1]));
    const sample = corpusData('six-str-vision-4440.xml').toString('utf8');
    const mine = buf.toString('utf8').replace(/^<\?xml[^>]*\?>/, '');
    const sampleNames = names(sample);
    expect([...names(mine)].filter((n) => !sampleNames.has(n))).toEqual([]);
    const sampleAttrs = attrs(sample);
    expect([...attrs(mine)].filter((n) => !sampleAttrs.has(n))).toEqual([]);
    expect(childNames(root)).toEqual(['intestazione', 'gruppo', 'prezzario', 'progetto']);
  });

  it('chapters as STR Vision\u2019s WBS groups: typed "WBS nn - ...", a vlrStruttura mask, structured ids', () => {
    expect(root.gruppo.map((g: any) => [g['@tipo'], g['@vlrStruttura'], g.grpValore.map((v: any) => [v['@vlrId'], v.vlrDescrizione['@breve']])])).toEqual([
      ['WBS 01 - Supercategorie', 'zz', [['01', 'OPERE EDILI'], ['02', 'IMPIANTI']]],
      ['WBS 02 - Categorie', 'zz', [['01', 'Demolizioni'], ['02', 'Murature & intonaci']]],
      ['WBS 03 - Sottocategorie', 'zz', [['01', 'Piano <terra>']]],
    ]);
  });

  it('one prodotto per code and price, with its own code, a unit with an id, descriptions and quotation', () => {
    const przs = root.prezzario;
    const units = new Map(przs.unitaDiMisura.map((u: any) => [u['@unitaDiMisuraId'], [u['@udmId'], u['@simbolo']]]));
    const lista = przs.listaQuotazione['@listaQuotazioneId'];
    expect(przs.prodotto.map((p: any) => [p['@prdId'], units.get(p['@unitaDiMisuraId']), p.prdQuotazione['@valore'], p.prdQuotazione['@listaQuotazioneId'] === lista])).toEqual([
      ['TOS25_02.A03.001.001', ['M3', 'm³'], '85.4', true],
      ['TOS25_02.A03.001.001/2', ['M3', 'm³'], '80', true],
      ['S01', ['PERC', '%'], '0.03', true],
      ['D.1', ['M2', 'm²'], '12.34', true],
      ['VOCE.6', ['ACORPO', 'a corpo'], '1500', true],
    ]);
    expect(przs.prodotto[2].prdDescrizione['@estesa']).toBe('Oneri "sicurezza" <5%> & C.');
  });

  it('one preventivo listing its groups; a rilevazione per voce, placed in its chapters, measuring its quantity, with its notes', () => {
    const prv = root.progetto.preventivo;
    expect(prv.map((p: any) => [p.prvDescrizione['@breve'], p.prvRilevazione.length])).toEqual([[doc.filename, 6]]);
    expect(prv[0].prvGruppo.map((g: any) => g['@gruppoId'])).toEqual(root.gruppo.map((g: any) => g['@gruppoId']));
    const names = new Map(root.gruppo.flatMap((g: any) => g.grpValore.map((v: any) => [v['@grpValoreId'], v.vlrDescrizione['@breve']])));
    const ril = prv[0].prvRilevazione;
    expect(ril.map((r: any) => (r.prvGrpValore ?? []).map((g: any) => names.get(g['@grpValoreId'])))).toEqual([
      ['OPERE EDILI', 'Demolizioni'],
      ['OPERE EDILI', 'Murature & intonaci', 'Piano <terra>'],
      [],
      [],
      [],
      ['IMPIANTI'],
    ]);
    expect(ril.map((r: any) => [r.prvMisura[0]['@operazione'] ?? '+', r.prvMisura[0].prvCella.map((c: any) => c['@testo'])])).toEqual([
      ['+', ['12.6']],
      ['+', ['3.25']],
      ['+', ['10']],
      ['+', ['1000.5']],
      ['-', ['2.5']],
      ['+', ['1']],
    ]);
    expect(ril[2].prvMisura.slice(1).map((m: any) => m.prvCommento['@estesa'])).toEqual([
      'Codice nel documento: «TOS25_02.A03.001.001»; in questo file TOS25_02.A03.001.001/2 (altro prezzo o descrizione dello stesso codice).',
      'DA VERIFICARE: codice non trovato; quantità × prezzo ≠ importo stampato',
    ]);
  });

  it('reads back through the SIX importer as the same voci, in order', () => {
    const back = importSix(new Uint8Array(buf));
    expect(back.voci.map((v) => [v.tariffa, v.descrizione, v.unita_di_misura, v.quantita, v.unitario, v.totale, v.capitoli])).toEqual(
      ROWS.map((r) => [r.tariffa, r.descrizione.replace('\u0007', ''), r.unita_di_misura, r.quantita, r.unitario, r.totale, r.capitoli ?? undefined]),
    );
  });
});
