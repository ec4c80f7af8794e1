import { cellAmount, cellCode, cellText, cellYear, isEmptyRow, multilineText, optionalText, type RawCell } from './cells.ts';
import { describeLevels } from './describe.ts';
import { classifyTitle, FIELD_LABELS, normalizeTitle, type ColumnClass } from './headers.ts';
import { missingFields, PRICE_FIELDS, PriceFileError, tooManyRows, type PriceField, type PriceRow } from './types.ts';

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

/** Tracks the best (most recognised cells) header candidate, for the error message. */
export class HeaderSearch {
  best: HeaderMap | null = null;

  consider(h: HeaderMap | null): void {
    if (h && (!this.best || h.cells.length > this.best.cells.length)) this.best = h;
  }

  error(): PriceFileError {
    const found = this.best ? this.best.cells.map((c) => c.title) : [];
    const have = this.best ? fieldsOf(this.best) : new Set<PriceField>();
    const needed: PriceField[] = ['codice'];
    if (!have.has('prezzo') && !have.has('prezzo_senza_sg')) needed.push('prezzo');
    const lacking = needed.filter((f) => !have.has(f)).map((f) => FIELD_LABELS[f]);
    const trovate = found.length ? `trovate: ${found.join(', ')}` : 'nessuna colonna riconosciuta';
    return new PriceFileError(
      `Intestazione non trovata nelle prime ${HEADER_SEARCH_ROWS} righe: servono almeno le colonne Codice e Prezzo (${trovate}). ` +
        `Mancanti: ${lacking.join(', ')}.`,
    );
  }
}

/** Turns data rows under a recognised header into PriceRows, counting what it drops. */
export class RowMapper {
  readonly rows: PriceRow[] = [];
  skipped = 0;
  private withoutPrice = 0;
  private invalidNumbers = 0;
  private firstInvalid: string | null = null;
  private readonly headerCodeTitles: Set<string>;

  constructor(
    private readonly header: HeaderMap,
    private readonly maxRows: number,
  ) {
    this.headerCodeTitles = new Set((header.columns.get('codice') ?? []).map((c) => normalizeTitle(c.title)));
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
    const order = (f: PriceField) => PRICE_FIELDS.indexOf(f);
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

  private amount(cells: readonly RawCell[], field: PriceField, rowLabel: string): number | null {
    const col = this.header.columns.get(field)?.[0];
    if (!col) return null;
    const bad = { invalid: false };
    const v = cellAmount(cells[col.index], bad);
    if (bad.invalid) {
      this.invalidNumbers++;
      this.firstInvalid ??= `${rowLabel}, colonna ${col.title}: "${cellText(cells[col.index]).slice(0, 40)}"`;
    }
    return v;
  }

  /** `rowLabel` names the row in warnings ("riga 12"). */
  push(cells: readonly RawCell[], rowLabel: string): void {
    if (isEmptyRow(cells)) return;
    let codice = '';
    for (const col of this.header.columns.get('codice') ?? []) {
      codice = cellCode(cells[col.index]);
      if (codice) break;
    }
    if (!codice || (!/\d/.test(codice) && this.headerCodeTitles.has(normalizeTitle(codice)))) {
      this.skipped++;
      return;
    }
    if (this.rows.length >= this.maxRows) throw tooManyRows(this.maxRows);

    let descrizione = this.text(cells, 'descrizione');
    if (!descrizione && this.header.levels.length) {
      descrizione = describeLevels(this.header.levels.map((l) => multilineText(cells[l.index])));
    }
    const prezzo = this.amount(cells, 'prezzo', rowLabel);
    const prezzo_senza_sg = this.amount(cells, 'prezzo_senza_sg', rowLabel);
    if (prezzo === null && prezzo_senza_sg === null) this.withoutPrice++;
    const provincia = this.text(cells, 'provincia');
    this.rows.push({
      codice,
      descrizione: descrizione ?? '',
      unita_di_misura: this.text(cells, 'unita_di_misura'),
      prezzo,
      prezzo_senza_sg,
      anno: cellYear(this.first(cells, 'anno')),
      provincia: provincia ? provincia.toUpperCase() : null,
      tipologia: this.text(cells, 'tipologia'),
      scostamento_perc_senza_sg_2024: this.amount(cells, 'scostamento_perc_senza_sg_2024', rowLabel),
      scostamento_perc_su_anno_2024: this.amount(cells, 'scostamento_perc_su_anno_2024', rowLabel),
    });
  }

  warnings(): string[] {
    const out: string[] = [];
    if (this.withoutPrice) out.push(`${this.withoutPrice} ${this.withoutPrice === 1 ? 'riga senza prezzo: importata' : 'righe senza prezzo: importate'} con prezzo vuoto.`);
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
    this.search.consider(h);
    if (h && isUsableHeader(h)) {
      this.header = h;
      this.headerRow = rowNumber;
      this.mapper = new RowMapper(h, this.maxRows);
    }
    return true;
  }
}
