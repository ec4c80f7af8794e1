import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type Route, type RouteKey } from '../../functions/routes.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

/**
 * Every route of the route table, called as each kind of caller, with the EXACT status each
 * cell must answer. Path parameters point at records that do not exist and bodies are empty,
 * so an allowed call ends in its own answer (200, or the 400/404 of its validation) and
 * changes nothing; a refused one in 401 or 403.
 */
type Caller = 'anonymous' | 'redattore' | 'amministratore' | 'expired' | 'revokedKey';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  const admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  const mkUser = async (username: string, extra: Record<string, unknown> = {}) =>
    (await call('POST', '/api/admin/users', { token: admin, body: { username, password: 'password-di-prova', ...extra } })).json.data.id as number;
  const mkKey = async (userId: number) =>
    (await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: userId, description: 'matrice' } })).json.data;

  // Keys rather than sessions, so that calling logout in the matrix cannot end them.
  tokens.amministratore = (await mkKey(1)).key;
  tokens.redattore = (await mkKey(await mkUser('matrice.redattore'))).key;
  const expiredId = await mkUser('matrice.scaduto');
  tokens.expired = (await mkKey(expiredId)).key;
  await call('PUT', `/api/admin/users/${expiredId}`, { token: admin, body: { access_end: '2020-01-01' } });
  const revoked = await mkKey(await mkUser('matrice.revocato'));
  await call('DELETE', `/api/admin/api-keys/${revoked.id}`, { token: admin });
  tokens.revokedKey = revoked.key;
});
afterAll(async () => rt?.close());

/**
 * What an allowed caller gets from each route with an empty body and a missing record (the
 * detail after it). Typed by RouteKey: a route added to the table without its row here does
 * not compile.
 */
const ALLOWED: Record<RouteKey, number> = {
  'POST /api/auth/login': 400, // Username e password sono obbligatori
  'GET /api/auth/user': 200,
  'POST /api/auth/logout': 200,
  'POST /register': 400, // Username è obbligatorio
  'POST /api/register': 400, // Username è obbligatorio
  'GET /api/admin/dashboard': 200,
  'GET /api/admin/users': 200,
  'POST /api/admin/users': 400, // Username è obbligatorio
  'PUT /api/admin/users/{id}': 404, // Utente non trovato
  'DELETE /api/admin/users/{id}': 404, // Utente non trovato
  'GET /api/admin/api-keys': 200,
  'POST /api/admin/api-keys': 400, // Seleziona un utente
  'DELETE /api/admin/api-keys/{id}': 404, // Chiave API non trovata
  'POST /api/upload': 400, // Per favore, seleziona un file PDF.
  'POST /api/upload/preview': 400, // Per favore, seleziona un file PDF.
  'GET /api/rows/{id}/suggestions': 404, // Riga non trovata
  'POST /api/rows/{id}/suggestions': 404, // Riga non trovata
  'POST /api/upload/presign': 400, // Per favore, seleziona un file PDF.
  'POST /api/upload/complete': 400, // Caricamento non trovato
  'GET /api/documents': 200,
  'GET /api/documents/{id}': 404, // Documento non trovato
  'GET /api/documents/{id}/rows': 404, // Documento non trovato
  'GET /api/documents/{id}/row-count': 404, // Documento non trovato
  'PUT /api/documents/{id}/status': 404, // Documento non trovato
  'PUT /api/documents/{id}/settings': 404, // Documento non trovato
  'DELETE /api/documents/{id}': 404, // Documento non trovato
  'GET /document/{id}/download': 404, // Documento non trovato
  'POST /api/documents/{id}/update-total': 404, // Documento non trovato
  'GET /api/documents/{id}/export': 404, // Documento non trovato
  'POST /api/documents/{id}/duplicate-rows': 404, // Documento non trovato
  'GET /api/documents/{id}/operations': 404, // Documento non trovato
  'POST /api/documents/{id}/undo': 404, // Documento non trovato
  'GET /api/documents/{id}/comparison': 400, // Scegli da uno a cinque documenti da confrontare
  'GET /api/documents/{id}/comparison/export': 400, // Scegli da uno a cinque documenti da confrontare
  'PUT /api/documents/{id}/comparison/pairs': 404, // Documento non trovato
  'GET /api/documents/{id}/verification': 404, // Documento non trovato
  'PUT /api/documents/{id}/verification': 404, // Documento non trovato
  'PUT /api/documents/{id}/intestazione': 404, // Documento non trovato
  'GET /api/documents/{id}/verification/export': 404, // Documento non trovato
  'POST /api/rows/merge': 400, // Seleziona esattamente 2 righe consecutive per l’unione
  'POST /api/rows/update-tipologia-dei': 400, // Seleziona una tipologia DEI
  'POST /api/rows/delete': 400, // Seleziona almeno una riga
  'GET /api/rows/{id}': 404, // Riga non trovata
  'PUT /api/rows/{id}': 404, // Riga non trovata
  'DELETE /api/rows/{id}': 404, // Riga non trovata
  'POST /api/upload-prezzario-dei': 400, // Seleziona un file Excel.
  'POST /api/confirm-prezzario-dei': 400, // ID file temporaneo mancante
  'POST /api/upload-prezzario-toscana': 400, // Seleziona un file Excel.
  'POST /api/confirm-prezzario-toscana': 400, // ID file temporaneo mancante
  'POST /api/upload-csv': 400, // Seleziona un file Excel.
  'GET /api/prezzari': 200,
  'POST /api/get_unitario': 400, // Codice tariffa mancante per la ricerca
  'GET /api/search/price-list': 400, // Inserisci un termine di ricerca
  'GET /api/search': 400, // Inserisci un termine di ricerca
  'GET /api/csv-data': 200,
  'GET /api/patterns': 200,
  'POST /api/patterns': 400, // Il pattern è obbligatorio
  'PUT /api/patterns/{id}': 404, // Pattern non trovato
  'DELETE /api/patterns/{id}': 404, // Pattern non trovato
  'GET /test/db': 200,
  'GET /test/db/schema': 200,
  'GET /api/tipologie-dei': 200,
  'POST /api/tipologie-dei': 400, // Valore e descrizione sono obbligatori
  'PUT /api/tipologie-dei/{id}': 404, // Tipologia non trovata
  'DELETE /api/tipologie-dei/{id}': 404, // Tipologia non trovata
  'PATCH /api/admin/tipologie-dei/bulk-status': 400, // Seleziona almeno una tipologia
  'PATCH /api/admin/tipologie-dei/{id}/status': 404, // Tipologia non trovata
  'GET /api/openapi.json': 200,
  'GET /api/docs': 200,
  'GET /api/docs/{asset}': 404, // Risorsa non trovata
};

function expected(route: Route, caller: Caller): number {
  const allowed = ALLOWED[routeKey(route) as RouteKey];
  if (route.access === 'public') return allowed;
  if (caller === 'anonymous' || caller === 'expired' || caller === 'revokedKey') return 401;
  if (route.access === 'admin' && caller === 'redattore') return 403;
  return allowed;
}

const CALLERS: Caller[] = ['anonymous', 'redattore', 'amministratore', 'expired', 'revokedKey'];

describe('authorization matrix', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} (${route.access})`, async () => {
      const path = route.path.replace(/\{\w+\}/g, '987654');
      for (const caller of CALLERS) {
        const res = await call(route.method, path, {
          token: tokens[caller],
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const want = expected(route, caller);
        expect(res.status, `${caller} → ${res.text}`).toBe(want);
        if (want >= 400) expect(res.json.errors[0].detail, `${caller} → ${res.text}`).toBeTruthy();
      }
    });
  }
});
