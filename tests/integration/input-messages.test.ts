/**
 * Every input check of the admin, auth, price-list, row, typology and search routes answers the
 * same status and Italian message wherever it lives (the route's zod schema in shared/api, or
 * the handler when it needs the database or the caller): one table of requests, each with the
 * answer the spec words. Also the order of answers: a 404 before the 400 of a body sent to it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPdf, waitForAnalysis } from '../support/documents.ts';
import { priceListXlsx, uploadForm } from '../support/price-lists.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;
let adminId: number;
let userId: number;
let rowIds: number[];
let tipologiaId: number;
let xlsx: Buffer;

const xpwe = readFileSync(path.resolve(__dirname, '../fixtures/computi/computo.xpwe'));

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  adminId = (await call('GET', '/api/auth/user', { token: admin })).json.data.user.id;
  const user = await call('POST', '/api/admin/users', { token: admin, body: { username: 'giulia', password: 'password-di-prova', access_start: '2026-05-01' } });
  userId = user.json.data.id;
  const up = await uploadPdf(rt.url, admin, xpwe, 'messaggi.xpwe');
  await waitForAnalysis(rt.url, admin, up.id);
  rowIds = (await call('GET', `/api/documents/${up.id}/rows`, { token: admin })).json.data.map((d: { attributes: { id: number } }) => d.attributes.id);
  tipologiaId = (await call('POST', '/api/tipologie-dei', { token: admin, body: { value: 'prova', description: 'Prova' } })).json.data.id;
  xlsx = await priceListXlsx([{ codice: 'A1', descrizione: 'Scavo', um: 'mc', prezzo: 1 }]);
});
afterAll(async () => rt?.close());

type Answer = [status: number, detail?: string];

/** status and first error detail of a JSON request. */
async function answer(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
  const res = await call(method, url, { token: admin, body, headers });
  return res.status < 300 ? [res.status] : [res.status, res.json?.errors?.[0]?.detail];
}

/** status and first error detail of a multipart upload. */
async function form(url: string, fields: Record<string, string>, file: Buffer | null = xlsx, filename = 'listino.xlsx'): Promise<Answer> {
  const res = file
    ? await uploadForm(rt.url, url, admin, file, filename, fields)
    : await (async () => {
        const data = new FormData();
        for (const [k, v] of Object.entries(fields)) data.set(k, v);
        const r = await fetch(rt.url + url, { method: 'POST', body: data, headers: { authorization: `Bearer ${admin}` } });
        return { status: r.status, json: (await r.json()) as { errors?: Array<{ detail: string }> } };
      })();
  return res.status < 300 ? [res.status] : [res.status, res.json?.errors?.[0]?.detail];
}

const PATTERN = 'Username non valido: da 2 a 64 caratteri tra lettere, numeri e . _ @ -';
const PW = 'password-di-prova';

