/** Admin: users, dashboard, API keys (functions/handlers/admin-users.ts, api-keys.ts). */
import { z } from 'zod';
import { day, publicUser, role, type PublicUser } from './auth.ts';
import { PASSWORD_IS_USERNAME, PASSWORD_RULE, PASSWORD_TOO_SHORT, passwordProblem } from '../security/passwords.ts';
import { isValidDay } from '../domain/access.ts';
import { deleted, envelope, idPath, listOf, message, requiredText, whenMissing, type RouteContract } from './common.ts';

const USERNAME_REQUIRED = 'Username è obbligatorio';
const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{2,64}$/u;
const PASSWORD_REQUIRED = 'Password è obbligatoria';
export const ACCESS_WINDOW_INVERTED = 'La data di fine accesso non può precedere la data di inizio';

/** A username, trimmed: 2 to 64 letters, digits and . _ @ -. */
const username = requiredText(USERNAME_REQUIRED).regex(USERNAME_PATTERN, 'Username non valido: da 2 a 64 caratteri tra lettere, numeri e . _ @ -');

/** A new password by the shared rule (length, common passwords); "not the username" is checked with the username it goes with. */
const passwordRule = (password: string, ctx: z.core.$RefinementCtx<string>) => {
  const problem = passwordProblem(password, '');
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** An access day (AAAA-MM-GG; a timestamp keeps its day); null or '' clears it. */
const accessDay = (label: string) =>
  day
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      const date = value.trim().slice(0, 10);
      if (!isValidDay(date)) ctx.addIssue({ code: 'custom', message: `Data di ${label} non valida` });
      return date;
    });

/** The access window's two ends in order (either may be open). */
export const windowInverted = (start: string | null | undefined, end: string | null | undefined) => Boolean(start && end && end < start);

const userFields = {
  username,
  password: z.string(whenMissing(PASSWORD_REQUIRED)).min(1, PASSWORD_REQUIRED).superRefine(passwordRule).meta({ description: PASSWORD_RULE }),
  /** '' or absent: the default role (create) or the role the user has (edit). */
  role: z
    .union([role, z.literal('')], { error: 'Ruolo non valido' })
    .optional()
    .transform((r) => r || undefined),
  access_start: accessDay('inizio accesso'),
  access_end: accessDay('fine accesso'),
};

/** Create: username and password required; the password is not the username, the window in order. */
export const userBody = z.object(userFields).transform((body, ctx) => {
  if (passwordProblem(body.password, body.username)) ctx.addIssue({ code: 'custom', message: PASSWORD_IS_USERNAME });
  else if (windowInverted(body.access_start, body.access_end)) ctx.addIssue({ code: 'custom', message: ACCESS_WINDOW_INVERTED });
  return { ...body, access_start: body.access_start ?? null, access_end: body.access_end ?? null };
});
/** Edit: every field partial, a password '' is no change; the checks against the stored user are the handler's. */
export const userUpdateBody = z.object({
  ...userFields,
  username: username.optional(),
  password: z
    .string()
    .optional()
    .transform((p) => p || undefined)
    .pipe(z.string().superRefine(passwordRule).optional())
    .meta({ description: PASSWORD_RULE }),
});
export type UserBody = z.infer<typeof userBody>;

export const usersList = listOf('users', publicUser);
export const userCreated = envelope(publicUser, z.object({ message }));
export const registerResponse = envelope(z.object({ user: publicUser, message }));
export const dashboardResponse = envelope(
  z.object({
    total_users: z.number().int(),
    total_api_keys: z.number().int(),
    total_documents: z.number().int(),
    total_rows: z.number().int(),
    total_patterns: z.number().int(),
    documents: z.number().int(),
    rows: z.number().int(),
    patterns: z.number().int(),
    users: z.number().int(),
  }),
);

/** functions/handlers/api-keys.ts `present()`: never the key itself, except once at creation. */
export const apiKey = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  description: z.string(),
  key_prefix: z.string(),
  key_suffix: z.string(),
  key_masked: z.string(),
  created_at: z.string(),
});
export const apiKeysList = listOf('api_keys', apiKey);
export const apiKeyBody = z.object({ user_id: z.union([z.number().int(), z.string()], whenMissing('Seleziona un utente')), description: z.string(whenMissing('Inserisci una descrizione')) });
export const apiKeyCreated = envelope(apiKey.extend({ key: z.string() }), z.object({ message }));
export type ApiKey = z.infer<typeof apiKey>;

