/**
 * A row changed by hand: the product rule applied to what the person sent, and what the file said
 * kept beside it (`letto`), so an edit is never anonymous. Pure; the server (services/rows.ts)
 * and the web's edit dialog use the same rules.
 */
import { formatItalian, fromNumber } from './money.ts';
import { productAgrees, productAmount } from './totals.ts';

/** The reason of a row whose three numbers, sent by hand, disagree by more than a cent. */
export const EDIT_REASONS = {
  product: 'quantità × prezzo ≠ importo inserito',
} as const;

/** The fields of a row as the reader or importer read them (the names the row record uses). */
export const READ_FIELDS = ['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale'] as const;
export type ReadField = (typeof READ_FIELDS)[number];

export interface ReadValues {
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
}

export interface EditableRow extends ReadValues {
  verifica?: readonly string[] | null;
  /** What the file said, kept from the first change by hand. */
  letto?: ReadValues | null;
  /** true when a field of `letto` differs from the row now. */
  modificata?: boolean;
}

const readValuesOf = (r: ReadValues): ReadValues => ({
  tariffa: r.tariffa,
  descrizione: r.descrizione,
  unita_di_misura: r.unita_di_misura,
  quantita: r.quantita,
  unitario: r.unitario,
  totale: r.totale,
});

/** The fields of `row` that differ from what was read (none for a row never changed by hand). */
export function changedFields(row: EditableRow): ReadField[] {
  const letto = row.letto;
  if (!letto) return [];
  return READ_FIELDS.filter((f) => (letto[f] ?? null) !== (row[f] ?? null));
}

/**
 * `after` is `before` changed by hand: it keeps what was read (before's `letto`, or before's own
 * values when it had none: nobody had changed it) and is `modificata` while any read field
 * differs; a row edited back to what was read is plain again.
 */
export function markEdited<T extends EditableRow>(before: EditableRow, after: T): T {
  const letto = before.letto ?? readValuesOf(before);
  const { letto: _l, modificata: _m, ...rest } = after;
  const candidate = { ...rest, letto } as T;
  return changedFields(candidate).length ? { ...candidate, modificata: true } : (rest as T);
}

/** Which of the three numbers an edit sent. */
export interface SentNumbers {
  quantita?: boolean;
  unitario?: boolean;
  totale?: boolean;
}

/**
 * The product rule on an edit: a new quantity or unit price without an amount recomputes the
 * amount (half-up, exact); three numbers sent that disagree by more than a cent are kept as sent
 * (they may be what the document prints) and the row is flagged with EDIT_REASONS.product.
 */
export function applyProductRule<T extends EditableRow>(next: T, sent: SentNumbers): T {
  let out = next;
  if ((sent.quantita || sent.unitario) && !sent.totale) {
    const amount = productAmount(out.quantita, out.unitario);
    if (amount !== null) out = { ...out, totale: amount };
  }
  const others = (out.verifica ?? []).filter((r) => r !== EDIT_REASONS.product);
  const touched = sent.quantita || sent.unitario || sent.totale;
  if (touched && productAgrees(out.quantita, out.unitario, out.totale) === false) return { ...out, verifica: [...others, EDIT_REASONS.product] };
  return others.length === (out.verifica ?? []).length ? out : { ...out, verifica: others };
}

const FIELD_NAMES: Record<ReadField, string> = {
  tariffa: 'tariffa',
  descrizione: 'descrizione',
  unita_di_misura: 'unità di misura',
  quantita: 'quantità',
  unitario: 'prezzo unitario',
  totale: 'totale',
};

const shortText = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** A value as read, in Italian notation (numbers with at least 2 decimals, texts quoted). */
function readValue(field: ReadField, value: string | number | null): string {
  if (value === null || value === '') return 'vuoto';
  if (typeof value === 'number') {
    const d = fromNumber(value);
    return formatItalian(d, Math.max(2, Math.min(d.scale, 6)));
  }
  return field === 'descrizione' ? `«${shortText(value)}»` : `«${value}»`;
}

/**
 * The note every screen and export carries on a row changed by hand: "Modificata a mano; letto
 * dal file: quantità 1,00; totale 120,00". null for a row as read.
 */
export function readingNote(row: EditableRow): string | null {
  if (!row.modificata || !row.letto) return null;
  const letto = row.letto;
  const changed = changedFields(row);
  if (!changed.length) return null;
  return `Modificata a mano; letto dal file: ${changed.map((f) => `${FIELD_NAMES[f]} ${readValue(f, letto[f])}`).join('; ')}`;
}