describe('admin users', () => {
  it('creation refuses each field with its message', async () => {
    const u = '/api/admin/users';
    expect.soft(await answer('POST', u, {})).toEqual([400, 'Username è obbligatorio']);
    expect.soft(await answer('POST', u, { username: '  ', password: PW })).toEqual([400, 'Username è obbligatorio']);
    expect.soft(await answer('POST', u, { username: 'a', password: PW })).toEqual([400, PATTERN]);
    expect.soft(await answer('POST', u, { username: 123, password: PW })).toEqual([400, 'Campo non valido: username (atteso un testo)']);
    expect.soft(await answer('POST', u, { username: 'mario' })).toEqual([400, 'Password è obbligatoria']);
    expect.soft(await answer('POST', u, { username: 'mario', password: '' })).toEqual([400, 'Password è obbligatoria']);
    expect.soft(await answer('POST', u, { username: 'mario', password: 'corta' })).toEqual([400, 'La password deve contenere almeno 10 caratteri']);
    expect.soft(await answer('POST', u, { username: 'mario.rossi1', password: 'Mario.Rossi1 ' })).toEqual([400, 'La password non può essere uguale allo username']);
    expect.soft(await answer('POST', u, { username: 'mario', password: 'password123' })).toEqual([400, 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra']);
    expect.soft(await answer('POST', u, { username: 'mario', password: PW, role: 'capo' })).toEqual([400, 'Ruolo non valido']);
    expect.soft(await answer('POST', u, { username: 'mario', password: PW, access_start: '2026-13-01' })).toEqual([400, 'Data di inizio accesso non valida']);
    expect.soft(await answer('POST', u, { username: 'mario', password: PW, access_end: 'domani' })).toEqual([400, 'Data di fine accesso non valida']);
    expect.soft(await answer('POST', u, { username: 'mario', password: PW, access_start: '2026-05-02', access_end: '2026-05-01' })).toEqual([400, 'La data di fine accesso non può precedere la data di inizio']);
    expect.soft(await answer('POST', u, { username: 'a', role: 'capo' })).toEqual([400, PATTERN]);
    expect.soft(await answer('POST', u, { password: 'corta', access_end: 'domani' })).toEqual([400, 'Username è obbligatorio']);
    expect.soft(await answer('POST', '/register', { username: 'a', password: PW })).toEqual([400, PATTERN]);
    expect.soft(await answer('POST', u, { username: ' mario ', password: PW, role: '', access_start: '2026-05-01T10:00:00Z', access_end: null })).toEqual([201]);
  });

  it('an edit checks against the user as stored, and never lets an admin lock themself out', async () => {
    const u = `/api/admin/users/${userId}`;
    expect.soft(await answer('PUT', '/api/admin/users/999999', { role: 'capo' })).toEqual([404, 'Utente non trovato']);
    expect.soft(await answer('PUT', '/api/admin/users/abc', {})).toEqual([400, 'Identificativo non valido']);
    expect.soft(await answer('PUT', `/api/admin/users/${adminId}`, { role: 'redattore' })).toEqual([400, 'Non puoi rimuovere il ruolo di amministratore al tuo stesso utente']);
    expect.soft(await answer('PUT', u, { role: 'capo' })).toEqual([400, 'Ruolo non valido']);
    expect.soft(await answer('PUT', u, { username: '' })).toEqual([400, 'Username è obbligatorio']);
    expect.soft(await answer('PUT', u, { username: 'x' })).toEqual([400, PATTERN]);
    expect.soft(await answer('PUT', u, { password: 'corta' })).toEqual([400, 'La password deve contenere almeno 10 caratteri']);
    expect.soft(await answer('PUT', u, { password: 'giulia-giulia' })).toEqual([200]);
    expect.soft(await answer('PUT', u, { password: 'Giulia' + 'x'.repeat(0) })).toEqual([400, 'La password deve contenere almeno 10 caratteri']);
    expect.soft(await answer('PUT', u, { username: 'giulia.bianchi', password: 'giulia.bianchi' })).toEqual([400, 'La password non può essere uguale allo username']);
    expect.soft(await answer('PUT', u, { access_end: '2026-04-30' })).toEqual([400, 'La data di fine accesso non può precedere la data di inizio']);
    expect.soft(await answer('PUT', u, { access_start: 'ieri' })).toEqual([400, 'Data di inizio accesso non valida']);
    expect.soft(await answer('PUT', u, { password: '' })).toEqual([200]);
    expect.soft(await answer('DELETE', `/api/admin/users/${adminId}`)).toEqual([400, 'Non puoi eliminare il tuo stesso utente']);
  });
});

describe('login', () => {
  it('asks for both username and password', async () => {
    const l = '/api/auth/login';
    expect.soft(await answer('POST', l, {})).toEqual([400, 'Username e password sono obbligatori']);
    expect.soft(await answer('POST', l, { username: '  ', password: 'x' })).toEqual([400, 'Username e password sono obbligatori']);
    expect.soft(await answer('POST', l, { username: 'admin', password: '   ' })).toEqual([400, 'Username e password sono obbligatori']);
    expect.soft(await answer('POST', l, { username: 'admin', password: 'sbagliata-davvero' })).toEqual([401, 'Credenziali non valide']);
  });
});

describe('price lists', () => {
  it('the import steps refuse the file first, then the typology or province, then the year', async () => {
    const dei = '/api/upload-prezzario-dei';
    const tos = '/api/upload-prezzario-toscana';
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: '2025' }, null)).toEqual([400, 'Seleziona un file Excel.']);
    expect.soft(await form(dei, {}, Buffer.from('x'), 'computo.xpwe')).toEqual([400, expect.stringContaining('XPWE')]);
    expect.soft(await form(dei, {}, Buffer.from('x'), 'listino.txt')).toEqual([400, 'Seleziona un file Excel valido (.xlsx o .xls)']);
    expect.soft(await form(dei, { anno: '2025' })).toEqual([400, 'Seleziona la tipologia del prezzario DEI.']);
    expect.soft(await form(dei, { tipologia_dei: '  ', anno: '2025' })).toEqual([400, 'Seleziona la tipologia del prezzario DEI.']);
    expect.soft(await form(dei, { tipologia_dei: 'prova' })).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: 'abc' })).toEqual([400, 'Anno non valido']);
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: '1999' })).toEqual([400, 'Anno non valido']);
    expect.soft(await form(dei, { tipologia_dei: 'ignota', anno: 'abc' })).toEqual([400, 'Tipologia DEI non valida']);
    expect.soft(await form(dei, { tipologia: 'prova', anno: '2025' })).toEqual([200]);
    expect.soft(await form(dei, { provincia: 'prova', anno: '2025' })).toEqual([200]);
    expect.soft(await form(tos, { anno: '2025' })).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, { provincia: ' ', anno: '2025' })).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, { provincia: 'MILANO', anno: '2025' })).toEqual([400, 'La provincia deve essere una provincia toscana']);
    expect.soft(await form(tos, { provincia: 'lucca', anno: '2101' })).toEqual([400, 'Anno non valido']);
    expect.soft(await form(tos, { provincia: 'MILANO' })).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(tos, { provincia: 'LU', anno: '2025' })).toEqual([200]);
    expect.soft(await answer('POST', '/api/confirm-prezzario-dei', { temp_file_id: 'x', anno: 'abc' })).toEqual([400, 'Anno non valido']);
    expect.soft(await answer('POST', '/api/confirm-prezzario-dei', { temp_file_id: 'x', anno: '' })).toEqual([404, 'File temporaneo scaduto o non trovato: ricarica il file e riprova.']);
    expect.soft(await form('/api/upload-csv', {}, null)).toEqual([400, 'Seleziona un file Excel.']);
    expect.soft(await form('/api/upload-csv', {}, await priceListXlsx([], ['Codice', 'Descrizione', 'U.M.', 'Prezzo']), 'vuoto.xlsx')).toEqual([400, expect.any(String)]);
  });

  it('when the typology or province and the year are both wrong, the order above holds (a missing field first)', async () => {
    const dei = '/api/upload-prezzario-dei';
    const tos = '/api/upload-prezzario-toscana';
    expect.soft(await form(dei, {}, null)).toEqual([400, 'Seleziona un file Excel.']);
    expect.soft(await form(tos, { provincia: 'MILANO', anno: 'abc' }, Buffer.from('x'), 'listino.txt')).toEqual([400, 'Seleziona un file Excel valido (.xlsx o .xls)']);
    expect.soft(await form(dei, {})).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(dei, { anno: 'abc' })).toEqual([400, 'Seleziona la tipologia del prezzario DEI.']);
    expect.soft(await form(dei, { tipologia_dei: '', tipologia: 'prova', anno: '2025' })).toEqual([400, 'Seleziona la tipologia del prezzario DEI.']);
    expect.soft(await form(dei, { tipologia_dei: 'ignota', anno: '2025' })).toEqual([400, 'Tipologia DEI non valida']);
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: '2025.5' })).toEqual([400, 'Anno non valido']);
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: ' ' })).toEqual([400, 'Anno non valido']);
    expect.soft(await form(dei, { tipologia_dei: 'prova', anno: '' })).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(dei, { tipologia_dei: 'ignota', anno: '' })).toEqual([400, 'Tipologia DEI non valida']);
    expect.soft(await form(tos, { provincia: 'LU', anno: '' })).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(tos, { provincia: 'MILANO', anno: '' })).toEqual([400, 'La provincia deve essere una provincia toscana']);
    expect.soft(await form(tos, { provincia: '', anno: '' })).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, {})).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, { anno: 'abc' })).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, { provincia: ' ' })).toEqual([400, 'Seleziona l\u2019anno.']);
    expect.soft(await form(tos, { provincia: ' ', anno: 'abc' })).toEqual([400, 'Seleziona la provincia.']);
    expect.soft(await form(tos, { provincia: 'MILANO', anno: 'abc' })).toEqual([400, 'La provincia deve essere una provincia toscana']);
    expect.soft(await form(tos, { provincia: 'Atlantide', anno: '2025' })).toEqual([400, 'La provincia deve essere una provincia toscana']);
    const c = '/api/confirm-prezzario-toscana';
    expect.soft(await answer('POST', c, { anno: 'abc' })).toEqual([400, 'ID file temporaneo mancante']);
    expect.soft(await answer('POST', c, { temp_file_id: 'x', anno: '2101' })).toEqual([400, 'Anno non valido']);
    expect.soft(await answer('POST', c, { temp_file_id: 'x', anno: 2025.5 })).toEqual([400, 'Anno non valido']);
    expect.soft(await answer('POST', c, { temp_file_id: 'x', anno: ' ' })).toEqual([400, 'Anno non valido']);
    expect.soft(await answer('POST', c, { temp_file_id: 'x', anno: 2025 })).toEqual([404, 'File temporaneo scaduto o non trovato: ricarica il file e riprova.']);
    expect.soft(await answer('POST', c, { temp_file_id: 'x', anno: '2000' })).toEqual([404, 'File temporaneo scaduto o non trovato: ricarica il file e riprova.']);
  });

  it('an accepted step names the list by the province\'s name, the trimmed typology and the year as a number', async () => {
    const tos = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, xlsx, 'listino.xlsx', { provincia: ' lu ', anno: ' 2025 ' });
    expect.soft([tos.status, tos.json.data.target]).toEqual([200, { source: 'toscana', key: 'LUCCA', year: 2025 }]);
    const byName = await uploadForm(rt.url, '/api/upload-prezzario-toscana', admin, xlsx, 'listino.xlsx', { provincia: 'Massa-Carrara', anno: '2100' });
    expect.soft([byName.status, byName.json.data.target]).toEqual([200, { source: 'toscana', key: 'MASSA-CARRARA', year: 2100 }]);
    const dei = await uploadForm(rt.url, '/api/upload-prezzario-dei', admin, xlsx, 'listino.xlsx', { tipologia: ' prova ', anno: '2000' });
    expect.soft([dei.status, dei.json.data.target]).toEqual([200, { source: 'dei', key: 'prova', year: 2000 }]);
  });

  it('browse pages never refuse, get_unitario asks for a code and a valid quantity', async () => {
    const browse = await call('GET', '/api/prezzari?source=dei&page=abc&per_page=9999', { token: admin });
    expect.soft([browse.status, browse.json.meta.page, browse.json.meta.per_page]).toEqual([200, 1, 500]);
    const zero = await call('GET', '/api/prezzari?source=toscana&page=0&per_page=0', { token: admin });
    expect.soft([zero.status, zero.json.meta.page, zero.json.meta.per_page]).toEqual([200, 1, 50]);
    const g = '/api/get_unitario';
    expect.soft(await answer('POST', g, {})).toEqual([400, 'Codice tariffa mancante per la ricerca']);
    expect.soft(await answer('POST', g, { tariffa: '  ' })).toEqual([400, 'Codice tariffa mancante per la ricerca']);
    expect.soft(await answer('POST', g, { tariffa: 'A1', quantita: 'abc' })).toEqual([400, 'Valore numerico non valido per quantità']);
    expect.soft(await answer('POST', g, { tariffa: 'A1', quantita: '' })).toEqual([200]);
    expect.soft(await answer('POST', g, { tariffa: 'A1', quantita: null, provincia: null })).toEqual([200]);
    const csv = await call('GET', '/api/csv-data?page=-3&per_page=abc', { token: admin });
    expect.soft([csv.status, csv.json.meta.page, csv.json.meta.per_page]).toEqual([200, 1, 50]);
  });
});

