import type { RowPatch } from '@/features/documents/api/update-row.ts';
import type { DocumentRow } from '@/features/documents/types.ts';

/** Spec section 5: quantity, unit price and total are numbers, step 0.01, 0 when not numeric. */
export const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const cents = (v: number) => Math.round(v * 100) / 100;

export interface FormState {
  tariffa: string;
  descrizione: string;
  unita_di_misura: string;
  quantita: number | null;
  unitario: number | null;
  totale: number | null;
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
  tipologia_dei: r.tipologia_dei,
  prezzo_db: r.prezzo_db,
  incidenza_manodopera: r.incidenza_manodopera ?? null,
  sicurezza: r.sicurezza ?? false,
});

/** Only what changed is sent: a re-sent prezzo_db would turn a list price into a manual one. */
export function rowPatch(row: DocumentRow, form: FormState): RowPatch {
  const before = fromRow(row);
  const patch: RowPatch = {};
  if (form.tariffa.trim() !== before.tariffa.trim()) patch.tariffa = form.tariffa.trim();
  if (form.descrizione.trim() !== before.descrizione.trim()) patch.descrizione = form.descrizione.trim();
  if (form.unita_di_misura.trim() !== before.unita_di_misura.trim()) patch.unita_di_misura = form.unita_di_misura.trim();
  for (const field of ['quantita', 'unitario', 'totale'] as const) {
    if (form[field] !== before[field]) patch[field] = num(form[field]);
  }
  if (form.tipologia_dei && form.tipologia_dei !== before.tipologia_dei) patch.tipologia_dei = form.tipologia_dei;
  if (form.prezzo_db !== before.prezzo_db) patch.prezzo_db = form.prezzo_db;
  if (form.incidenza_manodopera !== before.incidenza_manodopera) patch.incidenza_manodopera = form.incidenza_manodopera;
  if (form.sicurezza !== before.sicurezza) patch.sicurezza = form.sicurezza;
  return patch;
}

/** A total that matched quantity × unit price follows them when either changes. */
export function withAmount(f: FormState, field: 'quantita' | 'unitario', value: number | null): FormState {
  const next = { ...f, [field]: value };
  const wasProduct = f.totale !== null && Math.abs(cents(num(f.quantita) * num(f.unitario)) - num(f.totale)) < 0.011;
  if (wasProduct) next.totale = cents(num(next.quantita) * num(next.unitario));
  return next;
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
