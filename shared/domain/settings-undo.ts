/**
 * Undoing a change of a document's province or typology (issue 26, "Annulla"). Pure rules, no I/O.
 *
 * A settings change is journaled as a snapshot of every row taken before its first row write
 * (and after its place in the journal was taken), plus the document's settings before it. It
 * changes only the price fields of a row (the typology and what the price list gives), so a row
 * "as the change left it" is one whose every other field is still as in the snapshot. Any
 * journaled operation that came after the change is undone before it (the journal undoes the
 * latest only), so when the change's turn comes a row either is untouched, or differs from its
 * snapshot by the price fields only (the change moved it), or was changed by somebody else:
 * then the undo is refused.
 */
import { deriveRow } from './totals.ts';
import { contentVersion, nextVersion, type Versioned } from './row-versions.ts';

/** The fields a re-price or a settings change writes: the typology and the price fields. */
export const PRICE_FIELDS = [
  'tipologia_dei',
  'prezzo_db',
  'prezzo_totale_db',
  'differenza_totale_db',
  'variazione_percentuale',
  'price_source',
  'price_reason',
  // The labour incidence the list gives (issue 39) follows the article.
  'incidenza_manodopera',
  'fonte_manodopera',
] as const;

/** The bookkeeping of writes, not values the user sees. */
const BOOKKEEPING = ['version', 'field_versions', 'same_as_version'];

/** The province and typology of a document. */
export interface DocumentSettings {
  provincia: string;
  tipologia_dei: string;
}

/** The row fields these rules read; rows carry many more, compared as they are. */
export type SnapshotRow = Versioned & { id: number; row_index: number; quantita: number | null; unitario: number | null; totale: number | null; prezzo_db: number | null };

/** JSON with keys in order at every level: two equal values always give the same text. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const without = (row: object, ignored: readonly string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !ignored.includes(k)));

/** The two rows differ at most in their price fields (and write bookkeeping). */
export function differsInPriceOnly(a: object, b: object): boolean {
  const ignored = [...PRICE_FIELDS, ...BOOKKEEPING];
  return stable(without(a, ignored)) === stable(without(b, ignored));
}

/** The price fields of the two rows are the same. */
export function samePriceFields(a: object, b: object): boolean {
  const pick = (r: object) => Object.fromEntries(Object.entries(r).filter(([k]) => (PRICE_FIELDS as readonly string[]).includes(k)));
  return stable(pick(a)) === stable(pick(b));
}

/**
 * Where a row stands against its snapshot: `untouched` (the same content: never written, or put
 * back already), `moved` (only its price fields changed: the settings change did it), `changed`
 * (anything else, or gone, or another row at its place).
 */
export function settingsRowState(before: SnapshotRow, now: SnapshotRow | undefined): 'untouched' | 'moved' | 'changed' {
  if (!now || now.id !== before.id) return 'changed';
  if (contentVersion(now) === contentVersion(before)) return 'untouched';
  return differsInPriceOnly(now, before) ? 'moved' : 'changed';
}

/** The rows of a snapshot that forbid the undo (changed since the settings change), by row_index. */
export function rowsBlockingSettingsUndo(snapshot: SnapshotRow[], current: Map<number, SnapshotRow>): number[] {
  return snapshot.filter((before) => settingsRowState(before, current.get(before.row_index)) === 'changed').map((r) => r.row_index);
}

/**
 * What a row becomes when the settings change is undone, or null when it needs no write:
 * a moved row is put back exactly as in the snapshot (one version above the stored one, marked
 * as having the snapshot's content, as every undo does); a row changed by somebody else while the
 * undo was already under way (after its check) keeps their change and gets its price fields back
 * from the snapshot, the amounts worked out again on its own quantity. A row that went stays gone.
 */
export function undoneSettingsRow<T extends SnapshotRow>(before: T, now: T | undefined): T | null {
  const state = settingsRowState(before, now);
  if (!now || now.id !== before.id || state === 'untouched') return null;
  if (state === 'moved') return { ...nextVersion(now, before), same_as_version: contentVersion(before) };
  const realigned: Record<string, unknown> = { ...(now as Record<string, unknown>) };
  for (const f of PRICE_FIELDS) {
    if (f in before) realigned[f] = (before as Record<string, unknown>)[f];
    else delete realigned[f];
  }
  Object.assign(realigned, deriveRow({ quantita: now.quantita, unitario: now.unitario, totale: now.totale, prezzo_db: before.prezzo_db }));
  return samePriceFields(realigned, now) ? null : nextVersion(now, realigned as T);
}
