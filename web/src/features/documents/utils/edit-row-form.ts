import type { RowPatch } from '@/features/documents/api/update-row.ts';
import type { DocumentRow } from '@/features/documents/types.ts';
import type { ReadValues } from '@shared/domain/row-edits.ts';
import { productAgrees, productAmount } from '@shared/domain/totals.ts';

/** The six fields as the form holds them: the row's own read-values shape (shared/domain/row-edits.ts). */
export interface FormState extends ReadValues {
  /** The person typed the total: it no longer follows quantity × unit price. */
  totaleTyped: boolean;
  tipologia_dei: string | null;
  prezzo_db: number | null;
  /** Labour incidence, percent (issue 39). */
  incidenza_manodopera: number | null;
  sicurezza: boolean;
}

export const fromRow = (r: DocumentRow): FormState => ({
  tariffa: r.tariffa ?? '',
  descrizione: r.descrizione ?? '',
  unita_di_misura: r.unita_di_misura ?? '',
  quantita: r.quantita,
  unitario: r.unitario ?? r.prezzo_unitario,
  totale: r.totale,
  totaleTyped: false,
  tipologia_dei: r.tipologia_dei,
  prezzo_db: r.prezzo_db,
  incidenza_manodopera: r.incidenza_manodopera ?? null,
  sicurezza: r.sicurezza ?? false,
});

/**
 * Only what changed is sent: a re-sent prezzo_db would turn a list price into a manual one. The
 * amount is sent only when the person typed it; a new quantity or price alone lets the server
 * compute it by the product rule (the web never sends an amount of its own computing).
 */
export function rowPatch(row: DocumentRow, form: FormState): RowPatch {
  const before = fromRow(row);
  const patch: RowPatch = {};
  if (form.tariffa.trim() !== before.tariffa.trim()) patch.tariffa = form.tariffa.trim();
  if (form.descrizione.trim() !== before.descrizione.trim()) patch.descrizione = form.descrizione.trim();
  if (form.unita_di_misura.trim() !== before.unita_di_misura.trim()) patch.unita_di_misura = form.unita_di_misura.trim();
  // An emptied quantity or price never gets here (formProblem); one left empty is unchanged.
  if (form.quantita !== before.quantita && form.quantita !== null) patch.quantita = form.quantita;
  if (form.unitario !== before.unitario && form.unitario !== null) patch.unitario = form.unitario;
  if (form.totaleTyped && form.totale !== before.totale) patch.totale = form.totale;
  if (form.tipologia_dei && form.tipologia_dei !== before.tipologia_dei) patch.tipologia_dei = form.tipologia_dei;
  if (form.prezzo_db !== before.prezzo_db) patch.prezzo_db = form.prezzo_db;
  if (form.incidenza_manodopera !== before.incidenza_manodopera) patch.incidenza_manodopera = form.incidenza_manodopera;
  if (form.sicurezza !== before.sicurezza) patch.sicurezza = form.sicurezza;
  return patch;
}

/** A total not typed by hand follows quantity × unit price as either changes (half-up, exact: shared/domain). */
export function withAmount(f: FormState, field: 'quantita' | 'unitario', value: number | null): FormState {
  const next = { ...f, [field]: value };
  if (f.totaleTyped) return next;
  const amount = productAmount(next.quantita, next.unitario);
  return amount === null ? next : { ...next, totale: amount };
}

/**
 * The total typed by hand: kept as typed; the check below the fields says when it disagrees. The
 * number field also reports the value it was given (the total following the product): that is no
 * typing, and the total keeps following.
 */
export const withTypedTotal = (f: FormState, value: number | null): FormState => (value === f.totale ? f : { ...f, totale: value, totaleTyped: true });

/** Quantity × unit price by the product rule, and whether the total agrees within a cent (null: a number is missing). */
export function productCheck(f: FormState): { product: number; agrees: boolean } | null {
  const product = productAmount(f.quantita, f.unitario);
  return product === null ? null : { product, agrees: productAgrees(f.quantita, f.unitario, f.totale) === true };
}

export const EMPTY_QUANTITY = 'Inserisci la quantità: un campo vuoto non viene salvato come 0.';
export const EMPTY_PRICE = 'Inserisci il prezzo unitario: un campo vuoto non viene salvato come 0.';

/**
 * Why the form cannot be saved, or null: a quantity or unit price the row had and the user
 * emptied would otherwise be sent as 0 and zero the amount without a word.
 */
export function formProblem(row: DocumentRow, form: FormState): string | null {
  const before = fromRow(row);
  if (form.quantita === null && before.quantita !== null) return EMPTY_QUANTITY;
  if (form.unitario === null && before.unitario !== null) return EMPTY_PRICE;
  return null;
}
