/**
 * What every export of a document shares, without I/O: the document's fields and rows it reads,
 * the price list of its voci (repeated voci share one article; one code at two prices is two),
 * its chapters with ids, numbers as plain decimals, the "da verificare" note, and text cleaned of
 * the characters XML cannot carry.
 */
import { fromNumber, toPlainString } from '../../shared/domain/money.ts';
import { assignExportCodes, exportCodeNote } from '../../shared/domain/export-formats.ts';
import { findProvince } from '../../shared/domain/provinces.ts';
import { needsCheck, type Capitoli, type Verifica } from '../../shared/domain/rows.ts';
import { readingNote, type ReadValues } from '../../shared/domain/row-edits.ts';
import type { DocumentRecord } from '../storage/repositories/documents.ts';
import type { RowRecord } from '../storage/repositories/rows.ts';

export type ExportDocument = Pick<DocumentRecord, 'id' | 'filename' | 'provincia' | 'tipologia_dei' | 'upload_date' | 'document_total'> & Partial<Pick<DocumentRecord, 'intestazione'>>;
export type ExportRow = Pick<
  RowRecord,
  'row_index' | 'tariffa' | 'descrizione' | 'unita_di_misura' | 'quantita' | 'unitario' | 'totale' | 'prezzo_db' | 'prezzo_totale_db' | 'differenza_totale_db'
> & {
  verifica?: Verifica | null;
  capitoli?: Capitoli | null;
  letto?: ReadValues | null;
  modificata?: boolean;
  /** Labour incidence (issue 39) and the article's safety incidence, in percent. */
  incidenza_manodopera?: number | null;
  sicurezza?: boolean | null;
  price_source?: { incidenza_manodopera?: number; incidenza_sicurezza?: number } | null;
};

/** One article of the exported price list. */
export interface Article {
  /** 1-based. */
  id: number;
  /** The voce's own code ('' for none). */
  tariffa: string;
  /** The code the export writes: non-empty and unique, case aside (assignExportCodes). */
  code: string;
  descrizione: string;
  unita: string;
  prezzo: number;
  /** The labour and safety incidences of its first voce, percent (XPWE IncMDO / IncSIC); null when unknown. */
  incMdo: number | null;
  incSic: number | null;
}

/**
 * The articles of the rows, in order of first use, and for each row the index of its article.
 * Rows with the same code, unit, price and description share one article; a code with two prices
 * (or two descriptions) makes two, so that every voce reads back as it was.
 */
export function priceList(rows: readonly ExportRow[]): { articles: Article[]; articleOf: number[] } {
  const byKey = new Map<string, Article & { voce: number }>();
  const articles: Array<Article & { voce: number }> = [];
  const articleOf = rows.map((r) => {
    const a = { tariffa: xmlSafe(r.tariffa).trim(), descrizione: xmlSafe(r.descrizione), unita: xmlSafe(r.unita_di_misura).trim(), prezzo: r.unitario ?? 0 };
    const key = JSON.stringify([a.tariffa, a.unita, a.prezzo, a.descrizione]);
    let found = byKey.get(key);
    if (!found) {
      found = { id: articles.length + 1, ...a, code: '', voce: r.row_index, incMdo: r.incidenza_manodopera ?? null, incSic: r.price_source?.incidenza_sicurezza ?? null };
      byKey.set(key, found);
      articles.push(found);
    }
    return found.id - 1;
  });
  const codes = assignExportCodes(articles);
  for (const [k, a] of articles.entries()) a.code = codes[k];
  return { articles, articleOf };
}

export type ChapterLevel = keyof Capitoli;
export const CHAPTER_LEVELS: readonly ChapterLevel[] = ['supercategoria', 'categoria', 'sottocategoria'];

/** Each chapter level's distinct titles with 1-based ids, in order of first use. */
export function chapterIds(rows: readonly ExportRow[]): Record<ChapterLevel, Map<string, number>> {
  const out = { supercategoria: new Map<string, number>(), categoria: new Map<string, number>(), sottocategoria: new Map<string, number>() };
  for (const r of rows) {
    for (const level of CHAPTER_LEVELS) {
      const title = chapterTitle(r, level);
      if (title && !out[level].has(title)) out[level].set(title, out[level].size + 1);
    }
  }
  return out;
}

export const chapterTitle = (r: ExportRow, level: ChapterLevel): string => xmlSafe(r.capitoli?.[level] ?? '').trim();

/** The note stating an article's assigned code ('' when it is exported with its own). */
export function codeNote(a: Article): string {
  return a.code === a.tariffa ? '' : exportCodeNote(a.tariffa, a.code);
}

/**
 * "DA VERIFICARE: reason; reason" for a row the reader was not sure of, and "Modificata a mano;
 * letto dal file: …" for a row changed by hand (shared/domain/row-edits.ts); '' for neither.
 */
export function verificaNote(r: ExportRow): string {
  const parts = [needsCheck(r) ? `DA VERIFICARE: ${r.verifica!.join('; ')}` : '', readingNote(r) ?? ''].filter(Boolean);
  return xmlSafe(parts.join(' · '));
}

/** A stored number as a plain decimal with a dot ("1234.5", "0.1923"): no exponent, no float noise. */
export function plain(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? toPlainString(fromNumber(n)) : '0';
}

/** Digits after the dot of a stored number (0 for integers). */
export function decimals(n: number | null | undefined): number {
  const s = plain(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Text XML 1.0 can carry: C0 controls other than tab, LF and CR, the non-characters U+FFFE/U+FFFF
 * and unpaired surrogates are dropped (no parser would read the file otherwise).
 */
export function xmlSafe(value: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
  return (value ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** The first words of a description, up to `max` characters: a prefix of it (the importers rely on that). */
export function shortDescription(text: string, max = 120): string {
  const t = text.trimStart();
  if (t.length <= max) return t.trimEnd();
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd();
}

/** "Firenze (FI)" for a known province, the stored value otherwise. */
export function provinceLabel(doc: Pick<ExportDocument, 'provincia'>): string {
  const p = findProvince(doc.provincia);
  return p ? `${p.name} (${p.code})` : doc.provincia;
}

/** dd/mm/yyyy in Italian time. */
export function italianDate(d: Date): string {
  return new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(d);
}
