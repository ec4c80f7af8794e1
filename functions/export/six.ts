/**
 * The document as a SIX file (UNI 11337 interchange, `six.xsd` namespace), with the structure of
 * STR Vision's exports (the shared sample in tests/fixtures/corpus/data): an intestazione, the
 * chapter levels as WBS groups (gruppo/grpValore, typed and numbered as STR Vision types and
 * numbers its WBS: "WBS 01 - ...", a vlrStruttura mask and structured vlrIds), one prezzario with
 * its units (unitaDiMisura with a short udmId and the unit as simbolo), one price list
 * (listaQuotazione) and a prodotto per article (its export code, descriptions, unit, price:
 * prdQuotazione), then a progetto with ONE preventivo (the document) that lists its groups
 * (prvGruppo) and measures the voci: one prvRilevazione per voce, placed in its chapters
 * (prvGrpValore), whose measurement (prvMisura/prvCella) is the quantity, "-" for a deduction,
 * then comment-only measurements (prvCommento): the article's assigned code, "DA VERIFICARE".
 *
 * The chapters are per voce (the same article can sit in two chapters), so they are groups of the
 * rilevazioni, as STR Vision places measurements in its lotto/livello/ambito WBS, and not of the
 * products. A SIX reader that sums the rilevazioni of one product (STR Vision's print) reads one
 * voce per article; the intestazione's autore "Computa" tells our importer that every rilevazione
 * is a voce of its own, as Taboolo reads every file.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { chapterIds, chapterTitle, CHAPTER_LEVELS, codeNote, plain, priceList, shortDescription, verificaNote, xmlSafe, type ChapterLevel, type ExportDocument, type ExportRow } from './model.ts';
import { SIX_AUTHOR, SIX_CHAPTER_GROUPS } from '../../shared/domain/export-formats.ts';

const IT = 'it';

export function buildSix(doc: ExportDocument, rows: readonly ExportRow[]): Buffer {
  const { articles, articleOf } = priceList(rows);
  const chapters = chapterIds(rows);
  const title = xmlSafe(doc.filename);

  // Ids unique across the file, as in STR Vision's exports, given in the order they appear.
  let nextId = 0;
  const id = () => ++nextId;

  const groups: Group[] = CHAPTER_LEVELS.filter((level) => chapters[level].size).map((level) => {
    const width = String(chapters[level].size).length + 1;
    return { level, gruppoId: id(), width, values: new Map([...chapters[level].keys()].map((t, k) => [t, { id: id(), vlrId: String(k + 1).padStart(width, '0') }])) };
  });

  const units = unitIds(articles.map((a) => a.unita), id);
  const ids: SixIds = { id, listaId: id(), prezzarioId: id(), units, prodottoIds: articles.map(() => id()) };

  const tree = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Documento: {
      '@xmlns': 'six.xsd',
      intestazione: { '@intestazioneId': id(), '@lingua': IT, '@separatore': '.', '@separatoreParametri': ';', '@valuta': 'EUR', '@autore': SIX_AUTHOR, '@versione': '2' },
      gruppo: groups.map((g) => ({
        '@vlrStruttura': 'z'.repeat(g.width),
        '@tipo': SIX_CHAPTER_GROUPS[g.level],
        '@gruppoId': g.gruppoId,
        grpValore: [...g.values].map(([t, v]) => ({ '@grpValoreId': v.id, '@vlrId': v.vlrId, vlrDescrizione: { '@lingua': IT, '@breve': t } })),
      })),
      prezzario: prezzarioOf(doc, title, articles, ids),
      progetto: {
        '@prgId': String(doc.id),
        prgDescrizione: { '@lingua': IT, '@breve': title },
        prgPrezzario: { '@prezzarioId': ids.prezzarioId },
        preventivo: preventivoOf(title, rows, articleOf, articles, groups, ids),
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ', suppressEmptyNode: true, processEntities: true });
  return Buffer.from(builder.build(tree) as string, 'utf8');
}

/** The ids the parts of the file share, and the counter that gives new ones. */
interface SixIds {
  id: () => number;
  listaId: number;
  prezzarioId: number;
  units: Map<string, { id: number; udmId: string }>;
  prodottoIds: number[];
}

