import { ACCESS_WINDOW_INVERTED, windowInverted } from '../../shared/api/admin.ts';
import { DEFAULT_ROLE } from '../../shared/domain/roles.ts';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/security/passwords.ts';
import type { AppContext } from '../config/context.ts';
import { ValidationError } from '../errors.ts';
import { resourceHandler } from '../http/resource.ts';
import { created, list, ok } from '../http/respond.ts';
import { defineRoute, requirePrincipal, type InputOf } from '../http/types.ts';
import { createAccount, dashboardCounts, deleteAccount, listPublicUsers, requireUser, updateAccount } from '../services/users.ts';

/** A user as created by POST /api/admin/users, /register and /api/register (one contract body, checked there). */
async function createFromBody(ctx: AppContext, body: InputOf<'POST /api/admin/users'>['body']) {
  return createAccount(ctx, { ...body, role: body.role ?? DEFAULT_ROLE });
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
  const role = body.role ?? before.role;
  // Hand check: who calls.
  if (caller.id === id && role !== 'amministratore') {
    throw new ValidationError('Non puoi rimuovere il ruolo di amministratore al tuo stesso utente');
  }
  const username = body.username ?? before.username;
  // Hand check: "not the username" needs the stored username when the edit sends none.
  if (body.password !== undefined && passwordProblem(body.password, username)) throw new ValidationError(PASSWORD_IS_USERNAME);
  // Hand check: an edit moves one end of the window the stored user has.
  const window = { access_start: body.access_start === undefined ? before.access_start : body.access_start, access_end: body.access_end === undefined ? before.access_end : body.access_end };
  if (windowInverted(window.access_start, window.access_end)) throw new ValidationError(ACCESS_WINDOW_INVERTED);
  const after = await updateAccount(ctx, before, { ...before, username, role, ...window }, body.password);
  return ok(after, { message: 'Utente aggiornato con successo' });
});

const remove = defineRoute('DELETE /api/admin/users/{id}', async (req, ctx) => {
  const id = req.params.id;
  // Hand check: who calls.
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
