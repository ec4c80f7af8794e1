/**
 * The document as an ACCA PriMus XPWE 5.05 file (what PriMus writes and PriMus, LeenO and our own
 * importer read): PweDocumento with the general data (PweDatiGenerali: the document as Oggetto, its
 * province, the chapters as super-categories, categories and sub-categories, the analysis and
 * number settings), then PweMisurazioni with the price list (PweElencoPrezzi/EPItem) and the voci
 * (PweVociComputo/VCItem: IDEP, Quantita, category ids and one measurement row PweVCMisure/RGItem
 * carrying the quantity; a row still "da verificare" has a second, note-only RGItem saying why).
 * The element order follows PriMus's files: LeenO reads some sections by position.
 * UTF-8, declared; text escaped by the XML builder.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { chapterIds, chapterTitle, CHAPTER_LEVELS, codeNote, decimals, italianDate, plain, priceList, provinceLabel, shortDescription, verificaNote, xmlSafe, type ExportDocument, type ExportRow } from './model.ts';

const CATEGORY_SECTIONS = [
  ['supercategoria', 'PweDGSuperCategorie', 'DGSuperCategorieItem'],
  ['categoria', 'PweDGCategorie', 'DGCategorieItem'],
  ['sottocategoria', 'PweDGSubCategorie', 'DGSubCategorieItem'],
] as const;

/** PriMus's number format "width.decimals|flag" with at least `min` decimals, more when the data has them. */
const numberFormat = (width: number, min: number, values: Array<number | null>) => `${width}.${Math.max(min, ...values.map(decimals))}|1`;

export function buildXpwe(doc: ExportDocument, rows: readonly ExportRow[], now: Date): Buffer {
  const { articles, articleOf } = priceList(rows);
  const chapters = chapterIds(rows);
  const today = italianDate(now);
  const tree = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    '?mso-application': { '@progid': 'PriMus.Document.XPWE' },
    PweDocumento: {
      CopyRight: 'Copyright ACCA software S.p.A.',
      TipoDocumento: 1,
      TipoFormato: 'XMLPwe',
      Versione: '5.05',
      SourceVersione: '1',
      SourceNome: 'Computa',
      FileNameDocumento: `documento_${doc.id}.xpwe`,
      PweDatiGenerali: datiGenerali(doc, rows, articles, chapters),
      PweMisurazioni: {
        PweElencoPrezzi: articles.length ? { EPItem: articles.map((a) => epItem(a, today)) } : '',
        PweVociComputo: rows.length ? { VCItem: vociComputo(rows, articleOf, articles, chapters, today) } : '',
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ', suppressEmptyNode: false, processEntities: true });
  return Buffer.from(builder.build(tree) as string, 'utf8');
}

type Articles = ReturnType<typeof priceList>['articles'];
type Chapters = ReturnType<typeof chapterIds>;

/** The chapters as PriMus super-categories, categories and sub-categories. */
function categorieOf(chapters: Chapters) {
  return Object.fromEntries(
    CATEGORY_SECTIONS.map(([level, section, item]) => [
      section,
      chapters[level].size
        ? { [item]: [...chapters[level]].map(([title, id]) => ({ '@ID': id, DesSintetica: title, DesEstesa: '', DataInit: '', Durata: 0, CodFase: '', Percentuale: 0, Codice: '' })) }
        : '',
    ]),
  );
}

/**
 * One VCItem per row: its article, its chapters and one measurement line with the quantity (a
 * deduction as PriMus writes it: the factor positive, the line's Quantita negative, Flags 1), then
 * note lines: the article's assigned code, "DA VERIFICARE".
 */
function vociComputo(rows: readonly ExportRow[], articleOf: number[], articles: Articles, chapters: Chapters, today: string) {
  let rgId = 0;
  const noteLine = (text: string) => ({ '@ID': ++rgId, IDVV: -2, Descrizione: text, PartiUguali: '', Lunghezza: '', Larghezza: '', HPeso: '', Quantita: '', Flags: 0 });
  return rows.map((r, i) => {
    const q = plain(r.quantita);
    const deduction = (r.quantita ?? 0) < 0;
    const misure = [{ '@ID': ++rgId, IDVV: -2, Descrizione: '', PartiUguali: plain(Math.abs(r.quantita ?? 0)), Lunghezza: '', Larghezza: '', HPeso: '', Quantita: q, Flags: deduction ? 1 : 0 }];
    for (const note of [codeNote(articles[articleOf[i]]), verificaNote(r)]) if (note) misure.push(noteLine(note));
    const ids = Object.fromEntries(CHAPTER_LEVELS.map((level) => [level, chapters[level].get(chapterTitle(r, level)) ?? 0]));
    return {
      '@ID': i + 1,
      IDEP: articleOf[i] + 1,
      Quantita: q,
      DataMis: today,
      Flags: 0,
      IDSpCat: ids.supercategoria,
      IDCat: ids.categoria,
      IDSbCat: ids.sottocategoria,
      CodiceWBS: '',
      PweVCMisure: { RGItem: misure },
    };
  });
}

/** PweDatiGenerali: the project, the chapters, the modules and the number formats. */
function datiGenerali(doc: ExportDocument, rows: readonly ExportRow[], articles: Articles, chapters: Chapters) {
  return {
    PweDGProgetto: {
      PweDGDatiGenerali: { PercPrezzi: 0, Comune: '', Provincia: xmlSafe(provinceLabel(doc)), Oggetto: xmlSafe(doc.filename), Committente: '', Impresa: '', ParteOpera: '' },
    },
    PweDGCapitoliCategorie: { PweDGSuperCapitoli: '', PweDGCapitoli: '', PweDGSubCapitoli: '', ...categorieOf(chapters) },
    PweDGModuli: { PweDGAnalisi: { SpeseUtili: -1, SpeseGenerali: 0, UtiliImpresa: 0, OneriAccessoriSc: 0, ConfQuantita: '', OneriSociali: 0 } },
    PweDGConfigurazione: {
      PweDGConfigNumeri: {
        Divisa: 'euro',
        ConversioniIN: 'lire',
        FattoreConversione: '1936.27',
        Cambio: 1,
        PartiUguali: numberFormat(9, 2, rows.map((r) => r.quantita)),
        Lunghezza: '9.2|0',
        Larghezza: '9.2|0',
        HPeso: '9.2|0',
        Quantita: numberFormat(10, 2, rows.map((r) => r.quantita)),
        Prezzi: numberFormat(10, 2, articles.map((a) => a.prezzo)),
        PrezziTotale: '14.2|1',
        ConvPrezzi: '11.0|1',
        ConvPrezziTotale: '15.0|1',
        IncidenzaPercentuale: '7.3|0',
        Aliquote: '7.3|0',
      },
    },
  };
}

/** One EPItem of the price list. */
function epItem(a: Articles[number], today: string) {
  return {
    '@ID': a.id,
    TipoEP: 0,
    Tariffa: a.code,
    Articolo: '',
    DesRidotta: shortDescription(a.descrizione),
    DesEstesa: a.descrizione,
    DesBreve: '',
    UnMisura: a.unita,
    Prezzo1: plain(a.prezzo),
    Prezzo2: 0,
    Prezzo3: 0,
    Prezzo4: 0,
    Prezzo5: 0,
    IDSpCap: 0,
    IDCap: 0,
    IDSbCap: 0,
    Flags: 0,
    Data: today,
    AdrInternet: '',
    // Percentages, as PriMus and LeenO write them (0 when the list gives none).
    IncSIC: plain(a.incSic),
    IncMDO: plain(a.incMdo),
    PweEPAnalisi: '',
  };
}
