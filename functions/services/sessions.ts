/** Sign-in and sessions: the attempts limit, the password check, the session kept until logout. */
import type { AppContext } from '../config/context.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { TooManyRequestsError, UnauthorizedError } from '../errors.ts';
import { clearFailures, recordFailure, reserveAttempt } from '../storage/repositories/login-attempts.ts';
import { findUserByUsername, type UserRecord } from '../storage/repositories/users.ts';

/** What the auth middleware reads to know who calls (a session, an API key, the user behind it). */
export { createSession, findSession, revokeSession, sessionIsActive } from '../storage/repositories/sessions.ts';
export { findApiKeyByHash } from '../storage/repositories/api-keys.ts';
export { getUser } from '../storage/repositories/users.ts';

const INVALID_CREDENTIALS = 'Credenziali non valide';
const TOO_MANY_ATTEMPTS = 'Troppi tentativi di accesso non riusciti.';

/** "Troppi tentativi di accesso non riusciti. Riprova tra 8 secondi." (in minutes from one minute up). */
export function tooManyAttemptsMessage(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const m = Math.ceil(s / 60);
  const wait = s < 60 ? (s === 1 ? '1 secondo' : `${s} secondi`) : m === 1 ? '1 minuto' : `${m} minuti`;
  return `${TOO_MANY_ATTEMPTS} Riprova tra ${wait}.`;
}

/**
 * The user whose password this is, else 401 (429 while the guesses from `address` wait).
 * Guesses are limited per (username, address): a flood from one place slows down only that
 * place, and the password is not even looked at while it waits.
 */
export async function checkCredentials(ctx: AppContext, username: string, password: string, address: string): Promise<UserRecord> {
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
  return user;
}