const user: PublicUser = { id: 7, username: 'mario.rossi', role: 'redattore', access_start: '2026-01-01', access_end: null, created_at: '2026-01-10T09:00:00.000Z' };
const key = { id: 3, user_id: 7, username: 'mario.rossi', description: 'Gestionale ufficio tecnico', key_prefix: 'ck_ab12', key_suffix: 'z9', key_masked: 'ck_ab12••••••••z9', created_at: '2026-01-10T09:00:00.000Z' };
const registerContract = {
  summary: 'Crea un utente (come POST /api/admin/users)',
  body: userBody,
  bodyType: 'json-or-multipart',
  status: 201,
  response: registerResponse,
  requestExample: { username: 'mario.rossi', password: 'tetto-di-rame-42', role: 'redattore' },
  example: { data: { user, message: 'Utente mario.rossi creato con successo' } },
  errors: { 400: PASSWORD_TOO_SHORT, 409: 'Esiste già un utente con questo username' },
} satisfies RouteContract;

export const adminRoutes = {
  'POST /register': registerContract,
  'POST /api/register': registerContract,
  'GET /api/admin/dashboard': {
    summary: 'Contatori del pannello di amministrazione',
    response: dashboardResponse,
    example: { data: { total_users: 3, total_api_keys: 1, total_documents: 12, total_rows: 840, total_patterns: 2, documents: 12, rows: 840, patterns: 2, users: 3 } },
  },
  'GET /api/admin/users': {
    summary: 'Elenco degli utenti',
    response: usersList,
    example: { data: [{ id: '7', type: 'users', attributes: user }], meta: { 'total-count': 1 } },
  },
  'POST /api/admin/users': {
    summary: 'Crea un utente',
    body: userBody,
    status: 201,
    response: userCreated,
    requestExample: { username: 'mario.rossi', password: 'tetto-di-rame-42', role: 'redattore', access_start: '2026-01-01' },
    example: { data: user, meta: { message: 'Utente mario.rossi creato con successo' } },
    errors: { 400: 'Username non valido: da 2 a 64 caratteri tra lettere, numeri e . _ @ -', 409: 'Esiste già un utente con questo username' },
  },
  'PUT /api/admin/users/{id}': {
    summary: 'Modifica un utente (campi parziali); una nuova password chiude le sue sessioni',
    params: idPath,
    body: userUpdateBody,
    response: userCreated,
    requestExample: { access_end: '2026-12-31' },
    example: { data: { ...user, access_end: '2026-12-31' }, meta: { message: 'Utente aggiornato con successo' } },
    errors: { 400: 'La data di fine accesso non può precedere la data di inizio', 404: 'Utente non trovato', 409: 'Esiste già un utente con questo username' },
  },
  'DELETE /api/admin/users/{id}': {
    summary: 'Elimina un utente, le sue chiavi API e le sue sessioni',
    params: idPath,
    response: deleted,
    example: { data: { id: 7, message: 'Utente eliminato con successo' } },
    errors: { 400: 'Non puoi eliminare il tuo stesso utente', 404: 'Utente non trovato' },
  },
  'GET /api/admin/api-keys': {
    summary: 'Elenco delle chiavi API (mascherate)',
    response: apiKeysList,
    example: { data: [{ id: '3', type: 'api_keys', attributes: key }], meta: { 'total-count': 1 } },
  },
  'POST /api/admin/api-keys': {
    summary: 'Genera una chiave API per un utente: la chiave intera compare solo in questa risposta',
    body: apiKeyBody,
    status: 201,
    response: apiKeyCreated,
    requestExample: { user_id: 7, description: 'Gestionale ufficio tecnico' },
    example: { data: { ...key, key: 'ck_ab12c3d4e5f6g7h8i9z9' }, meta: { message: 'Chiave API generata con successo' } },
    errors: { 400: 'Seleziona un utente', 404: 'Utente non trovato' },
  },
  'DELETE /api/admin/api-keys/{id}': {
    summary: 'Revoca una chiave API',
    params: idPath,
    response: deleted,
    example: { data: { id: 3, message: 'Chiave API revocata con successo' } },
  },
} satisfies Record<string, RouteContract>;