describe('rows', () => {
  it('an edit refuses amounts, texts, typology and incidence with their messages, before looking for the row', async () => {
    const r = `/api/rows/${rowIds[0]}`;
    expect.soft(await answer('PUT', r, { quantita: 'abc' })).toEqual([400, 'Valore numerico non valido per quantità']);
    expect.soft(await answer('PUT', '/api/rows/999999', { quantita: 'abc' })).toEqual([400, 'Valore numerico non valido per quantità']);
    expect.soft(await answer('PUT', r, { unitario: '1,1234567' })).toEqual([400, expect.stringContaining('prezzo unitario')]);
    expect.soft(await answer('PUT', r, { prezzo_unitario: 'abc' })).toEqual([400, 'Valore numerico non valido per prezzo unitario']);
    expect.soft(await answer('PUT', r, { totale: 'x', prezzo_db: 'y' })).toEqual([400, 'Valore numerico non valido per totale']);
    expect.soft(await answer('PUT', r, { descrizione: 'd'.repeat(20_000) })).toEqual([400, expect.stringContaining('descrizione')]);
    expect.soft(await answer('PUT', r, { tipologia_dei: '  ' })).toEqual([400, 'Seleziona una tipologia DEI']);
    expect.soft(await answer('PUT', r, { tipologia_dei: 'ignota' })).toEqual([400, 'Tipologia DEI non valida']);
    expect.soft(await answer('PUT', r, { incidenza_manodopera: 150 })).toEqual([400, 'L\u2019incidenza della manodopera è una percentuale da 0 a 100']);
    expect.soft(await answer('PUT', r, { incidenza_manodopera: 'abc' })).toEqual([400, 'Valore numerico non valido per incidenza della manodopera']);
    expect.soft(await answer('PUT', r, { quantita: 1 }, { 'if-match': 'abc' })).toEqual([412, expect.any(String)]);
    expect.soft(await answer('DELETE', r, undefined, { 'if-match': 'abc' })).toEqual([412, expect.any(String)]);
    expect.soft(await answer('PUT', r, { prezzo_unitario: 'abc', unitario: '2,5', incidenza_manodopera: null })).toEqual([200]);
  });

  it('bulk row actions refuse empty and invalid selections', async () => {
    const [a, b] = rowIds;
    expect.soft(await answer('POST', '/api/rows/delete', {})).toEqual([400, 'Seleziona almeno una riga']);
    expect.soft(await answer('POST', '/api/rows/delete', { row_ids: [] })).toEqual([400, 'Campo non valido: row_ids']);
    expect.soft(await answer('POST', '/api/rows/delete', { row_ids: ['abc'] })).toEqual([400, 'Identificativo non valido']);
    expect.soft(await answer('POST', '/api/rows/delete', { row_ids: [0] })).toEqual([400, 'Identificativo non valido']);
    expect.soft(await answer('POST', '/api/rows/merge', {})).toEqual([400, 'Seleziona esattamente 2 righe consecutive per l\u2019unione']);
    expect.soft(await answer('POST', '/api/rows/merge', { first_row_id: a, second_row_id: a })).toEqual([400, 'Seleziona esattamente 2 righe consecutive per l\u2019unione']);
    expect.soft(await answer('POST', '/api/rows/merge', { first_row_id: 'abc', second_row_id: b })).toEqual([400, 'Seleziona esattamente 2 righe consecutive per l\u2019unione']);
    expect.soft(await answer('POST', '/api/rows/merge', { first_row_id: a, second_row_id: b, articolo: 'terza' })).toEqual([400, 'Campo non valido: articolo (valori ammessi: prima, seconda)']);
    const t = '/api/rows/update-tipologia-dei';
    expect.soft(await answer('POST', t, {})).toEqual([400, 'Seleziona una tipologia DEI']);
    expect.soft(await answer('POST', t, { tipologia_dei: ' ', row_ids: [a] })).toEqual([400, 'Seleziona una tipologia DEI']);
    expect.soft(await answer('POST', t, { tipologia_dei: 'prova' })).toEqual([400, 'Seleziona almeno una riga']);
    expect.soft(await answer('POST', t, { tipologia_dei: 'prova', row_ids: [] })).toEqual([400, 'Seleziona almeno una riga']);
    expect.soft(await answer('POST', t, { tipologia_dei: 'prova', row_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })).toEqual([400, 'Troppe righe in una sola richiesta (massimo 10.000)']);
    expect.soft(await answer('POST', t, { tipologia_dei: 'ignota', row_ids: [] })).toEqual([400, 'Seleziona almeno una riga']);
    expect.soft(await answer('POST', t, { tipologia_dei: 'prova', row_ids: [999999] })).toEqual([404, expect.any(String)]);
  });
});

