import { computoColumn, computoRefusal, missingColumnsRefusal } from '../../../shared/domain/price-file.ts';
import { cellAmount, cellCode, cellText, cellYear, isEmptyRow, multilineText, optionalText, type RawCell } from './cells.ts';
import { describeLevels } from './describe.ts';
import { classifyTitle, normalizeTitle, type ColumnClass } from './headers.ts';
import { isChapterLabel, isHeading, looksLikeCode, titleText, TitleStack } from './titles.ts';
import { INCIDENCE_FIELDS, missingFields, PRICE_FIELDS, PriceFileError, tooManyRows, type PriceField, type PriceRow } from './types.ts';

export const HEADER_SEARCH_ROWS = 30;

interface Column {
  index: number;
  title: string;
  cls: ColumnClass;
}

/** The columns a header row maps, best column first for each field. */
export interface HeaderMap {
  columns: Map<PriceField, Column[]>;
  /** Description levels in level order, used when there is no plain description column. */
  levels: Column[];
  /** Every recognised cell, in sheet order (for messages). */
  cells: Column[];
}

/** Maps a row's cells to fields, or null when nothing is recognised. */
export function mapHeader(cells: readonly RawCell[]): HeaderMap | null {
  const found: Column[] = [];
  cells.forEach((c, index) => {
    const title = cellText(c);
    if (!title || title.length > 80) return;
    const cls = classifyTitle(title);
    if (cls) found.push({ index, title, cls });
  });
  if (!found.length) return null;
  const columns = new Map<PriceField, Column[]>();
  const levels: Column[] = [];
  for (const col of found) {
    if (col.cls.level !== undefined) {
      levels.push(col);
      continue;
    }
    const list = columns.get(col.cls.field) ?? [];
    list.push(col);
    columns.set(col.cls.field, list);
  }
  for (const list of columns.values()) list.sort((a, b) => a.cls.priority - b.cls.priority || a.index - b.index);
  levels.sort((a, b) => (a.cls.level ?? 0) - (b.cls.level ?? 0) || a.index - b.index);
  return { columns, levels, cells: found };
}

export function isUsableHeader(h: HeaderMap): boolean {
  return h.columns.has('codice') && (h.columns.has('prezzo') || h.columns.has('prezzo_senza_sg'));
}

function fieldsOf(h: HeaderMap): Set<PriceField> {
  const set = new Set(h.columns.keys());
  if (h.levels.length) set.add('descrizione');
  return set;
}

/** The short texts of a row, as header titles. */
function titlesIn(cells: readonly RawCell[]): string[] {
  const out: string[] = [];
  for (const c of cells) {
    const t = cellText(c);
    if (t && t.length <= 80) out.push(t);
  }
  return out;
}

/**
 * Tracks the best (most recognised cells) header candidate and the computo columns (quantity,
 * amount, measurements) seen in the rows searched, for the refusal's message.
 */
export class HeaderSearch {
  best: HeaderMap | null = null;
  private readonly computoTitles: string[] = [];
  private sawPrice = false;

  consider(h: HeaderMap | null, cells: readonly RawCell[] = []): void {
    if (h && (!this.best || h.cells.length > this.best.cells.length)) this.best = h;
    if (h && (h.columns.has('prezzo') || h.columns.has('prezzo_senza_sg'))) this.sawPrice = true;
    for (const t of titlesIn(cells)) if (computoColumn(t)) this.computoTitles.push(t);
  }

  error(): PriceFileError {
    const computo = computoRefusal(this.computoTitles, this.sawPrice);
    if (computo) return new PriceFileError(computo);
    const found = this.best ? this.best.cells.map((c) => c.title) : [];
    const have = this.best ? fieldsOf(this.best) : new Set<PriceField>();
    return new PriceFileError(missingColumnsRefusal({ codice: have.has('codice'), prezzo: have.has('prezzo') || have.has('prezzo_senza_sg') }, found, HEADER_SEARCH_ROWS));
  }
}

/**
 * Turns data rows under a recognised header into PriceRows, counting what it drops. Title rows
 * (chapters: a code and a text without price or unit, headings without a code) are not
 * articles: the articles below them carry them as `titoli` (titles.ts).
 */
