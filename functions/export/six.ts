/**
 * The document as a SIX file (UNI 11337 interchange, `six.xsd` namespace), with the structure of
 * STR Vision's exports (the shared sample in tests/fixtures/corpus/data): an intestazione, the
 * chapter levels below the top one as WBS groups (gruppo/grpValore), one prezzario with its units
 * (unitaDiMisura), one price list (listaQuotazione) and a prodotto per article (code,
 * descriptions, unit, groups, price: prdQuotazione), then a progetto whose preventivi measure the
 * voci: one prvRilevazione per voce, whose measurement (prvMisura/prvCella) is the quantity, "-"
 * for a negative one, and a prvCommento "DA VERIFICARE: ..." on rows still to check.
 *
 * A SIX reader (ours, STR Vision) makes one voce per product of each preventivo, summing its
 * rilevazioni. So a preventivo is a run of consecutive voci of one top chapter in which no article
 * repeats: a new one starts when the chapter changes or an article comes back, and every voce
 * reads back as itself, in order. The preventivo's title is the top chapter (the document's name
 * when there is none).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { chapterIds, chapterTitle, plain, priceList, shortDescription, verificaNote, xmlSafe, type ExportDocument, type ExportRow } from './model.ts';

const IT = 'it';

interface Preventivo {
  title: string;
  rows: number[];
  articles: Set<number>;
}

export function buildSix(doc: ExportDocument, rows: readonly ExportRow[]): Buffer {
  const { articles, articleOf } = priceList(rows);
  const chapters = chapterIds(rows);
  const title = xmlSafe(doc.filename);

  // Ids unique across the file, as in STR Vision's exports, given in the order they appear.
  let nextId = 0;
  const id = () => ++nextId;

  const groups = (['categoria', 'sottocategoria'] as const)
    .filter((level) => chapters[level].size)
    .map((level) => ({ level, gruppoId: id(), values: new Map([...chapters[level].keys()].map((t) => [t, id()])) }));

  const units = new Map<string, number>();
  for (const a of articles) if (a.unita && !units.has(a.unita)) units.set(a.unita, id());
  const ids: SixIds = { id, listaId: id(), prezzarioId: id(), units, prodottoIds: [] };
  const articleGroups = articleGroupsOf(rows, articleOf, groups);
  ids.prodottoIds = articles.map(() => id());

  const tree = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Documento: {
      '@xmlns': 'six.xsd',
      intestazione: { '@intestazioneId': id(), '@lingua': IT, '@separatore': '.', '@separatoreParametri': ';', '@valuta': 'EUR', '@autore': 'Computa', '@versione': '1' },
      gruppo: groups.map((g) => ({
        '@vlrStruttura': '',
        '@tipo': g.level === 'categoria' ? 'Categorie' : 'Sottocategorie',
        '@gruppoId': g.gruppoId,
        grpValore: [...g.values].map(([t, v], k) => ({ '@grpValoreId': v, '@vlrId': String(k + 1), vlrDescrizione: { '@lingua': IT, '@breve': t } })),
      })),
      prezzario: prezzarioOf(doc, title, articles, articleGroups, groups, ids),
      progetto: {
        '@prgId': String(doc.id),
        prgDescrizione: { '@lingua': IT, '@breve': title },
        prgPrezzario: { '@prezzarioId': ids.prezzarioId },
        preventivo: preventiviOf(rows, articleOf, title).map((p, k) => preventivoOf(p, k, rows, articleOf, ids)),
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
  units: Map<string, number>;
  prodottoIds: number[];
}

type Articles = ReturnType<typeof priceList>['articles'];
type Group = { level: 'categoria' | 'sottocategoria'; gruppoId: number; values: Map<string, number> };

/** Each article's groups: those of the first voce that uses it. */
function articleGroupsOf(rows: readonly ExportRow[], articleOf: number[], groups: Group[]): Map<number, number[]> {
  const articleGroups = new Map<number, number[]>();
  rows.forEach((r, i) => {
    if (articleGroups.has(articleOf[i])) return;
    articleGroups.set(
      articleOf[i],
      groups.map((g) => g.values.get(chapterTitle(r, g.level))).filter((v): v is number => v !== undefined),
    );
  });
  return articleGroups;
}

