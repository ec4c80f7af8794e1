/**
 * The undo journal of a document (issue 26, "Annulla"): what each undoable operation is called
 * and the Italian words the API and the web say about it. Pure rules, no I/O.
 */

/** The kinds of undoable operations. */
export const OPERATION_KINDS = ['modifica', 'unione', 'eliminazione', 'tipologia', 'prezzi', 'suggerimento', 'duplicazione', 'impostazioni'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** How many operations of a document stay undoable (the older ones are dropped). */
export const MAX_UNDOABLE = 20;

export const NOTHING_TO_UNDO = 'Non ci sono operazioni da annullare su questo documento.';
export const NOT_LATEST_OPERATION = 'Questa operazione non è più l\u2019ultima del documento (o è già stata annullata): ricarica e riprova.';
export const UNDO_ROW_CHANGED = 'La riga è stata modificata dopo questa operazione: impossibile annullarla.';
export const UNDO_COPY_CHANGED = 'Il documento copiato è stato modificato o eliminato dopo la duplicazione: impossibile annullarla.';
export const UNDO_IN_PROGRESS = 'Un altro annullamento è in corso su questo documento: riprova tra poco.';
/** An undo asked while a settings change or "Aggiorna Prezzi" still writes the document's rows. */
export const DOCUMENT_OPERATION_RUNNING = 'Un cambio di provincia o tipologia o un aggiornamento dei prezzi è ancora in corso su questo documento: riprova al termine.';
/** A settings change or "Aggiorna Prezzi" asked while a settings change is being undone. */
export const SETTINGS_UNDO_RUNNING = 'È in corso l\u2019annullamento di un cambio di provincia o tipologia su questo documento: riprova tra poco.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The short Italian description of an operation, from what it touched ("Modifica della riga 12"). */
export function describeOperation(kind: OperationKind, rowIndexes: number[]): string {
  const sorted = [...rowIndexes].sort((a, b) => a - b);
  switch (kind) {
    case 'modifica':
      return `Modifica della riga ${sorted[0]}`;
    case 'unione':
      return `Unione delle righe ${sorted[0]} e ${sorted[1]}`;
    case 'eliminazione':
      return sorted.length === 1 ? `Eliminazione della riga ${sorted[0]}` : `Eliminazione di ${sorted.length} righe`;
    case 'suggerimento':
      return `Prezzo suggerito applicato alla riga ${sorted[0]}`;
    case 'duplicazione':
      return `Duplicazione di ${plural(sorted.length, 'riga', 'righe')} in un nuovo documento`;
    case 'tipologia':
      return `Tipologia DEI di ${plural(sorted.length, 'riga', 'righe')}`;
    case 'prezzi':
      return `Aggiornamento dei prezzi di ${plural(sorted.length, 'riga', 'righe')}`;
    case 'impostazioni':
      return `Cambio di provincia e tipologia del documento (${plural(sorted.length, 'riga', 'righe')})`;
  }
}

/** What an undo answers: "Operazione annullata: Modifica della riga 12". */
export const undoneMessage = (description: string) => `Operazione annullata: ${description}`;
