import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppContext } from '../../config/context.ts';
import type { Role } from '../../../shared/domain/roles.ts';
import { NotFoundError } from '../../errors.ts';
import { claimUnique, countKind, nextId, ownerOfUnique, queryAll, releaseUnique, store } from './base.ts';
import { forgetIdentities } from '../../auth/identity-cache.ts';

export interface UserRecord {
  id: number;
  username: string;
  role: Role;
  access_start: string | null;
  access_end: string | null;
  password_hash: string;
  created_at: string;
}

export type PublicUser = Omit<UserRecord, 'password_hash'>;

const KIND = 'user';
const usernameKey = (username: string) => `username#${username.toLowerCase()}`;
const USERNAME_TAKEN = 'Esiste già un utente con questo username';

export function toPublicUser(user: UserRecord): PublicUser {
  const { id, username, role, access_start, access_end, created_at } = user;
  return { id, username, role, access_start: access_start ?? null, access_end: access_end ?? null, created_at };
}

export async function getUser(ctx: AppContext, id: number): Promise<UserRecord | undefined> {
  const out = await store(ctx).send(new GetCommand({ TableName: ctx.table('users'), Key: { id }, ConsistentRead: true }));
  return out.Item as UserRecord | undefined;
}

export async function requireUser(ctx: AppContext, id: number): Promise<UserRecord> {
  const user = await getUser(ctx, id);
  if (!user) throw new NotFoundError('Utente non trovato');
  return user;
}

export async function findUserByUsername(ctx: AppContext, username: string): Promise<UserRecord | undefined> {
  const id = await ownerOfUnique(ctx, usernameKey(username));
  return id === undefined ? undefined : getUser(ctx, id);
}

export async function listUsers(ctx: AppContext): Promise<UserRecord[]> {
  return queryAll<UserRecord>(ctx, {
    table: 'users',
    IndexName: 'by_kind',
    KeyConditionExpression: 'kind = :k',
    ExpressionAttributeValues: { ':k': KIND },
  });
}

export const countUsers = (ctx: AppContext) => countKind(ctx, 'users', KIND);

export async function createUser(ctx: AppContext, input: Omit<UserRecord, 'id' | 'created_at'>): Promise<UserRecord> {
  const id = await nextId(ctx, 'users');
  await claimUnique(ctx, usernameKey(input.username), id, USERNAME_TAKEN);
  const user: UserRecord = { id, ...input, created_at: ctx.now().toISOString() };
  try {
    await store(ctx).send(new PutCommand({ TableName: ctx.table('users'), Item: { ...user, kind: KIND } }));
  } catch (err) {
    await releaseUnique(ctx, usernameKey(input.username));
    throw err;
  }
  return user;
}

export async function saveUser(ctx: AppContext, before: UserRecord, after: UserRecord): Promise<UserRecord> {
  const renamed = before.username.toLowerCase() !== after.username.toLowerCase();
  if (renamed) await claimUnique(ctx, usernameKey(after.username), after.id, USERNAME_TAKEN);
  await store(ctx).send(new PutCommand({ TableName: ctx.table('users'), Item: { ...after, kind: KIND } }));
  if (renamed) await releaseUnique(ctx, usernameKey(before.username));
  forgetIdentities();
  return after;
}

export async function deleteUser(ctx: AppContext, user: UserRecord): Promise<void> {
  await store(ctx).send(new DeleteCommand({ TableName: ctx.table('users'), Key: { id: user.id } }));
  forgetIdentities();
  await releaseUnique(ctx, usernameKey(user.username));
}