export class RowMapper {
  private readonly read: PriceRow[] = [];
  private readonly titles = new TitleStack<PriceRow>();
  skipped = 0;
  private withoutPrice = 0;
  private invalidNumbers = 0;
  private firstInvalid: string | null = null;
  private readonly headerCodeTitles: Set<string>;
  private finished: { key: string; rows: PriceRow[] } | null = null;
  private headings = 0;

  constructor(
    private readonly header: HeaderMap,
    private readonly maxRows: number,
  ) {
    this.headerCodeTitles = new Set((header.columns.get('codice') ?? []).map((c) => normalizeTitle(c.title)));
  }

  /** The articles read: every row with a code, but the confirmed titles. */
  get rows(): PriceRow[] {
    const key = `${this.read.length}/${this.titles.confirmed.size}`;
    if (this.finished?.key !== key) {
      this.finished = { key, rows: this.titles.confirmed.size ? this.read.filter((r) => !this.titles.confirmed.has(r)) : this.read };
    }
    return this.finished.rows;
  }

  /** How many title rows (chapters, headings) were read. */
  get titleRows(): number {
    return this.titles.confirmed.size + this.headings;
  }

  recognised(): Array<{ field: PriceField; column: string }> {
    const out: Array<{ field: PriceField; column: string }> = [];
    for (const [field, cols] of this.header.columns) {
      if (field === 'descrizione') continue;
      out.push({ field, column: cols[0].title });
    }
    const desc = this.header.columns.get('descrizione');
    if (desc) out.push({ field: 'descrizione', column: desc[0].title });
    else if (this.header.levels.length) out.push({ field: 'descrizione', column: this.header.levels.map((l) => l.title).join(' + ') });
    const order = (f: PriceField) => [...PRICE_FIELDS, ...INCIDENCE_FIELDS].indexOf(f);
    return out.sort((a, b) => order(a.field) - order(b.field));
  }

  missing(): PriceField[] {
    return missingFields(fieldsOf(this.header));
  }

  private first(cells: readonly RawCell[], field: PriceField): RawCell {
    const col = this.header.columns.get(field)?.[0];
    return col ? cells[col.index] : undefined;
  }

  private text(cells: readonly RawCell[], field: PriceField): string | null {
    for (const col of this.header.columns.get(field) ?? []) {
      const t = optionalText(cells[col.index]);
      if (t) return t;
    }
    return null;
  }

  /** `rowLabel` null: the row is no article (no code), its unreadable numbers are not reported. */
  private amount(cells: readonly RawCell[], field: PriceField, rowLabel: string | null): number | null {
    const col = this.header.columns.get(field)?.[0];
    if (!col) return null;
    const bad = { invalid: false };
    const v = cellAmount(cells[col.index], bad);
    if (bad.invalid && rowLabel !== null) {
      this.invalidNumbers++;
      this.firstInvalid ??= `${rowLabel}, colonna ${col.title}: "${cellText(cells[col.index]).slice(0, 40)}"`;
    }
    return v;
  }

  /**
   * The text of a row without a code, when it is a heading: one text ("CAPITOLO A02 - DEMOLIZIONI"),
   * or a chapter label and its title ("Cap. 1" | "SCAVI" → "Cap. 1 - SCAVI").
   */
  private headingOf(cells: readonly RawCell[]): string | null {
    const texts = cells.map((c) => optionalText(c)).filter((t): t is string => t !== null);
    const text = texts.length === 1 ? texts[0] : texts.length === 2 && isChapterLabel(texts[0]) ? `${texts[0]} - ${texts[1]}` : null;
    return text !== null && isHeading(text) ? text : null;
  }

  /** The titles of "Livello n" columns above the article's own level (the last one filled). */
  private levelTitles(cells: readonly RawCell[]): string[] {
    if (!this.header.levels.length || this.header.columns.has('descrizione')) return [];
    const filled = this.header.levels.map((l) => multilineText(cells[l.index])).filter((t): t is string => t !== null);
    return filled.slice(0, -1).map(titleText).filter((t) => t !== '');
  }

