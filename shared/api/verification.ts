/** "Verifica del computo" (issue 24): functions/handlers/documents.ts `verification`, `setVerificationThreshold`. */
import { z } from 'zod';
import { ESITI, MAX_SOGLIA, REGOLE, SOGLIA_ERROR } from '../domain/verification/types.ts';
import { parseSoglia } from '../domain/verification/index.ts';
import { CHANGED_MEANWHILE_DETAIL } from '../domain/row-versions.ts';
import { envelope, idPath, ifMatchHeaders, orRefuse, queryString, type RouteContract } from './common.ts';

export const controllo = z.object({
  regola: z.enum(REGOLE).meta({ description: 'Nome stabile della regola' }),
  esito: z.enum(ESITI),
  messaggio: z.string().meta({ description: 'Esito in italiano; per un controllo non verificabile, il perché' }),
  righe: z.array(z.number().int()).meta({ description: 'Identificativi delle righe interessate, nell\u2019ordine del documento' }),
});
export type ControlloOut = z.infer<typeof controllo>;

export const verification = z.object({
  punteggio: z.number().int().min(0).max(100),
  semaforo: z.enum(['verde', 'giallo', 'rosso']).meta({ description: 'rosso: almeno un errore; giallo: avvisi o controlli non verificabili; verde: tutto superato' }),
  formula: z.string().meta({ description: 'Come si calcola il punteggio' }),
  soglia: z.number().meta({ description: 'Soglia di scostamento dal prezzario usata, in percentuale' }),
  prezzari: z.array(z.string()).meta({ description: 'I prezzari in cui sono stati cercati i codici' }),
  controlli: z.array(controllo),
});
export type VerificationOut = z.infer<typeof verification>;
export const verificationResponse = envelope(verification);

/** A threshold sent: a percentage ("12,5" too), rounded to the hundredth; anything else, SOGLIA_ERROR. */
const soglia = orRefuse(parseSoglia, SOGLIA_ERROR);

export const verificationQuery = z.object({
  soglia: queryString('Soglia di scostamento in percentuale per questa lettura (non viene salvata; senza: quella del documento, 20 in origine)', '20')
    .optional()
    .transform((value, ctx) => (value === undefined ? undefined : soglia(value, ctx))),
});
export const verificationBody = z.object({
  soglia: z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? SOGLIA_ERROR : undefined) })
    .meta({ description: `Nuova soglia di scostamento del documento, in percentuale (maggiore di 0, fino a ${MAX_SOGLIA})` })
    .transform(soglia),
});
export const verificationIfMatch = ifMatchHeaders(CHANGED_MEANWHILE_DETAIL);

const example: VerificationOut = {
  punteggio: 75,
  semaforo: 'rosso',
  formula: 'Punteggio = 100 − 20 × controlli in errore − 5 × controlli con avviso − 5 × controlli non verificabili (minimo 0). «Nuovi prezzi» e «Costi della manodopera» sono informativi e non contano.',
  soglia: 20,
  prezzari: ['Toscana LUCCA 2025'],
  controlli: [
    { regola: 'aritmetica', esito: 'errore', messaggio: '1 voce su 12: quantità × prezzo unitario differisce dall\u2019importo di oltre un centesimo.', righe: [503] },
    { regola: 'totale', esito: 'superato', messaggio: 'La somma delle voci corrisponde al totale stampato nel documento (11.372,86 €). Nessun subtotale di capitolo stampato è risultato diverso.', righe: [] },
    { regola: 'scostamento_prezzo', esito: 'avviso', messaggio: '1 voce su 10 si scosta dal prezzo del prezzario di oltre il 20 % (massimo 35,00 % su TOS25_01.A03.001).', righe: [507] },
  ],
};

const idError = { 400: 'Identificativo non valido', 404: 'Documento non trovato' } as const;

export const verificationRoutes = {
  'GET /api/documents/{id}/verification': {
    summary: 'Verifica del computo: punteggio 0–100 e un controllo per regola (aritmetica, totale, duplicati, unita, scostamento_prezzo, codice_non_in_prezzario, nuovi_prezzi, quantita, lettura)',
    description:
      'Ogni controllo ha un esito (superato, avviso, errore, non_verificabile), una frase e le righe interessate. Un controllo senza i dati che gli servono (nessun prezzario caricato, nessun totale stampato) è non_verificabile e dice perché. `soglia` vale solo per questa lettura; per conservarla sul documento: PUT.',
    params: idPath,
    query: verificationQuery,
    response: verificationResponse,
    example: { data: example },
    errors: { ...idError, 400: SOGLIA_ERROR },
  },
  'PUT /api/documents/{id}/verification': {
    summary: 'Conserva sul documento la soglia di scostamento dal prezzario e risponde con la verifica ricalcolata',
    description: 'Scrittura condizionata sulla versione del documento: con If-Match (la `version` del documento) una versione non più attuale dà 412; senza, la scrittura riprova sulla versione appena letta.',
    params: idPath,
    body: verificationBody,
    headers: verificationIfMatch,
    response: verificationResponse,
    requestExample: { soglia: 15 },
    example: { data: { ...example, soglia: 15 } },
    errors: { ...idError, 400: SOGLIA_ERROR },
    versioned: true,
  },
  'GET /api/documents/{id}/verification/export': {
    summary: 'La verifica come rapporto PDF stampabile (verifica_{id}.pdf): A4, intestazione con documento, provincia, prezzari consultati e data, una sezione per controllo con le sue righe',
    params: idPath,
    produces: 'application/pdf',
    errors: idError,
  },
} satisfies Record<string, RouteContract>;