describe('typologies', () => {
  it('value and description are required, the value is a key, the status is asked for', async () => {
    const t = '/api/tipologie-dei';
    expect.soft(await answer('POST', t, {})).toEqual([400, 'Valore e descrizione sono obbligatori']);
    expect.soft(await answer('POST', t, { value: 'a' })).toEqual([400, 'Valore e descrizione sono obbligatori']);
    expect.soft(await answer('POST', t, { value: ' ', description: 'x' })).toEqual([400, 'Valore e descrizione sono obbligatori']);
    expect.soft(await answer('POST', t, { value: 'a b', descrizione: 'x' })).toEqual([400, 'Il valore può contenere solo lettere, numeri, _ . - (massimo 64 caratteri)']);
    expect.soft(await answer('POST', t, { value: 'a b', descrizione: '  ' })).toEqual([400, 'Valore e descrizione sono obbligatori']);
    expect.soft(await answer('POST', t, { value: 'lunga', description: 'D'.repeat(250) })).toEqual([400, expect.stringContaining('descrizione')]);
    expect.soft(await answer('PUT', `${t}/999999`, { value: 'a b' })).toEqual([404, 'Tipologia non trovata']);
    expect.soft(await answer('PUT', `${t}/${tipologiaId}`, { value: 'a b' })).toEqual([400, 'Il valore può contenere solo lettere, numeri, _ . - (massimo 64 caratteri)']);
    expect.soft(await answer('PUT', `${t}/${tipologiaId}`, { description: ' ' })).toEqual([400, 'Valore e descrizione sono obbligatori']);
    const renamed = await call('PUT', `${t}/${tipologiaId}`, { token: admin, body: { descrizione: 'Prova bis', is_active: '1' } });
    expect.soft([renamed.status, renamed.json.data.attributes.description]).toEqual([200, 'Prova bis']);
    const s = `/api/admin/tipologie-dei/${tipologiaId}/status`;
    expect.soft(await answer('PATCH', s, {})).toEqual([400, 'Indica lo stato (attivo)']);
    expect.soft(await answer('PATCH', '/api/admin/tipologie-dei/999999/status', {})).toEqual([404, 'Tipologia non trovata']);
    expect.soft(await answer('PATCH', s, { is_active: 'false' })).toEqual([200]);
    const bulk = '/api/admin/tipologie-dei/bulk-status';
    expect.soft(await answer('PATCH', bulk, {})).toEqual([400, 'Seleziona almeno una tipologia']);
    expect.soft(await answer('PATCH', bulk, { tipologie_ids: [] })).toEqual([400, 'Seleziona almeno una tipologia']);
    expect.soft(await answer('PATCH', bulk, { tipologie_ids: ['abc'] })).toEqual([400, 'Seleziona almeno una tipologia']);
    expect.soft(await answer('PATCH', bulk, { tipologie_ids: Array.from({ length: 501 }, (_, i) => i + 1) })).toEqual([400, 'Troppe tipologie in una sola richiesta (massimo 500)']);
    expect.soft(await answer('PATCH', bulk, { tipologie_ids: [tipologiaId], attivo: 0 })).toEqual([200]);
    const active = await call('GET', `${t}?active_only=1`, { token: admin });
    expect(active.json.data.some((d: { attributes: { value: string } }) => d.attributes.value === 'prova')).toBe(false);
  });
});

describe('search', () => {
  it('asks for a term of at most 200 characters', async () => {
    for (const s of ['/api/search/price-list', '/api/search']) {
      expect.soft(await answer('GET', s)).toEqual([400, 'Inserisci un termine di ricerca']);
      expect.soft(await answer('GET', `${s}?q=%20%20`)).toEqual([400, 'Inserisci un termine di ricerca']);
      expect.soft(await answer('GET', `${s}?q=${'a'.repeat(201)}`)).toEqual([400, 'Termine di ricerca troppo lungo']);
      expect.soft(await answer('GET', `${s}?q=${' a'.repeat(120)}`)).toEqual([400, 'Termine di ricerca troppo lungo']);
    }
    const paged = await call('GET', '/api/search/price-list?q=scavo&limit=abc&page=zz&anno=25', { token: admin });
    expect.soft([paged.status, paged.json.meta.limit, paged.json.meta.page]).toEqual([200, 20, 1]);
    const big = await call('GET', '/api/search/price-list?q=scavo&limit=9999&page=9999', { token: admin });
    expect.soft([big.status, big.json.meta.limit, big.json.meta.page]).toEqual([200, 200, 25]);
  });
});
