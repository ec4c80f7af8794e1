/**
 * Versions of a row (issue 26): every write of a row stores it one version higher, and records,
 * for each field an estimator edits, the version that last changed it. An editor sends the
 * version they read (`base_version`): a field somebody else changed since then is a conflict,
 * any other field is applied to the row as it is now.
 */

/** The fields an estimator edits; each carries the version that last changed it. */
export const VERSIONED_FIELDS = ['tariffa', 'descrizione', 'unita_di_misura', 'quantita', 'unitario', 'totale', 'prezzo_db', 'tipologia_dei', 'incidenza_manodopera', 'sicurezza'] as const;
export type VersionedField = (typeof VERSIONED_FIELDS)[number];

export interface Versioned {
  /** Raised by one on every write; 0 for a row stored before versions. */
  version?: number;
  /** Field -> the version that last changed it (absent: not changed since versions exist). */
  field_versions?: Partial<Record<VersionedField, number>>;
  /**
   * Set by an undo ("Annulla"): the row is again exactly as it was at this earlier version, so an
   * older operation that left it at that version can still be undone. Any other write clears it.
   */
  same_as_version?: number;
}

/** The 409 of an editor whose field somebody else changed since they read the row. */
export const ROW_CHANGED_BY_OTHER = 'La riga è stata modificata da un altro utente: ricarica';
/** The 412 of a write whose If-Match names a version that is no longer the row's. */
/** A conditional write found the data changed under it (409), or a stale If-Match on a document (412). */
export const CHANGED_MEANWHILE_DETAIL = 'I dati sono stati modificati nel frattempo: ricarica la pagina e riprova.';
export const ROW_VERSION_STALE = 'La riga è cambiata rispetto alla versione indicata (If-Match): ricarica la riga e riprova.';

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `next` as the write that follows `current`: one version more, every changed field marked with it. */
export function nextVersion<T extends Versioned>(current: T, next: T): T {
  const version = (current.version ?? 0) + 1;
  const field_versions = { ...(current.field_versions ?? {}) };
  for (const f of VERSIONED_FIELDS) {
    if (!same((current as Record<string, unknown>)[f], (next as Record<string, unknown>)[f])) field_versions[f] = version;
  }
  const { same_as_version: _restored, ...values } = next;
  return { ...(values as T), version, field_versions };
}

/** The version whose content a row has: its own, or the earlier one an undo put back. */
export const contentVersion = (row: Versioned) => row.same_as_version ?? row.version ?? 0;

/**
 * The fields of `wanted` that somebody changed after version `base` (the one the editor read)
 * to a value other than the one the editor wants. Empty: the edit can be applied to `current`.
 */
export function conflictingFields(current: Versioned & Record<string, unknown>, base: number, wanted: Partial<Record<VersionedField, unknown>>): VersionedField[] {
  return (Object.keys(wanted) as VersionedField[]).filter(
    (f) => VERSIONED_FIELDS.includes(f) && (current.field_versions?.[f] ?? 0) > base && !same(current[f], wanted[f]),
  );
}

/**
 * The version an If-Match header names ("7", W/"7"); `*` or no header: undefined (any version).
 * Anything else is not a version of ours: NaN, which matches none.
 */
export function ifMatchVersion(header: string | undefined): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const m = /^(?:W\/)?"?(\d+)"?$/.exec(value);
  return m ? Number(m[1]) : Number.NaN;
}

/** The ETag of a version. */
export const etagOf = (version: number | undefined) => `"${version ?? 0}"`;