type Articles = ReturnType<typeof priceList>['articles'];
type Group = { level: ChapterLevel; gruppoId: number; width: number; values: Map<string, { id: number; vlrId: string }> };

/**
 * Each unit's element id and its udmId: a short code as STR Vision's ("M2" for m², "CAD",
 * "PERC" for %), made unique with a number; the unit itself is the simbolo.
 */
function unitIds(unitTexts: string[], id: () => number): Map<string, { id: number; udmId: string }> {
  const out = new Map<string, { id: number; udmId: string }>();
  const taken = new Set<string>();
  for (const u of unitTexts) {
    if (!u || out.has(u)) continue;
    const base =
      u
        .replace(/²/g, '2')
        .replace(/³/g, '3')
        .replace(/%/g, 'PERC')
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9]/g, '')
        .toUpperCase()
        .slice(0, 12) || 'U';
    let udmId = base;
    for (let k = 2; taken.has(udmId); k++) udmId = `${base}${k}`;
    taken.add(udmId);
    out.set(u, { id: id(), udmId });
  }
  return out;
}

/** The price list: units, the one price list, a prodotto per article. */
function prezzarioOf(doc: ExportDocument, title: string, articles: Articles, ids: SixIds) {
  const { units, listaId, prezzarioId, prodottoIds } = ids;
  return {
    '@prezzarioId': prezzarioId,
    '@przId': `Computa ${doc.id}`,
    '@prdStruttura': '',
    '@categoriaPrezzario': 'EPU',
    unitaDiMisura: [...units].map(([u, v]) => ({ '@unitaDiMisuraId': v.id, '@udmId': v.udmId, '@simbolo': u, udmDescrizione: { '@lingua': IT, '@breve': u } })),
    listaQuotazione: { '@listaQuotazioneId': listaId, '@lqtId': '01', lqtDescrizione: { '@lingua': IT, '@breve': 'Prezzi del documento' } },
    przDescrizione: { '@lingua': IT, '@breve': `Elenco prezzi: ${title}` },
    prodotto: articles.map((a, k) => ({
      '@prodottoId': prodottoIds[k],
      '@prdId': a.code,
      ...(a.unita ? { '@unitaDiMisuraId': units.get(a.unita)!.id } : {}),
      // The labour incidence in percent (issue 39): the prodotto's incidenzaManodopera, as LeenO's SIX reader takes it.
      ...(a.incMdo ? { incidenzaManodopera: plain(a.incMdo) } : {}),
      prdDescrizione: { '@lingua': IT, '@breve': shortDescription(a.descrizione), '@estesa': a.descrizione },
      prdQuotazione: { '@valore': plain(a.prezzo), '@listaQuotazioneId': listaId },
    })),
  };
}

/** The one preventivo: its groups, and a prvRilevazione per voce in its chapters, measuring its quantity (then its notes). */
function preventivoOf(title: string, rows: readonly ExportRow[], articleOf: number[], articles: Articles, groups: Group[], ids: SixIds) {
  const { id, listaId, prezzarioId, prodottoIds } = ids;
  return {
    '@preventivoId': id(),
    '@prvId': 'CME 1',
    '@prezzarioId': prezzarioId,
    prvDescrizione: { '@lingua': IT, '@breve': title },
    prvGruppo: groups.map((g) => ({ '@gruppoId': g.gruppoId })),
    prvRilevazione: rows.map((r, i) => {
      const q = r.quantita ?? 0;
      const notes = [codeNote(articles[articleOf[i]]), verificaNote(r)].filter(Boolean);
      const places = groups.map((g) => g.values.get(chapterTitle(r, g.level))).filter((v) => v !== undefined);
      return {
        '@prvRilevazioneId': id(),
        '@rilevazione': 'Misura',
        '@progressivo': String((i + 1) * 10),
        '@prodottoId': prodottoIds[articleOf[i]],
        '@listaQuotazioneId': listaId,
        '@categoriaMisura': 'Fattori',
        prvGrpValore: places.map((v) => ({ '@grpValoreId': v.id })),
        prvMisura: [
          { ...(q < 0 ? { '@operazione': '-' } : {}), prvCella: { '@testo': plain(Math.abs(q)), '@posizione': '1' } },
          ...notes.map((note) => ({ prvCommento: { '@lingua': IT, '@estesa': note } })),
        ],
      };
    }),
  };
}
