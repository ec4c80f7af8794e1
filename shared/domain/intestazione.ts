/**
 * The heading of a computo's printout (the PDF export): Oggetto, Committente, Luogo, Data and
 * Progettista, kept on the document (PUT /api/documents/{id}/intestazione), shown and edited on the
 * document page and printed above the table and in the signature block. One rule for the limits and
 * the cleaning, used by the API and the web form.
 */
export const INTESTAZIONE_FIELDS = ['oggetto', 'committente', 'luogo', 'data', 'progettista'] as const;
export type IntestazioneField = (typeof INTESTAZIONE_FIELDS)[number];
export type Intestazione = Record<IntestazioneField, string>;

export const INTESTAZIONE_LABELS: Record<IntestazioneField, string> = {
  oggetto: 'Oggetto',
  committente: 'Committente',
  luogo: 'Luogo',
  data: 'Data',
  progettista: 'Progettista',
};

/** Characters each field may hold (the Oggetto can be a long title). */
export const INTESTAZIONE_MAX: Record<IntestazioneField, number> = { oggetto: 500, committente: 200, luogo: 200, data: 40, progettista: 200 };

export const intestazioneTooLong = (field: IntestazioneField) => `${INTESTAZIONE_LABELS[field]}: al massimo ${INTESTAZIONE_MAX[field]} caratteri.`;
export const INTESTAZIONE_NOT_TEXT = 'I campi dell\u2019intestazione devono essere testo.';

/** A field as stored: control characters out, runs of spaces (and line breaks) one space, trimmed. */
export function cleanIntestazioneText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a heading
  return value.replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The heading as stored from what a client sent: every field cleaned, the reason in Italian
 * when one is not text or too long. A field not sent is empty.
 */
export function parseIntestazione(input: Partial<Record<IntestazioneField, unknown>>): { value: Intestazione } | { error: string } {
  const value = {} as Intestazione;
  for (const f of INTESTAZIONE_FIELDS) {
    const raw = input[f] ?? '';
    if (typeof raw !== 'string') return { error: INTESTAZIONE_NOT_TEXT };
    const clean = cleanIntestazioneText(raw);
    if (clean.length > INTESTAZIONE_MAX[f]) return { error: intestazioneTooLong(f) };
    value[f] = clean;
  }
  return { value };
}

/** The heading of a document that has none yet: the file's name as Oggetto, the rest empty. */
export function intestazioneOf(doc: { filename: string; intestazione?: Partial<Intestazione> | null }): Intestazione {
  const stored = doc.intestazione ?? {};
  const out = {} as Intestazione;
  for (const f of INTESTAZIONE_FIELDS) out[f] = stored[f] ?? '';
  if (!doc.intestazione) out.oggetto = doc.filename.replace(/\.(pdf|xpwe|xml|ods|xlsx?|six)$/i, '');
  return out;
}
