import { accessStatus } from '../../shared/domain/access.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { newJti, SESSION_SECONDS, signSession } from '../auth/tokens.ts';
import { ACCESS_PERIOD_DETAIL, ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../errors.ts';
import { clearFailures, recordFailure, reserveAttempt } from '../storage/repositories/login-attempts.ts';
import { clientAddress } from '../http/client-address.ts';
import { SESSION_COOKIE } from '../http/middleware.ts';
import { resourceHandler } from '../http/resource.ts';
import { ok } from '../http/respond.ts';
import { requirePrincipal, type Action } from '../http/types.ts';
import { createSession, revokeSession } from '../storage/repositories/sessions.ts';
import { findUserByUsername, requireUser, toPublicUser } from '../storage/repositories/users.ts';

const INVALID_CREDENTIALS = 'Credenziali non valide';
const TOO_MANY_ATTEMPTS = 'Troppi tentativi di accesso non riusciti.';

/** "Troppi tentativi di accesso non riusciti. Riprova tra 8 secondi." (in minutes from one minute up). */
export function tooManyAttemptsMessage(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const m = Math.ceil(s / 60);
  const wait = s < 60 ? (s === 1 ? '1 secondo' : `${s} secondi`) : m === 1 ? '1 minuto' : `${m} minuti`;
  return `${TOO_MANY_ATTEMPTS} Riprova tra ${wait}.`;
}

function sessionCookie(value: string, maxAge: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAge}`, ...(secure ? ['Secure'] : [])].join('; ');
}

const login: Action = async (req, ctx) => {
  const username = typeof req.body.username === 'string' ? req.body.username.trim() : '';
  const password = typeof req.body.password === 'string' ? req.body.password : '';
  if (!username || !password.trim()) throw new ValidationError('Username e password sono obbligatori');
  // Guesses are limited per (username, address): a flood from one place slows down only that
  // place, and the password is not even looked at while it waits.
  const address = clientAddress(req.event, Boolean(ctx.config.behindCloudFront));
  const reservation = await reserveAttempt(ctx, username, address);
  if (!reservation.ok) throw new TooManyRequestsError(tooManyAttemptsMessage(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
  // Usernames have at most 64 characters; a longer one is not looked up (its key could exceed
  // DynamoDB's limit), but still costs a password check like any unknown user.
  const user = username.length <= 256 ? await findUserByUsername(ctx, username) : undefined;
  const valid = await verifyPassword(password, user?.password_hash);
  if (!user || !valid) {
    await recordFailure(ctx, username, address, reservation.attempt);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await clearFailures(ctx, username, address);
  if (accessStatus(user.access_start, user.access_end, ctx.now()) !== 'active') throw new ForbiddenError(ACCESS_PERIOD_DETAIL);

  const jti = newJti();
  const { token, expiresAt } = signSession(
    await ctx.config.signingSecret(),
    { sub: String(user.id), jti, role: user.role, username: user.username },
    ctx.now(),
  );
  await createSession(ctx, { jti, user_id: user.id, expires_at: expiresAt });
  return ok(
    { user: toPublicUser(user), token, expires_at: new Date(expiresAt * 1000).toISOString() },
    undefined,
    200,
    [sessionCookie(token, SESSION_SECONDS, ctx.config.secureCookies)],
  );
};

const currentUser: Action = async (req, ctx) => {
  const principal = requirePrincipal(req);
  const user = await requireUser(ctx, principal.id);
  return ok({ user: { ...toPublicUser(user), auth_method: principal.via } });
};

const logout: Action = async (req, ctx) => {
  const principal = requirePrincipal(req);
  if (principal.jti) await revokeSession(ctx, principal.jti);
  return ok({ message: 'Logout effettuato' }, undefined, 200, [sessionCookie('', 0, ctx.config.secureCookies)]);
};

export const actions = { login, currentUser, logout };
export const handler = resourceHandler(actions);
