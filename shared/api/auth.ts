/** Auth (spec 7 "Auth"): functions/handlers/auth.ts. */
import { z } from 'zod';
import { ROLES } from '../domain/roles.ts';
import { envelope, message, requiredText, whenMissing, type RouteContract } from './common.ts';

export const role = z.enum(ROLES);
export const day = z.string().meta({ description: 'Giorno AAAA-MM-GG', example: '2026-01-31' });

/** functions/storage/repositories/users.ts `toPublicUser()`. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  role,
  access_start: day.nullable(),
  access_end: day.nullable(),
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

const exampleUser: PublicUser = { id: 1, username: 'admin', role: 'amministratore', access_start: null, access_end: null, created_at: '2026-01-10T09:00:00.000Z' };

const LOGIN_MISSING = 'Username e password sono obbligatori';
/** The username trimmed; the password as typed (one of spaces alone is missing). */
export const loginBody = z.object({
  username: requiredText(LOGIN_MISSING),
  password: z.string(whenMissing(LOGIN_MISSING)).refine((p) => p.trim().length > 0, LOGIN_MISSING),
});
export const loginResponse = envelope(z.object({ user: publicUser, token: z.string(), expires_at: z.string() }));
export const currentUserResponse = envelope(z.object({ user: publicUser.extend({ auth_method: z.enum(['session', 'api_key']) }) }));
export const logoutResponse = envelope(z.object({ message }));
export type LoginBody = z.infer<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;

export const authRoutes = {
  'POST /api/auth/login': {
    summary: 'Accesso: restituisce il token di sessione e imposta il cookie HttpOnly',
    body: loginBody,
    requestExample: { username: 'mario.rossi', password: 'tetto-di-rame-42' },
    response: loginResponse,
    example: { data: { user: exampleUser, token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2ln', expires_at: '2026-01-10T17:00:00.000Z' } },
    errors: {
      400: 'Username e password sono obbligatori',
      401: 'Credenziali non valide',
      403: 'Accesso non consentito: il periodo di accesso è scaduto o non ancora iniziato',
      429: 'Troppi tentativi di accesso non riusciti. Riprova tra 8 secondi.',
    },
  },
  'GET /api/auth/user': {
    summary: 'L\u2019utente collegato e come si è autenticato',
    response: currentUserResponse,
    example: { data: { user: { ...exampleUser, auth_method: 'session' } } },
  },
  'POST /api/auth/logout': {
    summary: 'Uscita: revoca la sessione e cancella il cookie',
    response: logoutResponse,
    example: { data: { message: 'Logout effettuato' } },
  },
} satisfies Record<string, RouteContract>;