  /** `rowLabel` names the row in warnings ("riga 12"). */
  push(cells: readonly RawCell[], rowLabel: string): void {
    if (isEmptyRow(cells)) return;
    let codice = '';
    for (const col of this.header.columns.get('codice') ?? []) {
      codice = cellCode(cells[col.index]);
      if (codice) break;
    }
    if (codice && !/\d/.test(codice) && this.headerCodeTitles.has(normalizeTitle(codice))) {
      this.skipped++;
      return;
    }
    const unita_di_misura = this.text(cells, 'unita_di_misura');
    const prezzo = this.amount(cells, 'prezzo', codice ? rowLabel : null);
    const prezzo_senza_sg = this.amount(cells, 'prezzo_senza_sg', codice ? rowLabel : null);
    const bare = prezzo === null && prezzo_senza_sg === null && unita_di_misura === null;
    if (!codice || (bare && !looksLikeCode(codice))) {
      const heading = bare ? this.headingOf(cells) : null;
      if (heading) {
        this.titles.heading(heading);
        this.headings++;
      } else this.skipped++;
      return;
    }
    if (this.read.length >= this.maxRows) throw tooManyRows(this.maxRows);

    let descrizione = this.text(cells, 'descrizione');
    if (!descrizione && this.header.levels.length) {
      descrizione = describeLevels(this.header.levels.map((l) => multilineText(cells[l.index])));
    }
    if (prezzo === null && prezzo_senza_sg === null) this.withoutPrice++;
    const provincia = this.text(cells, 'provincia');
    const row: PriceRow = {
      codice,
      descrizione: descrizione ?? '',
      unita_di_misura,
      prezzo,
      prezzo_senza_sg,
      anno: cellYear(this.first(cells, 'anno')),
      provincia: provincia ? provincia.toUpperCase() : null,
      tipologia: this.text(cells, 'tipologia'),
      scostamento_perc_senza_sg_2024: this.amount(cells, 'scostamento_perc_senza_sg_2024', rowLabel),
      scostamento_perc_su_anno_2024: this.amount(cells, 'scostamento_perc_su_anno_2024', rowLabel),
    };
    for (const f of INCIDENCE_FIELDS) if (this.header.columns.has(f)) row[f] = this.amount(cells, f, rowLabel);
    // A code and a text without price or unit may be a chapter: it is, once an article under its code follows.
    const above = bare && descrizione ? this.titles.candidate(codice, descrizione, row) : this.titles.above(codice);
    const titoli = [...above, ...this.levelTitles(cells)];
    if (titoli.length) row.titoli = titoli;
    this.read.push(row);
  }

  warnings(): string[] {
    const out: string[] = [];
    const withoutPrice = this.withoutPrice - this.titles.confirmed.size;
    if (withoutPrice) out.push(`${withoutPrice} ${withoutPrice === 1 ? 'riga senza prezzo: importata' : 'righe senza prezzo: importate'} con prezzo vuoto.`);
    if (this.invalidNumbers) out.push(`${this.invalidNumbers} ${this.invalidNumbers === 1 ? 'valore numerico non riconosciuto, lasciato vuoto' : 'valori numerici non riconosciuti, lasciati vuoti'} (${this.firstInvalid}).`);
    if (this.skipped) out.push(`${this.skipped} ${this.skipped === 1 ? 'riga ignorata' : 'righe ignorate'} (senza codice o intestazioni ripetute).`);
    if (!this.rows.length) out.push('Nessuna voce trovata sotto l\u2019intestazione.');
    return out;
  }
}

/**
 * Drives one table (a sheet or a CSV): looks for the header in the first 30 non-skipped rows,
 * then maps every following row. `push` returns false when the table has no header and the
 * caller may stop feeding it.
 */
export class TableReader {
  header: HeaderMap | null = null;
  headerRow: number | undefined;
  mapper: RowMapper | null = null;
  private previous: readonly RawCell[] = [];

  constructor(
    private readonly search: HeaderSearch,
    private readonly maxRows: number,
  ) {}

  /** `rowNumber` is 1-based, as the user sees it. */
  push(cells: readonly RawCell[], rowNumber: number): boolean {
    if (this.mapper) {
      this.mapper.push(cells, `riga ${rowNumber}`);
      return true;
    }
    if (rowNumber > HEADER_SEARCH_ROWS) return false;
    const h = mapHeader(cells);
    this.search.consider(h, cells);
    if (h && isUsableHeader(h)) {
      // A header with quantities beside its prices (on its row or the one above) is a computo's.
      const computo = computoRefusal([...titlesIn(this.previous), ...titlesIn(cells)], true);
      if (computo) throw new PriceFileError(computo);
      this.header = h;
      this.headerRow = rowNumber;
      this.mapper = new RowMapper(h, this.maxRows);
    }
    if (!isEmptyRow(cells)) this.previous = cells;
    return true;
  }
}
