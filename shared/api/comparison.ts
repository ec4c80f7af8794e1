/** Comparison of computi (issue 23): functions/handlers/documents.ts comparison, comparisonExport, comparisonPairs. */
import { z } from 'zod';
import { MAX_COMPARED_DOCUMENTS, PAIR_ACTIONS, PAIRING_RULES, VOCE_STATES } from '../domain/comparison.ts';
import { envelope, ID_INVALID, idPath, message, positiveIntOf, queryString, type RouteContract } from './common.ts';

export const WITH_REQUIRED = 'Scegli da uno a cinque documenti da confrontare';
export const TOO_MANY = `Si possono confrontare al massimo ${MAX_COMPARED_DOCUMENTS} documenti con il primo`;

/** `with=2,3` or `with=2&with=3` (joined by commas on the way in): one to five distinct ids, as numbers. */
export const comparisonQuery = z.object({
  with: queryString('Gli altri documenti (da 1 a 5): ripetuto (with=2&with=3) o separato da virgole (with=2,3)', '13,14')
    .optional()
    .transform((raw, ctx) => {
      const parts = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const ids = parts.map(positiveIntOf);
      const problem = !parts.length ? WITH_REQUIRED : ids.includes(null) ? ID_INVALID : new Set(ids).size > MAX_COMPARED_DOCUMENTS ? TOO_MANY : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return [...new Set(ids as number[])];
    }),
});

const value = z.object({
  row_id: z.number().int().meta({ description: 'La riga del documento (la prima, se la voce vi è divisa in più righe)' }),
  row_ids: z.array(z.number().int()).meta({ description: 'Tutte le righe del documento sommate in questa voce' }),
  quantita: z.number().nullable(),
  unitario: z.number().nullable(),
  totale: z.number(),
  page: z.number().int().nullable().meta({ description: 'La pagina del PDF dove si trova la riga' }),
});

const difference = z.object({
  quantita: z.number().nullable(),
  unitario: z.number().nullable(),
  totale: z.number(),
  percentuale: z.number().nullable().meta({ description: 'Differenza di importo in % dell\u2019importo del primo documento; null se il primo non ha la voce' }),
});

export const comparedVoce = z.object({
  key: z.string(),
  tariffa: z.string(),
  descrizione: z.string(),
  unita_di_misura: z.string(),
  capitolo: z.string(),
  stato: z.enum(VOCE_STATES),
  incerto: z.boolean().meta({ description: 'true: abbinamento incerto, da controllare' }),
  motivo: z.string().nullable(),
  abbinamento: z.enum(PAIRING_RULES),
  valori: z.array(value.nullable()).meta({ description: 'Una voce per documento, il primo per primo; null dove il documento non ha la voce' }),
  differenze: z.array(difference.nullable()).meta({ description: 'Una voce per documento: null per il primo, poi ciascuno contro il primo' }),
  manodopera: z.array(z.number().nullable()).optional().meta({ description: 'Costo della manodopera della voce per documento (importo × incidenza); null dove non è nota o il documento non ha la voce' }),
  manodopera_avviso: z.string().nullable().optional().meta({ description: 'Presente quando la manodopera di un\u2019offerta è inferiore a quella del progetto (il primo documento)' }),
});
export type ComparedVoceOut = z.infer<typeof comparedVoce>;

/** Two rows of two different documents (that they are is the service's check: it reads them). */
const PAIR_ROWS = 'Indica le due voci da abbinare o separare';
const pairRow = z.number({ error: PAIR_ROWS }).int({ error: PAIR_ROWS }).positive({ error: PAIR_ROWS });
export const pairRows = z.tuple([pairRow, pairRow], { error: PAIR_ROWS });

export const pairChoice = z.object({ azione: z.enum(PAIR_ACTIONS), righe: z.tuple([z.number().int(), z.number().int()]) });

