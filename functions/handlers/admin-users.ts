import { isValidDay } from '../../shared/domain/access.ts';
import { DEFAULT_ROLE, isRole, type Role } from '../../shared/domain/roles.ts';
import { passwordProblem } from '../../shared/security/passwords.ts';
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal, type InputOf } from '../http/types.ts';
import { createAccount, dashboardCounts, deleteAccount, listPublicUsers, requireUser, updateAccount } from '../services/users.ts';

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

function readAccessWindow(body: { access_start?: string | null; access_end?: string | null }) {
  const access_start = readDay(body.access_start, 'inizio accesso');
  const access_end = readDay(body.access_end, 'fine accesso');
  if (access_start && access_end && access_end < access_start) {
    throw new ValidationError('La data di fine accesso non può precedere la data di inizio');
  }
  return { access_start, access_end };
}

/** A user as created by POST /api/admin/users, /register and /api/register (one contract body). */
async function createFromBody(ctx: AppContext, body: InputOf<'POST /api/admin/users'>['body']) {
  const username = readUsername(body.username);
  const password = readPassword(body.password, true, username)!;
  const role = readRole(body.role, DEFAULT_ROLE);
  return createAccount(ctx, { username, password, role, ...readAccessWindow(body) });
}

const list_ = defineRoute('GET /api/admin/users', async (_req, ctx) => {
  return list('users', await listPublicUsers(ctx));
});

const create = defineRoute('POST /api/admin/users', async (req, ctx) => {
  const user = await createFromBody(ctx, req.body);
  return created(user, { message: `Utente ${user.username} creato con successo` });
});

/** POST /register and /api/register: the same creation, admin only. */
const register = defineRoute(['POST /register', 'POST /api/register'], async (req, ctx) => {
  const user = await createFromBody(ctx, req.body);
  return created({ user, message: `Utente ${user.username} creato con successo` });
});

const update = defineRoute('PUT /api/admin/users/{id}', async (req, ctx) => {
  const id = req.params.id;
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
  const after = await updateAccount(ctx, before, { ...before, username, role, ...window }, password);
  return ok(after, { message: 'Utente aggiornato con successo' });
});

const remove = defineRoute('DELETE /api/admin/users/{id}', async (req, ctx) => {
  const id = req.params.id;
  if (requirePrincipal(req).id === id) throw new ValidationError('Non puoi eliminare il tuo stesso utente');
  await deleteAccount(ctx, id);
  return ok({ id, message: 'Utente eliminato con successo' });
});

const dashboard = defineRoute('GET /api/admin/dashboard', async (_req, ctx) => {
  const counts = await dashboardCounts(ctx);
  return ok({
    total_users: counts.users,
    total_api_keys: counts.apiKeys,
    total_documents: counts.documents,
    total_rows: counts.rows,
    total_patterns: counts.patterns,
    // Names the home page reads its counters by.
    documents: counts.documents,
    rows: counts.rows,
    patterns: counts.patterns,
    users: counts.users,
  });
});

export const actions = { list: list_, create, register, update, remove, dashboard };
export const handler = resourceHandler(actions);
