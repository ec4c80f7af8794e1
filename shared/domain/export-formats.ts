/** The formats a document exports to, shared by the API, the server and the web's Esporta menu. */

/** By format (GET /api/documents/{id}/export?format=): label for the Esporta menu, media type, file extension. */
export const EXPORT_FORMATS = {
  xlsx: { label: 'Excel', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  xpwe: { label: 'PriMus (XPWE)', contentType: 'application/xml; charset=utf-8', extension: 'xpwe' },
  six: { label: 'SIX (XML)', contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  pdf: { label: 'PDF (stampa)', contentType: 'application/pdf', extension: 'pdf' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as ExportFormat[];
export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === 'string' && Object.hasOwn(EXPORT_FORMATS, value);
export const exportFilename = (id: number, format: ExportFormat) => `documento_${id}.${EXPORT_FORMATS[format].extension}`;
export const EXPORT_FORMAT_INVALID = 'Formato di esportazione non valido. Formati disponibili: xlsx (Excel), xpwe (PriMus), six (SIX XML), pdf (stampa).';

/**
 * Every article of an XPWE or SIX export has its own non-empty code, because other programs key
 * their price list by code (LeenO skips an article without one and keeps only the first of two
 * with the same code, case aside). A voce without a code gets `VOCE.{n}` (n: its voce number), a
 * code's second price (or description, or unit) `{code}/2`, then `/3`..., always different, case
 * aside, from every code of the document; each assignment is stated in the export with
 * `exportCodeNote`, which our importers read back (`originalCode`) to restore the voce's own code.
 */
export const NO_CODE_PREFIX = 'VOCE.';

/** The note that states an assigned code: visible in PriMus, LeenO and STR Vision beside the voce. */
export function exportCodeNote(original: string, assigned: string): string {
  return original
    ? `Codice nel documento: «${original}»; in questo file ${assigned} (altro prezzo o descrizione dello stesso codice).`
    : `Codice nel documento: nessuno; in questo file ${assigned} (voce senza codice).`;
}

const NOTE = /^Codice nel documento: (?:«(.*)»|nessuno); in questo file (.+) \((?:altro prezzo o descrizione dello stesso codice|voce senza codice)\)\.$/s;

/** The voce's own code when `note` states an assignment of `assigned`, null otherwise. */
export function originalCode(note: string, assigned: string): string | null {
  const m = NOTE.exec(note.trim());
  if (!m || m[2] !== assigned.trim()) return null;
  return m[1] ?? '';
}

/**
 * The code each article is exported with, given the articles' own codes (in order of first use) and
 * each one's first voce number: the own code when it is the first article with it, an assigned one
 * otherwise.
 */
export function assignExportCodes(articles: ReadonlyArray<{ tariffa: string; voce: number }>): string[] {
  const taken = new Set(articles.map((a) => a.tariffa.trim().toLowerCase()).filter(Boolean));
  const used = new Set<string>();
  return articles.map(({ tariffa, voce }) => {
    const own = tariffa.trim();
    let code = own;
    if (!own) {
      code = `${NO_CODE_PREFIX}${voce}`;
      for (let k = 2; taken.has(code.toLowerCase()) || used.has(code.toLowerCase()); k++) code = `${NO_CODE_PREFIX}${voce}/${k}`;
    } else if (used.has(own.toLowerCase())) {
      let k = 2;
      while (taken.has(`${own}/${k}`.toLowerCase()) || used.has(`${own}/${k}`.toLowerCase())) k++;
      code = `${own}/${k}`;
    }
    used.add(code.toLowerCase());
    return code;
  });
}

/** The intestazione's autore of our SIX exports: every rilevazione of such a file is a voce of its own. */
export const SIX_AUTHOR = 'Computa';

/** The WBS group types of the chapters in our SIX exports (STR Vision's numbering; groups of the rilevazioni). */
export const SIX_CHAPTER_GROUPS = {
  supercategoria: 'WBS 01 - Supercategorie',
  categoria: 'WBS 02 - Categorie',
  sottocategoria: 'WBS 03 - Sottocategorie',
} as const;