export const comparison = z.object({
  documenti: z.array(z.object({ id: z.number().int(), filename: z.string(), totale: z.number(), totale_stampato: z.boolean() })),
  voci: z.array(comparedVoce),
  capitoli: z.array(
    z.object({
      capitolo: z.string(),
      subtotali: z.array(z.number()),
      differenze: z.array(z.number().nullable()),
      manodopera: z.array(z.number().nullable()).optional().meta({ description: 'Costo della manodopera del capitolo per documento (somma delle sue voci); null dove nessuna voce ne ha uno noto' }),
      manodopera_avviso: z.string().nullable().optional().meta({ description: 'Presente quando la manodopera del capitolo di un\u2019offerta è inferiore a quella del progetto' }),
    }),
  ),
  totali: z.array(
    z.object({
      document_id: z.number().int(),
      totale: z.number(),
      differenza: z.number().nullable(),
      percentuale: z.number().nullable(),
      manodopera: z.number().optional().meta({ description: 'Costo della manodopera del documento (la somma del suo quadro)' }),
      manodopera_differenza: z.number().nullable().optional().meta({ description: 'Costo della manodopera − quello del progetto; null per il progetto' }),
      manodopera_avviso: z.string().nullable().optional().meta({ description: 'Presente quando il costo della manodopera è inferiore a quello del progetto' }),
    }),
  ),
  scelte: z.array(pairChoice),
});
export type ComparisonOut = z.infer<typeof comparison>;
export const comparisonResponse = envelope(comparison);

export const pairsBody = z.object({
  azione: z.enum([...PAIR_ACTIONS, 'ripristina'], { error: 'Azione non valida: abbina, separa o ripristina' }).meta({ description: 'abbina: le due righe sono la stessa voce; separa: non lo sono; ripristina: torna all\u2019abbinamento automatico' }),
  righe: pairRows.meta({ description: 'Due righe di due documenti diversi' }),
});
export const pairsResponse = envelope(z.object({ scelte: z.array(pairChoice), message }));
export type PairsResponse = z.infer<typeof pairsResponse>;

const errors = { 400: 'Scegli da uno a cinque documenti da confrontare', 404: 'Documento non trovato' } as const;

const exampleVoce = {
  key: 'v501',
  tariffa: 'TOS25_02.A03.001.001',
  descrizione: 'Demolizione di muratura in mattoni pieni',
  unita_di_misura: 'm³',
  capitolo: 'OPERE EDILI \u203a Demolizioni',
  stato: 'variata',
  incerto: false,
  motivo: null,
  abbinamento: 'codice',
  valori: [
    { row_id: 501, row_ids: [501], quantita: 12.6, unitario: 85.4, totale: 1076.04, page: 1 },
    { row_id: 902, row_ids: [902], quantita: 14, unitario: 85.4, totale: 1195.6, page: 1 },
  ],
  differenze: [null, { quantita: 1.4, unitario: 0, totale: 119.56, percentuale: 11.11 }],
};

export const comparisonRoutes = {
  'GET /api/documents/{id}/comparison': {
    summary: 'Confronta il documento con altri (da 1 a 5) voce per voce: stato, differenze di quantità, prezzo e importo, subtotali per capitolo e totali',
    params: idPath,
    query: comparisonQuery,
    response: comparisonResponse,
    example: {
      data: {
        documenti: [
          { id: 12, filename: 'computo.xpwe', totale: 1076.04, totale_stampato: false },
          { id: 13, filename: 'variante.xpwe', totale: 1195.6, totale_stampato: false },
        ],
        voci: [exampleVoce],
        capitoli: [{ capitolo: 'OPERE EDILI \u203a Demolizioni', subtotali: [1076.04, 1195.6], differenze: [null, 119.56] }],
        totali: [
          { document_id: 12, totale: 1076.04, differenza: null, percentuale: null },
          { document_id: 13, totale: 1195.6, differenza: 119.56, percentuale: 11.11 },
        ],
        scelte: [],
      },
    },
    errors,
  },
  'GET /api/documents/{id}/comparison/export': {
    summary: 'Il confronto in Excel (confronto_{id}.xlsx): un gruppo di colonne per documento, differenze, stati, subtotali per capitolo, pronto per la stampa A4 orizzontale',
    params: idPath,
    query: comparisonQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    errors,
  },
  'PUT /api/documents/{id}/comparison/pairs': {
    summary: 'Conserva sul documento una scelta di abbinamento del confronto: due voci abbinate, una coppia separata, o il ritorno all\u2019abbinamento automatico',
    params: idPath,
    body: pairsBody,
    response: pairsResponse,
    requestExample: { azione: 'abbina', righe: [501, 902] },
    example: { data: { scelte: [{ azione: 'abbina', righe: [501, 902] }], message: 'Voci abbinate' } },
    errors: { 400: 'Le due voci devono appartenere a documenti diversi', 404: 'Documento non trovato' },
  },
} satisfies Record<string, RouteContract>;
