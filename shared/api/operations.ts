/** "Annulla" (issue 26): functions/handlers/documents.ts `operations`, `undo`. */
import { z } from 'zod';
import { DOCUMENT_OPERATION_RUNNING, MAX_UNDOABLE, NOT_LATEST_OPERATION, NOTHING_TO_UNDO, OPERATION_KINDS, UNDO_ROW_CHANGED } from '../domain/operations.ts';
import { envelope, idPath, message, type RouteContract } from './common.ts';
import { documentAndTotals, exampleDocument, exampleTotals } from './records.ts';

export const operation = z.object({
  id: z.string().meta({ description: 'Identificativo dell\u2019operazione: da rimandare a /undo come `operation_id`' }),
  tipo: z.enum(OPERATION_KINDS).meta({ description: 'modifica, unione, eliminazione, tipologia (tipologia DEI di più righe), prezzi (Aggiorna Prezzi), suggerimento, duplicazione, impostazioni (provincia e tipologia del documento)' }),
  descrizione: z.string().meta({ description: 'In italiano, per esempio \u201cModifica della riga 12\u201d' }),
  data: z.string().meta({ description: 'Quando è stata fatta (ISO 8601)' }),
  utente: z.string().meta({ description: 'Chi l\u2019ha fatta' }),
});
export type OperationOut = z.infer<typeof operation>;

/** What a row change answers in `meta.operation`: the operation it recorded, that "Annulla" undoes. */
export const recordedOperation = z
  .object({ id: z.string(), descrizione: z.string() })
  .meta({ description: 'L\u2019operazione registrata, annullabile con POST /api/documents/{id}/undo' });
export type RecordedOperationOut = z.infer<typeof recordedOperation>;

export const operationsResponse = envelope(z.array(operation));
export type OperationsResponse = z.infer<typeof operationsResponse>;

export const undoBody = z.object({
  operation_id: z
    .string()
    .optional()
    .meta({ description: 'L\u2019operazione che si vuole annullare, come vista dall\u2019utente: se non è più l\u2019ultima, 409 e nulla cambia' }),
});
export const undoResponse = envelope(z.object({ success: z.literal(true), operation, message }), documentAndTotals);
export type UndoResponse = z.infer<typeof undoResponse>;

const exampleOperation: OperationOut = {
  id: '5f0c6a1e-3c1d-4d55-9a4e-2f8e1b7c9d10',
  tipo: 'modifica',
  descrizione: 'Modifica della riga 12',
  data: '2026-11-26T09:30:00.000Z',
  utente: 'mario.rossi',
};
const { document_total: _printed, ...retotalled } = exampleTotals;
const idError = { 400: 'Identificativo non valido', 404: 'Documento non trovato' } as const;

export const operationRoutes = {
  'GET /api/documents/{id}/operations': {
    summary: `Le operazioni annullabili del documento (le ultime ${MAX_UNDOABLE}), dalla più recente`,
    params: idPath,
    response: operationsResponse,
    example: { data: [exampleOperation, { ...exampleOperation, id: '0b7d2c44-8f61-4b2a-a0e3-6c1f5e9d2a77', tipo: 'unione', descrizione: 'Unione delle righe 4 e 5' }] },
    errors: idError,
  },
  'POST /api/documents/{id}/undo': {
    summary: 'Annulla l\u2019ultima operazione del documento (modifica, unione, eliminazione, cambio di più righe, provincia e tipologia): le righe tornano esattamente com\u2019erano',
    description:
      `Tutto o niente: se una riga toccata dall\u2019operazione è stata modificata dopo, la risposta è 409 e nulla cambia. Con \`operation_id\`, annulla solo se è ancora l\u2019ultima operazione (altrimenti 409: \u201c${NOT_LATEST_OPERATION}\u201d); senza operazioni da annullare, 409: \u201c${NOTHING_TO_UNDO}\u201d; mentre un cambio di provincia o tipologia o un aggiornamento dei prezzi è in corso, 409: \u201c${DOCUMENT_OPERATION_RUNNING}\u201d. Un cambio di provincia e tipologia annullato riporta anche il documento alla provincia e tipologia di prima. I totali del documento sono ricalcolati.`,
    params: idPath,
    body: undoBody,
    response: undoResponse,
    requestExample: { operation_id: exampleOperation.id },
    example: {
      data: { success: true, operation: exampleOperation, message: 'Operazione annullata: Modifica della riga 12' },
      meta: { document: exampleDocument, totals: retotalled },
    },
    errors: { ...idError, 409: UNDO_ROW_CHANGED },
  },
} satisfies Record<string, RouteContract>;
