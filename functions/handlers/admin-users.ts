import { isValidDay } from '../../shared/domain/access.ts';
import { DEFAULT_ROLE, isRole, type Role } from '../../shared/domain/roles.ts';
import { passwordProblem } from '../../shared/security/passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok } from '../http/respond.ts';
import { idParam } from '../http/validate.ts';
import { requirePrincipal, type Action } from '../http/types.ts';
import { countApiKeys, deleteUserApiKeys } from '../storage/repositories/api-keys.ts';
import { countKind } from '../storage/repositories/base.ts';
import { documentStats } from '../storage/repositories/stats.ts';
import { revokeUserSessions } from '../storage/repositories/sessions.ts';
import { countUsers, createUser, deleteUser, listUsers, requireUser, saveUser, toPublicUser } from '../storage/repositories/users.ts';

const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{2,64}$/u;

function readUsername(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('Username è obbligatorio');
  const username = value.trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw new ValidationError('Username non valido: da 2 a 64 caratteri tra lettere, numeri e . _ @ -');
  }
  return username;
}

/** A new password for `username`, by the shared rule (length, common passwords, not the username). */
function readPassword(value: unknown, required: boolean, username: string): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError('Password è obbligatoria');
    return undefined;
  }
  if (typeof value !== 'string') throw new ValidationError('Password è obbligatoria');
  const problem = passwordProblem(value, username);
  if (problem) throw new ValidationError(problem);
  return value;
}

function readRole(value: unknown, fallback: Role): Role {
  if (value === undefined || value === null || value === '') return fallback;
  if (!isRole(value)) throw new ValidationError('Ruolo non valido');
  return value;
}

function readDay(value: unknown, label: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const day = typeof value === 'string' ? value.trim().slice(0, 10) : '';
  if (!isValidDay(day)) throw new ValidationError(`Data di ${label} non valida`);
  return day;
}

function readAccessWindow(body: Record<string, unknown>) {
  const access_start = readDay(body.access_start, 'inizio accesso');
  const access_end = readDay(body.access_end, 'fine accesso');
  if (access_start && access_end && access_end < access_start) {
    throw new ValidationError('La data di fine accesso non può precedere la data di inizio');
  }
  return { access_start, access_end };
}

async function createFromBody(ctx: AppContext, body: Record<string, unknown>) {
  const username = readUsername(body.username);
  const password = readPassword(body.password, true, username)!;
  const role = readRole(body.role, DEFAULT_ROLE);
  const user = await createUser(ctx, { username, role, ...readAccessWindow(body), password_hash: await hashPassword(password) });
  return toPublicUser(user);
}

const list_: Action = async (_req, ctx) => {
  const users = (await listUsers(ctx)).map(toPublicUser);
  return list('users', users);
};

const create: Action = async (req, ctx) => {
  const user = await createFromBody(ctx, req.body);
  return created(user, { message: `Utente ${user.username} creato con successo` });
};

/** POST /register and /api/register: the same creation, admin only. */
const register: Action = async (req, ctx) => {
  const user = await createFromBody(ctx, req.body);
  return created({ user, message: `Utente ${user.username} creato con successo` });
};

const update: Action = async (req, ctx) => {
  const id = idParam(req.params);
  const caller = requirePrincipal(req);
  const before = await requireUser(ctx, id);
  const body = req.body;
  const role = readRole(body.role, before.role);
  if (caller.id === id && role !== 'amministratore') {
    throw new ValidationError('Non puoi rimuovere il ruolo di amministratore al tuo stesso utente');
  }
  const username = body.username === undefined ? before.username : readUsername(body.username);
  const password = readPassword(body.password, false, username);
  const window = 'access_start' in body || 'access_end' in body
    ? readAccessWindow({ access_start: before.access_start, access_end: before.access_end, ...body })
    : { access_start: before.access_start, access_end: before.access_end };
  const after = {
    ...before,
    username,
    role,
    ...window,
    password_hash: password ? await hashPassword(password) : before.password_hash,
  };
  await saveUser(ctx, before, after);
  // A new password or a closed window ends the user's other sessions.
  if (password) await revokeUserSessions(ctx, id);
  return ok(toPublicUser(after), { message: 'Utente aggiornato con successo' });
};

const remove: Action = async (req, ctx) => {
  const id = idParam(req.params);
  if (requirePrincipal(req).id === id) throw new ValidationError('Non puoi eliminare il tuo stesso utente');
  const user = await requireUser(ctx, id);
  await deleteUserApiKeys(ctx, id);
  await revokeUserSessions(ctx, id);
  await deleteUser(ctx, user);
  return ok({ id, message: 'Utente eliminato con successo' });
};

const dashboard: Action = async (_req, ctx) => {
  const [total_users, total_api_keys, docs, total_patterns] = await Promise.all([
    countUsers(ctx),
    countApiKeys(ctx),
    documentStats(ctx),
    countKind(ctx, 'patterns', 'pattern'),
  ]);
  return ok({
    total_users,
    total_api_keys,
    total_documents: docs.documents,
    total_rows: docs.rows,
    total_patterns,
    // Names the home page reads its counters by.
    documents: docs.documents,
    rows: docs.rows,
    patterns: total_patterns,
    users: total_users,
  });
};

export const actions = { list: list_, create, register, update, remove, dashboard };
export const handler = resourceHandler(actions);