/** A preventivo per consecutive stretch of a chapter in which no article repeats. */
function preventiviOf(rows: readonly ExportRow[], articleOf: number[], title: string): Preventivo[] {
  const preventivi: Preventivo[] = [];
  rows.forEach((r, i) => {
    const top = chapterTitle(r, 'supercategoria') || title;
    const last = preventivi.at(-1);
    if (!last || last.title !== top || last.articles.has(articleOf[i])) preventivi.push({ title: top, rows: [i], articles: new Set([articleOf[i]]) });
    else {
      last.rows.push(i);
      last.articles.add(articleOf[i]);
    }
  });
  return preventivi;
}

/** The price list: units, the one price list, a prodotto per article. */
function prezzarioOf(doc: ExportDocument, title: string, articles: Articles, articleGroups: Map<number, number[]>, groups: Group[], ids: SixIds) {
  const { units, listaId, prezzarioId, prodottoIds } = ids;
  return {
    '@prezzarioId': prezzarioId,
    '@przId': `Computa ${doc.id}`,
    '@prdStruttura': '',
    '@categoriaPrezzario': 'EPU',
    unitaDiMisura: [...units].map(([u, v]) => ({ '@unitaDiMisuraId': v, '@udmId': u, '@simbolo': u, udmDescrizione: { '@lingua': IT, '@breve': u } })),
    listaQuotazione: { '@listaQuotazioneId': listaId, '@lqtId': '01', lqtDescrizione: { '@lingua': IT, '@breve': 'Prezzi del documento' } },
    przDescrizione: { '@lingua': IT, '@breve': `Elenco prezzi: ${title}` },
    przGruppo: groups.map((g) => ({ '@gruppoId': g.gruppoId })),
    prodotto: articles.map((a, k) => ({
      '@prodottoId': prodottoIds[k],
      '@prdId': a.tariffa,
      ...(a.unita ? { '@unitaDiMisuraId': units.get(a.unita) } : {}),
      prdDescrizione: { '@lingua': IT, '@breve': shortDescription(a.descrizione), '@estesa': a.descrizione },
      prdGrpValore: (articleGroups.get(k) ?? []).map((v) => ({ '@grpValoreId': v })),
      prdQuotazione: { '@valore': plain(a.prezzo), '@listaQuotazioneId': listaId },
    })),
  };
}

/** One preventivo: a prvRilevazione per voce, its quantity in one cell (and the voce's note). */
function preventivoOf(p: Preventivo, k: number, rows: readonly ExportRow[], articleOf: number[], ids: SixIds) {
  const { id, listaId, prezzarioId, prodottoIds } = ids;
  return {
    '@preventivoId': id(),
    '@prvId': `CME ${k + 1}`,
    '@prezzarioId': prezzarioId,
    prvDescrizione: { '@lingua': IT, '@breve': p.title },
    prvRilevazione: p.rows.map((i, n) => {
      const r = rows[i];
      const q = r.quantita ?? 0;
      const note = verificaNote(r);
      return {
        '@prvRilevazioneId': id(),
        '@rilevazione': 'Misura',
        '@progressivo': String((n + 1) * 10),
        '@prodottoId': prodottoIds[articleOf[i]],
        '@listaQuotazioneId': listaId,
        '@categoriaMisura': 'Fattori',
        prvMisura: {
          ...(q < 0 ? { '@operazione': '-' } : {}),
          prvCella: { '@testo': plain(Math.abs(q)), '@posizione': '1' },
          ...(note ? { prvCommento: { '@lingua': IT, '@estesa': note } } : {}),
        },
      };
    }),
  };
}
