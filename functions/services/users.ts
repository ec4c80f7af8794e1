/** Users and their API keys, sessions and counters: what the admin and auth handlers ask of storage. */
import type { AppContext } from '../config/context.ts';
import type { Role } from '../../shared/domain/roles.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countApiKeys, createApiKey, deleteApiKey, deleteUserApiKeys, listApiKeys, type ApiKeyRecord } from '../storage/repositories/api-keys.ts';
import { countKind } from '../storage/repositories/base.ts';
import { documentStats } from '../storage/repositories/stats.ts';
import { revokeUserSessions } from '../storage/repositories/sessions.ts';
import { countUsers, createUser, deleteUser, listUsers, requireUser, saveUser, toPublicUser, type UserRecord } from '../storage/repositories/users.ts';

export { requireUser, toPublicUser, countUsers, type UserRecord, type ApiKeyRecord };

export const listPublicUsers = async (ctx: AppContext) => (await listUsers(ctx)).map(toPublicUser);

export interface NewUser {
  username: string;
  password: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
}

/** A new user, the password stored as its hash only. */
export async function createAccount(ctx: AppContext, { password, ...fields }: NewUser) {
  return toPublicUser(await createUser(ctx, { ...fields, password_hash: await hashPassword(password) }));
}

/** `before` becomes `after` (with a new password, if given): a new password ends the user's other sessions. */
export async function updateAccount(ctx: AppContext, before: UserRecord, after: Omit<UserRecord, 'password_hash'>, password: string | undefined) {
  const saved = { ...after, password_hash: password ? await hashPassword(password) : before.password_hash };
  await saveUser(ctx, before, saved);
  if (password) await revokeUserSessions(ctx, before.id);
  return toPublicUser(saved);
}

/** The user, their API keys and sessions gone. */
export async function deleteAccount(ctx: AppContext, id: number): Promise<void> {
  const user = await requireUser(ctx, id);
  await deleteUserApiKeys(ctx, id);
  await revokeUserSessions(ctx, id);
  await deleteUser(ctx, user);
}

/** The admin home's counters. */
export async function dashboardCounts(ctx: AppContext) {
  const [users, apiKeys, docs, patterns] = await Promise.all([countUsers(ctx), countApiKeys(ctx), documentStats(ctx), countKind(ctx, 'patterns', 'pattern')]);
  return { users, apiKeys, documents: docs.documents, rows: docs.rows, patterns };
}

/** Every API key with its owner's name (null when the user is gone). */
export async function listApiKeysWithOwners(ctx: AppContext): Promise<Array<{ key: ApiKeyRecord; username: string | null }>> {
  const [keys, users] = await Promise.all([listApiKeys(ctx), listUsers(ctx)]);
  const names = new Map(users.map((u) => [u.id, u.username]));
  return keys.map((key) => ({ key, username: names.get(key.user_id) ?? null }));
}

export { createApiKey, deleteApiKey };
