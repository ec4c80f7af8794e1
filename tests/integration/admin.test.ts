import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let call: ReturnType<typeof apiClient>;
let admin: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  call = apiClient(rt.url);
  admin = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => rt?.close());

const detail = (res: { json: any }) => res.json?.errors?.[0]?.detail;

describe('users', () => {
  it('creates a redattore by default, lists it and refuses a duplicate username', async () => {
    const res = await call('POST', '/api/admin/users', { token: admin, body: { username: 'mario.rossi', password: 'password-di-prova' } });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ username: 'mario.rossi', role: 'redattore', access_start: null, access_end: null });
    expect(res.json.meta.message).toBe('Utente mario.rossi creato con successo');
    const dup = await call('POST', '/api/admin/users', { token: admin, body: { username: 'Mario.Rossi', password: 'password-di-prova' } });
    expect(dup.status).toBe(409);
    expect(detail(dup)).toBe('Esiste già un utente con questo username');
    const list = await call('GET', '/api/admin/users', { token: admin });
    expect(list.json.meta['total-count']).toBeGreaterThanOrEqual(2);
    expect(list.json.data.map((u: any) => u.attributes.username)).toContain('mario.rossi');
    expect(JSON.stringify(list.json)).not.toContain('password');
  });

  it('validates input with the spec\'s Italian messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'password-di-prova' }, 'Username è obbligatorio'],
      [{ username: 'senza.password' }, 'Password è obbligatoria'],
      [{ username: 'ruolo', password: 'password-di-prova', role: 'capo' }, 'Ruolo non valido'],
      [{ username: 'corta', password: '12345' }, 'La password deve contenere almeno 10 caratteri'],
      [{ username: 'nove', password: 'nove-cifr' }, 'La password deve contenere almeno 10 caratteri'],
      [{ username: 'comune', password: 'password1234' }, 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra'],
      [{ username: 'comune2', password: 'QwertyUiop' }, 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra'],
      [{ username: 'comune3', password: '1234567890' }, 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra'],
      [{ username: 'mario.bianchi', password: 'Mario.Bianchi' }, 'La password non può essere uguale allo username'],
      [{ username: 'date', password: 'password-di-prova', access_start: '2025-13-40' }, 'Data di inizio accesso non valida'],
      [{ username: 'date2', password: 'password-di-prova', access_start: '2025-06-30', access_end: '2025-01-01' }, 'La data di fine accesso non può precedere la data di inizio'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/admin/users', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(detail(res)).toBe(message);
    }
  });

  it('edits role and access window, keeps the password when none is sent, and revokes sessions on a new password', async () => {
    const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'giulia', password: 'password-di-prova' } });
    const id = created.json.data.id;
    const session = await loginAs(rt.url, 'giulia', 'password-di-prova');
    const edit = await call('PUT', `/api/admin/users/${id}`, {
      token: admin,
      body: { username: 'giulia', role: 'amministratore', access_start: '2025-01-01', access_end: null },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.data).toMatchObject({ role: 'amministratore', access_start: '2025-01-01', access_end: null });
    expect(edit.json.meta.message).toBe('Utente aggiornato con successo');
    expect((await call('GET', '/api/auth/user', { token: session })).status).toBe(200);
    await loginAs(rt.url, 'giulia', 'password-di-prova');

    await call('PUT', `/api/admin/users/${id}`, { token: admin, body: { password: 'nuovapassword' } });
    expect((await call('GET', '/api/auth/user', { token: session })).status).toBe(401);
    await expect(loginAs(rt.url, 'giulia', 'password-di-prova')).rejects.toThrow();
    await loginAs(rt.url, 'giulia', 'nuovapassword');
  });

  it('refuses a weak new password on change, and one equal to the new username of the same request', async () => {
    // Prepare
    const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'paolo.verdi', password: 'password-di-prova' } });
    const id = created.json.data.id;
    // Act
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'corta' }, 'La password deve contenere almeno 10 caratteri'],
      [{ password: 'qwertyuiop' }, 'La password è tra le più comuni e si indovina facilmente: scegline un\u2019altra'],
      [{ password: 'paolo.verdi' }, 'La password non può essere uguale allo username'],
      [{ username: 'paolo.verdi.2', password: 'PAOLO.VERDI.2' }, 'La password non può essere uguale allo username'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', `/api/admin/users/${id}`, { token: admin, body });
      // Assess
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(detail(res)).toBe(message);
    }
    // The old password still works: nothing was written.
    await loginAs(rt.url, 'paolo.verdi', 'password-di-prova');
  });

  it('renames a user and frees the old username', async () => {
    const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'vecchio', password: 'password-di-prova' } });
    await call('PUT', `/api/admin/users/${created.json.data.id}`, { token: admin, body: { username: 'nuovo' } });
    await loginAs(rt.url, 'nuovo', 'password-di-prova');
    const again = await call('POST', '/api/admin/users', { token: admin, body: { username: 'vecchio', password: 'password-di-prova' } });
    expect(again.status).toBe(201);
  });

  it('deleting a user revokes their API keys and sessions', async () => {
    const created = await call('POST', '/api/admin/users', { token: admin, body: { username: 'daeliminare', password: 'password-di-prova' } });
    const id = created.json.data.id;
    const session = await loginAs(rt.url, 'daeliminare', 'password-di-prova');
    const key = (await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: id, description: 'script' } })).json.data.key;
    expect((await call('GET', '/api/auth/user', { token: key })).status).toBe(200);
    const del = await call('DELETE', `/api/admin/users/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.json.data.message).toBe('Utente eliminato con successo');
    expect((await call('GET', '/api/auth/user', { token: session })).status).toBe(401);
    expect((await call('GET', '/api/auth/user', { token: key })).status).toBe(401);
    expect((await call('DELETE', `/api/admin/users/${id}`, { token: admin })).status).toBe(404);
  });

  it('does not let an admin delete or demote themselves', async () => {
    const me = (await call('GET', '/api/auth/user', { token: admin })).json.data.user;
    const del = await call('DELETE', `/api/admin/users/${me.id}`, { token: admin });
    expect(del.status).toBe(400);
    expect(detail(del)).toBe('Non puoi eliminare il tuo stesso utente');
    const demote = await call('PUT', `/api/admin/users/${me.id}`, { token: admin, body: { role: 'redattore' } });
    expect(demote.status).toBe(400);
  });

  it('registers users through /register (multipart) and /api/register (JSON), admin only', async () => {
    const form = new FormData();
    form.set('username', 'dalform');
    form.set('password', 'password-di-prova');
    form.set('role', 'redattore');
    const multipart = await fetch(`${rt.url}/register`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    expect(multipart.status).toBe(201);
    const json = await call('POST', '/api/register', { token: admin, body: { username: 'dajson', password: 'password-di-prova' } });
    expect(json.status).toBe(201);
    expect(json.json.data.user.username).toBe('dajson');
    const anonymous = await fetch(`${rt.url}/register`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
  });
});

describe('API keys', () => {
  it('returns the key once, stores only its hash, lists it masked, and logs in with it until revoked', async () => {
    // Prepare
    const user = (await call('POST', '/api/admin/users', { token: admin, body: { username: 'integratore', password: 'password-di-prova' } })).json.data;
    // Act
    const res = await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: user.id, description: 'Gestionale' } });
    // Assess
    expect(res.status).toBe(201);
    const key: string = res.json.data.key;
    expect(Buffer.from(key.slice(4), 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(res.json.meta.message).toBe('Chiave API generata con successo');

    const stored = await rt.ctx.db.send(
      new QueryCommand({ TableName: rt.ctx.table('apiKeys'), IndexName: 'by_kind', KeyConditionExpression: 'kind = :k', ExpressionAttributeValues: { ':k': 'api_key' } }),
    );
    expect(JSON.stringify(stored.Items)).not.toContain(key);

    const list = await call('GET', '/api/admin/api-keys', { token: admin });
    const listed = list.json.data.find((k: any) => k.attributes.id === res.json.data.id).attributes;
    expect(listed).toMatchObject({ username: 'integratore', description: 'Gestionale', key_prefix: key.slice(0, 8), key_suffix: key.slice(-8) });
    expect(JSON.stringify(list.json)).not.toContain(key);

    const me = await call('GET', '/api/auth/user', { token: key });
    expect(me.json.data.user).toMatchObject({ username: 'integratore', auth_method: 'api_key' });

    const revoke = await call('DELETE', `/api/admin/api-keys/${res.json.data.id}`, { token: admin });
    expect(revoke.json.data.message).toBe('Chiave API revocata con successo');
    expect((await call('GET', '/api/auth/user', { token: key })).status).toBe(401);
    expect((await call('DELETE', `/api/admin/api-keys/${res.json.data.id}`, { token: admin })).status).toBe(404);
  });

  it('requires a user and a description', async () => {
    const noUser = await call('POST', '/api/admin/api-keys', { token: admin, body: { description: 'x' } });
    expect(detail(noUser)).toBe('Seleziona un utente');
    const noDesc = await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: 1, description: ' ' } });
    expect(detail(noDesc)).toBe('Inserisci una descrizione');
    const ghost = await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: 987654, description: 'x' } });
    expect(ghost.status).toBe(404);
  });

  it('reports counts on the dashboard, and counts a new user and key at once', async () => {
    // Prepare
    const before = (await call('GET', '/api/admin/dashboard', { token: admin })).json.data;
    const user = await call('POST', '/api/admin/users', { token: admin, body: { username: 'conteggio.cruscotto', password: 'password-di-prova' } });
    await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: user.json.data.id, description: 'cruscotto' } });
    // Act
    const res = await call('GET', '/api/admin/dashboard', { token: admin });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ total_documents: 0, total_rows: 0, total_patterns: 0 });
    expect(res.json.data.total_users).toBe(before.total_users + 1);
    expect(res.json.data.total_api_keys).toBe(before.total_api_keys + 1);
  });
});

describe('DEI typologies seed', () => {
  it('seeds the default typologies of spec section 3', async () => {
    const res = await call('GET', '/api/tipologie-dei', { token: admin });
    expect(res.json.data.map((t: any) => t.attributes.value)).toEqual([
      'nuove_costruzioni',
      'impianti_elettrici',
      'impianti_tecnologici',
      'ristrutturazione_manutenzione',
      'architettura',
      'regione_umbria',
    ]);
    expect(res.json.data[4].attributes.description).toBe('ARCHITETTURA E INTERIOR DESIGN');
  });
});

describe('texts over their limit are refused, never cut', () => {
  it('API key descriptions, typology descriptions, pattern replacements and notes', async () => {
    const key = await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: 1, description: 'd'.repeat(201) } });
    expect(key.status).toBe(400);
    expect(detail(key)).toBe('La descrizione è troppo lunga: massimo 200 caratteri (inseriti 201).');
    const tipologia = await call('POST', '/api/tipologie-dei', { token: admin, body: { value: 'lunga', description: 'D'.repeat(250) } });
    expect(tipologia.status).toBe(400);
    expect(detail(tipologia)).toBe('La descrizione è troppo lunga: massimo 200 caratteri (inseriti 250).');
    const replacement = await call('POST', '/api/patterns', { token: admin, body: { pattern: '^X-', replacement: 'r'.repeat(201) } });
    expect(replacement.status).toBe(400);
    expect(detail(replacement)).toBe('La sostituzione è troppo lunga: massimo 200 caratteri (inseriti 201).');
    const notes = await call('POST', '/api/patterns', { token: admin, body: { pattern: '^X-', replacement: '', notes: 'n'.repeat(501) } });
    expect(notes.status).toBe(400);
    expect(detail(notes)).toBe('Le note sono troppo lunghe: massimo 500 caratteri (inseriti 501).');
    expect((await call('GET', '/api/patterns', { token: admin })).json.data).toHaveLength(0);
    // At the limit everything is kept whole.
    const whole = await call('POST', '/api/admin/api-keys', { token: admin, body: { user_id: 1, description: 'é'.repeat(200) } });
    expect(whole.status).toBe(201);
    expect(whole.json.data.description).toBe('é'.repeat(200));
    await call('DELETE', `/api/admin/api-keys/${whole.json.data.id}`, { token: admin });
  });
});
